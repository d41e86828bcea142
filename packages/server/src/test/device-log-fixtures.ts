import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { REPORT_INTERVAL_MAX_S } from '@vigil/contracts';
import { connect, type NatsConnection, type StoredMsg } from 'nats';
import pg from 'pg';
import { partitionOf } from '../ingest/device-log/partitions.ts';
import { testDeviceKeys } from './device-keys.ts';
import { freshPostgres } from './harness.ts';
import { startVigilProcess, type VigilProcess } from './processes.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
export const TEST_MOSQUITTO = process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
const NATS = process.env.TEST_NATS_URL?.trim() || 'nats://127.0.0.1:4222';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the check holds; fails naming what it waited for, and what `detail` tells of the state then. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, detail?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  assert.fail(`timed out waiting until ${what}${detail ? `: ${await detail()}` : ''}`);
}

/**
 * Vigil processes with the device log (issue 26) on a PostgreSQL database of their own, the local
 * Redis, the shared Mosquitto and a NATS stream of their own. Both processes hear every device topic
 * on the shared Mosquitto, so other tests' devices are appended to the stream too: read your own
 * devices' messages, never the stream's tail or a process's counters as if they were yours alone.
 */
export interface DeviceLogCluster {
  /** This run's unique suffix (stream, bus channel, client IDs). */
  unique: string;
  stream: string;
  /** The Redis channel of the event bus between the processes. */
  channel: string;
  partitions: number;
  admin: pg.Client;
  /** The demo care home's provider (`demotwoa`). */
  providerId: number;
  /** Starts another process on the same settings (a killed one comes back). */
  start(): Promise<VigilProcess>;
  /** Partition → the process holding its live lease (owner names carry the pid). */
  owners(): Promise<Map<number, VigilProcess>>;
  /** How many partitions each running process holds now (0 for one that holds none). */
  shares(): Promise<Map<VigilProcess, number>>;
  /** Fresh device IDs whose partitions `owner` holds, so a message sent to another process must cross the log. */
  idsOwnedBy(owner: VigilProcess, count: number, prefix: string, id?: () => string): Promise<string[]>;
  /** The log's last sequence now. */
  lastSeq(): Promise<number>;
  /** The device's messages appended after `afterSeq`. */
  logMessagesOf(deviceId: string, afterSeq: number): Promise<StoredMsg[]>;
  /** Stops every process started (killed ones are gone already), removes the stream, drops the database. */
  close(): Promise<void>;
}

/** Starts `processes` Vigil processes (the first seeds the demo care home) and waits until they share the partitions equally. */
export async function startDeviceLogCluster(options: { partitions: number; processes: number; env?: Record<string, string> }): Promise<{ cluster: DeviceLogCluster; processes: VigilProcess[] }> {
  const database = await freshPostgres(POSTGRES);
  const unique = crypto.randomBytes(6).toString('hex');
  const stream = `VIGIL_TEST_${unique}`;
  const channel = `vigil:test:${unique}`;
  const env = {
    DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: channel, MQTT_URL: TEST_MOSQUITTO,
    NATS_URL: NATS, NATS_STREAM: stream, DEVICE_LOG_PARTITIONS: String(options.partitions), ...options.env,
  };
  const started: VigilProcess[] = [];
  const start = async (seed = false) => {
    const vigil = await startVigilProcess(seed ? { ...env, VIGIL_TEST_SEED: '1' } : env);
    started.push(vigil);
    return vigil;
  };
  const processes = [await start(true)];
  while (processes.length < options.processes) processes.push(await start());
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const nats: NatsConnection = await connect({ servers: NATS });
  const providerId = (await admin.query<{ id: number }>(`select provider_id as id from accounts where user_name = 'demotwoa'`)).rows[0].id;
  const running = () => started.filter((vigil) => vigil.child.exitCode === null && vigil.child.signalCode === null);

  const owners = async () => {
    const rows = (await admin.query<{ partition: number; owner: string }>(`select partition, owner from device_log_partitions where stream = $1 and owner is not null and lease_until > $2`, [stream, Date.now()])).rows;
    const map = new Map<number, VigilProcess>();
    for (const row of rows) {
      const vigil = started.find((candidate) => row.owner.includes(`-${candidate.child.pid}-`));
      if (vigil) map.set(row.partition, vigil);
    }
    return map;
  };
  const shares = async () => {
    const held = [...(await owners()).values()];
    return new Map(running().map((vigil) => [vigil, held.filter((owner) => owner === vigil).length]));
  };
  const lastSeq = async () => (await (await nats.jetstreamManager()).streams.info(stream)).state.last_seq;

  const cluster: DeviceLogCluster = {
    unique, stream, channel, partitions: options.partitions, admin, providerId,
    start: () => start(),
    owners,
    shares,
    async idsOwnedBy(owner, count, prefix, id = () => `${prefix}-${crypto.randomBytes(5).toString('hex')}`) {
      const map = await owners();
      const ids: string[] = [];
      while (ids.length < count) {
        const deviceId = id();
        if (map.get(partitionOf(deviceId, options.partitions)) === owner) ids.push(deviceId);
      }
      return ids;
    },
    lastSeq,
    async logMessagesOf(deviceId, afterSeq) {
      const manager = await nats.jetstreamManager();
      const found: StoredMsg[] = [];
      for (let seq = afterSeq + 1, last = await lastSeq(); seq <= last; seq++) {
        const message = await manager.streams.getMessage(stream, { seq }).catch(() => null);
        if (message?.header.get('Vigil-Device') === deviceId) found.push(message);
      }
      return found;
    },
    async close() {
      await admin.end();
      for (const vigil of running()) await vigil.stop();
      // The stream is this run's own: removed, so runs leave nothing on the NATS server.
      await (await nats.jetstreamManager()).streams.delete(stream).catch(() => false);
      await nats.close();
      await database.drop();
    },
  };
  await waitFor('the partitions are shared out equally', async () => [...(await shares()).values()].every((count) => count === options.partitions / options.processes), 20_000);
  return { cluster, processes };
}

/**
 * Registers devices of one type in the demo care home, each with a device key (the plain key is
 * answered for HTTP posts) and optionally an IMEI (NB-IoT devices the carrier names by it). They
 * report every REPORT_INTERVAL_MAX_S as far as supervision knows, so none goes offline for silence
 * (an alarm of its own) while a test runs: a device that went quiet after its test did, mid-storm.
 */
export async function insertLogDevices(cluster: DeviceLogCluster, deviceIds: string[], deviceType: number, options: { imeiOf?: (deviceId: string) => string } = {}): Promise<{ deviceId: string; key: string }[]> {
  const devices = deviceIds.map((deviceId) => ({ deviceId, key: crypto.randomBytes(12).toString('hex') }));
  const time = Date.now();
  await cluster.admin.query(
    `insert into devices (device_id, cipher_id, device_type, device_key, imei, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
     select id, 'C' || id, $4, key, imei, $5, 'none', 0, '', $7, '', $6, $6 from unnest($1::text[], $2::text[], $3::text[]) as t(id, key, imei)`,
    [
      devices.map((device) => device.deviceId), devices.map((device) => testDeviceKeys.seal(device.key)), devices.map((device) => options.imeiOf?.(device.deviceId) ?? null),
      deviceType, cluster.providerId, time, JSON.stringify({ reportInterval: REPORT_INTERVAL_MAX_S }),
    ],
  );
  return devices;
}
