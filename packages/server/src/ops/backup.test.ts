import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import tar from 'tar-stream';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { freshPostgres, startTestServer, type TestServer } from '../test/harness.ts';
import { homeDevice } from '../test/device-fixtures.ts';
import { connectDevice, eventually } from '../ingest/ingest-fixtures.ts';
import { BackupError, createBackup, listScheduledBackups, restoreBackup, scheduledBackupName, verifyBackup } from './backup.ts';

/** Copies an archive, letting `change` rewrite entries (by name) on the way: a damaged or foreign archive. */
async function rewriteArchive(source: string, destination: string, change: (name: string, bytes: Buffer) => Buffer): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const reading = pipeline(fs.createReadStream(source), zlib.createGunzip(), extract);
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(destination));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    pack.entry({ name: entry.header.name }, change(entry.header.name, Buffer.concat(chunks)));
  }
  await reading;
  pack.finalize();
  await writing;
}

function loginCipher(publicKeyPem: string, password: string): string {
  return crypto.publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
}

describe('backup and restore', () => {
  let server: TestServer;
  let restored: TestServer | null = null;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-backup-test-'));
  // The device-key secret of the data dir (keys/device-key.secret), as an installation keeps it: it must travel.
  const dataDirSecret = { VIGIL_DEVICE_KEY_SECRET: '' };
  before(async () => {
    server = await startTestServer({ demo: true, env: dataDirSecret });
  });
  after(async () => {
    await restored?.close();
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('a backup taken while a device sends data restores into a Vigil that answers the same reads, logins and device keys', async () => {
    const vendor = (await server.login('demosenior')).token;
    const home = (await server.login('demotwoa')).token;
    const monitor = await homeDevice(server, vendor, home, 20993);
    const key = (await server.call(api.getDevice, { id: monitor.id }, { token: vendor })).data.deviceKey;
    assert.ok(key);
    // At rest the key is sealed with the data dir's secret, not stored as it is.
    const stored = await server.vigil.database.db.selectFrom('devices').select('device_key').where('id', '=', monitor.id).executeTakeFirstOrThrow();
    assert.ok(!stored.device_key.includes(key) && stored.device_key.startsWith('vk1.'));
    assert.ok(fs.existsSync(path.join(server.dataDir, 'keys', 'device-key.secret')));
    const publicKey = (await server.call(api.publicKey, {})).data.publicKey;
    const client = await connectDevice(`mqtt://127.0.0.1:${server.vigil.mqttPort}`, { deviceId: monitor.deviceId, key });
    await client.publishAsync(api.deviceTopic(monitor.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'sos', status: 1 }), { qos: 1 });
    const alarmsOf = async (test: TestServer, token: string) => (await test.call(api.alarmLogList, { pageSize: 50 }, { token })).data;
    await eventually(async () => (await alarmsOf(server, home)).rows.some((alarm) => alarm.deviceId === monitor.deviceId), 'the SOS alarm');
    const reads = async (test: TestServer, token: string) => ({
      residents: (await test.call(api.userList, { pageSize: 50 }, { token })).data,
      alarms: await alarmsOf(test, token),
      reports: (await test.call(api.getDailyReportPageList, { pageSize: 50 }, { token })).data,
      device: (await test.call(api.getDevice, { id: monitor.id }, { token })).data.deviceId,
    });
    const before = await reads(server, home);
    assert.ok(before.residents.total > 0 && before.alarms.total > 0);

    // Telemetry keeps arriving over MQTT while the backup runs.
    let sent = 0;
    const sending = setInterval(() => {
      const t = Date.now();
      sent += 1;
      void client.publishAsync(api.deviceTopic(monitor.deviceId, 'telemetry'), JSON.stringify({ ts: t, samples: [{ t, hr: 60, rr: 14, move: 0, bed: 'in', state: 'light' }] }), { qos: 1 });
    }, 10);
    const file = path.join(work, 'vigil.tar.gz');
    let result;
    try {
      result = await createBackup({ dataDir: server.dataDir, databaseUrl: server.databaseUrl, s3: null }, file);
    } finally {
      clearInterval(sending);
      await client.endAsync();
    }
    assert.ok(sent > 0);
    const { manifest } = result;
    assert.equal(manifest.database.dialect, server.dialect);
    assert.match(manifest.migration.level ?? '', /^\d{3}-/);
    const names = manifest.files.map((entry) => entry.path);
    // Every file of the data dir travels (keys/ where an installation keeps its secrets as files;
    // secrets kept in the database travel with the database part): the RSA login below proves it.
    const onDisk = (fs.readdirSync(server.dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile() && !/^vigil\.db(-wal|-shm|-journal)?$/.test(entry.name))
      .map((entry) => `files/${path.relative(server.dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
    for (const file of onDisk) assert.ok(names.includes(file), `${file} is in the archive`);
    assert.ok(names.includes('files/keys/device-key.secret'), 'the device-key secret travels (the keys in the database open with it only)');
    // The RSA key pair and the secrets are in the database (issue 26: shared by every process), so they travel with its part.
    assert.ok(names.some((name) => name.startsWith('database/')), 'the database part');
    assert.ok(manifest.files.every((entry) => /^[0-9a-f]{64}$/.test(entry.sha256)));
    assert.equal((await verifyBackup(file)).createdAt, manifest.createdAt);

    // Into an empty data dir (and a new, empty PostgreSQL database).
    const dataDir = path.join(work, 'restored');
    const postgres = server.databaseUrl ? await freshPostgres(process.env.DATABASE_URL!) : null;
    await restoreBackup({ dataDir, databaseUrl: postgres?.url ?? null, s3: null }, file);
    // What is restored (the database file, keys, the device-key secret) is readable by Vigil's user only.
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
      const full = path.join(entry.parentPath, entry.name);
      if (entry.isFile()) assert.equal(fs.statSync(full).mode & 0o077, 0, `${full} is private`);
    }
    restored = await startTestServer({ existing: { dataDir, postgres }, env: dataDirSecret });
    const home2 = (await restored.login('demotwoa')).token;
    assert.deepEqual(await reads(restored, home2), before);
    // The RSA key pair came along: a password encrypted with the original's public key logs in.
    const rsaLogin = await restored.call(api.login, { userName: 'demosenior', passWord: loginCipher(publicKey, DEMO_PASSWORD), from: 'PC', rsa: true });
    assert.equal(rsaLogin.status, api.Status.OK, rsaLogin.msg);
    // The device connects with its key and its data is stored.
    const again = await connectDevice(`mqtt://127.0.0.1:${restored.vigil.mqttPort}`, { deviceId: monitor.deviceId, key });
    const t = Date.now();
    await again.publishAsync(api.deviceTopic(monitor.deviceId, 'telemetry'), JSON.stringify({ ts: t, samples: [{ t, hr: 71, rr: 15, move: 0, bed: 'in', state: 'light' }] }), { qos: 1 });
    await again.endAsync();
    await eventually(async () => (await restored!.vigil.telemetry.read(monitor.deviceId, t, t + 1000)).some((sample) => sample.hr === 71), 'telemetry on the restored Vigil');

    // Refusals, each before anything is written.
    // (On PostgreSQL the restored data dir may hold nothing at all: everything lives in the database.)
    const occupied = path.join(work, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'vigil.db'), 'someone else\'s data');
    await assert.rejects(restoreBackup({ dataDir: occupied, databaseUrl: null, s3: null }, file), (error: Error) => error instanceof BackupError && /data dir .* is not empty/.test(error.message));
    assert.equal(fs.readFileSync(path.join(occupied, 'vigil.db'), 'utf8'), 'someone else\'s data');
    if (postgres) {
      const emptyDir = path.join(work, 'empty');
      await assert.rejects(restoreBackup({ dataDir: emptyDir, databaseUrl: postgres.url, s3: null }, file), /database of DATABASE_URL is not empty/);
      assert.equal(fs.existsSync(emptyDir), false);
    }
    const damaged = path.join(work, 'damaged.tar.gz');
    const databaseEntry = server.dialect === 'sqlite' ? 'database/vigil.db' : 'database/vigil.pgdump';
    await rewriteArchive(file, damaged, (name, bytes) => {
      if (name !== databaseEntry) return bytes;
      const changed = Buffer.from(bytes);
      changed[changed.length - 1] ^= 0xff;
      return changed;
    });
    const target = { dataDir: path.join(work, 'never'), databaseUrl: null, s3: null };
    await assert.rejects(restoreBackup(target, damaged), /checksum check failed: database\/vigil\.(db|pgdump) .* does not match its SHA-256/);
    const newer = path.join(work, 'newer.tar.gz');
    await rewriteArchive(file, newer, (name, bytes) => {
      if (name !== 'manifest.json') return bytes;
      const changed = JSON.parse(bytes.toString());
      changed.migration.applied.push('999-from-the-future');
      changed.migration.level = '999-from-the-future';
      return Buffer.from(JSON.stringify(changed));
    });
    await assert.rejects(restoreBackup(target, newer), /comes from a newer Vigil .* migration level 999-from-the-future/);
    fs.writeFileSync(path.join(work, 'cut.tar.gz'), fs.readFileSync(file).subarray(0, 2000));
    await assert.rejects(restoreBackup(target, path.join(work, 'cut.tar.gz')), /not a readable Vigil backup/);
    assert.equal(fs.existsSync(target.dataDir), false, 'a refused restore leaves nothing behind');
  });

  test('the scheduled backup writes into BACKUP_DIR, keeps BACKUP_KEEP and reports its last success', async () => {
    const dir = path.join(work, 'scheduled');
    fs.mkdirSync(dir);
    for (const day of [1, 2, 3]) fs.writeFileSync(path.join(dir, scheduledBackupName(Date.UTC(2026, 0, day, 2, 30))), 'old');
    const { backupJob } = await import('./backup.ts');
    const { createMetrics } = await import('./metrics.ts');
    const metrics = createMetrics();
    const jobs: string[] = [];
    const job = backupJob({
      config: { dataDir: server.dataDir, databaseUrl: server.databaseUrl, s3: null, backup: { dir, keep: 2, at: '02:30' } },
      metrics,
      scheduler: { registerJob: (definition: { name: string }) => void jobs.push(definition.name) } as never,
      log: { info: () => {}, error: () => {} },
    });
    assert.deepEqual(jobs, ['backup']);
    const written = await job.runOnce(Date.now());
    assert.ok(written);
    const kept = listScheduledBackups(dir).map((entry) => entry.name);
    assert.deepEqual(kept, [scheduledBackupName(Date.UTC(2026, 0, 3, 2, 30)), path.basename(written.file)]);
    const text = await metrics.render();
    const last = Number(/^vigil_backup_last_success_timestamp_seconds (\d+)/m.exec(text)?.[1]);
    assert.ok(Math.abs(last - Date.now() / 1000) < 60, text);
  });
});
