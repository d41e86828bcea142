/**
 * Paced firmware rollout benchmark: 1,000 simulated sleep monitors (the simulator package,
 * over Vigil's embedded MQTT broker, downloading over HTTP with the signed link and checking
 * MD5) take a full release. Prints how long the whole fleet took, the most devices seen
 * upgrading at once (never above the batch: a care home never loses every monitor at once),
 * and the failures. FIRMWARE_ROLLOUT_BATCH sets the pace (the bench defaults to 50; the
 * product's default is 5). BENCH_DEVICES overrides the fleet size. Prints figures; asserts nothing.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startSimulation } from '@vigil/simulator';
import { startTestServer } from '../src/test/harness.ts';
import { buildZip } from '../src/test/zip-builder.ts';

const TYPE = 49; // BM8701 sleep monitor, an MQTT device
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const BATCH = process.env.FIRMWARE_ROLLOUT_BATCH ?? '50';
const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  console.log(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}; ${DEVICES} devices, batch ${BATCH}`);
  const server = await startTestServer({ demo: true, env: { FIRMWARE_ROLLOUT_BATCH: BATCH, LOG_LEVEL: 'silent' } });
  const senior = (await server.login('demosenior')).token;
  await server.vigil.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.vigil.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  const db = server.vigil.database.db;
  const prefix = `RB${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const specs = [];
  for (let index = 0; index < DEVICES; index++) {
    const deviceId = `${prefix}${String(index).padStart(5, '0')}`;
    const registered = await server.call(api.registerDevice, { deviceId, deviceType: TYPE }, { token: senior });
    if (registered.status !== Status.OK) throw new Error(`register ${deviceId}: ${registered.msg}`);
    // The registry keeps the key sealed; registering answers it.
    specs.push({ deviceId, deviceType: TYPE, key: registered.data.deviceKey, reportInterval: 60 });
  }
  const simulation = await startSimulation({
    brokerUrl: `mqtt://127.0.0.1:${server.vigil.mqttPort}`,
    downloadBaseUrl: `http://127.0.0.1:${address.port}`,
    devices: specs,
    ambient: false,
    seed: 7,
  });
  try {
    await simulation.ready;
    const ids = specs.map((spec) => spec.deviceId);
    const onlineStarted = performance.now();
    for (;;) {
      const online = await db.selectFrom('devices').select(db.fn.countAll<number>().as('n')).where('device_id', 'like', `${prefix}%`).where('online', '=', 1).executeTakeFirstOrThrow();
      if (Number(online.n) >= ids.length) break;
      if (performance.now() - onlineStarted > 120_000) throw new Error(`only ${online.n} of ${ids.length} devices came online`);
      await sleep(500);
    }
    const zip = buildZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: TYPE, version: '2.0.0' })) }, { name: 'fw.bin', data: crypto.randomBytes(256 * 1024) }]);
    const boundary = '----bench-rollout';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="deviceType"\r\n\r\n${TYPE}\r\n--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\n${md5(zip)}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.zip"\r\n\r\n`), zip, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = (await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/uploadFile', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 's-token': senior } })).json() as { status: number; msg: string; data: { fileId: string } };
    if (uploaded.status !== Status.OK) throw new Error(`upload: ${uploaded.msg}`);
    const fw = (await server.call(api.firmwarePost, { fileId: uploaded.data.fileId, remark: 'bench' }, { token: senior })).data;
    const started = performance.now();
    const released = await server.call(api.firmwareUpdate, { id: fw.id, status: 'full', confirm: true }, { token: senior });
    if (released.status !== Status.OK) throw new Error(`release: ${released.msg}`);
    let peak = 0;
    let last = '';
    for (;;) {
      const rows = await db.selectFrom('firmware_upgrades').select(['state', db.fn.countAll<number>().as('n')]).where('firmware_id', '=', fw.id).groupBy('state').execute();
      const count = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
      const inFlight = count('downloading') + count('installing');
      peak = Math.max(peak, inFlight);
      const settled = count('done') + count('failed');
      const line = `${((performance.now() - started) / 1000).toFixed(0)} s: ${count('done')} done, ${count('failed')} failed, ${inFlight} upgrading`;
      if (line.split(':')[1] !== last.split(':')[1]) console.log(`  ${line}`);
      last = line;
      if (settled >= ids.length) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('rollout did not finish in 30 minutes');
      await sleep(1000);
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = await db.selectFrom('firmware_upgrades').select(['state', db.fn.countAll<number>().as('n')]).where('firmware_id', '=', fw.id).groupBy('state').execute();
    const failed = Number(rows.find((row) => row.state === 'failed')?.n ?? 0);
    console.log(`${ids.length} devices upgraded in ${seconds.toFixed(0)} s (${((ids.length / seconds) * 60).toFixed(0)} devices/min); most upgrading at once: ${peak} (batch ${BATCH}); failed: ${failed}`);
  } finally {
    await simulation.stop();
    await server.close();
  }
}

await main();
