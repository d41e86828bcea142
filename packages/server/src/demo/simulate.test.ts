import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { demoSimulatorDevices } from './seed-devices.ts';
import { demoBrokerUrl, startDemoSimulation } from './simulate.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';


describe('demo simulation', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true, demoDevices: true });
  });
  after(() => server.close());
  const brokerUrl = () => demoBrokerUrl(null, server.vigil.mqttPort);

  test('VIGIL_SIMULATE=0 turns the simulated devices off', async () => {
    process.env.VIGIL_SIMULATE = '0';
    try {
      assert.equal(await startDemoSimulation(server.vigil.database.db, { brokerUrl: brokerUrl(), dataDir: server.dataDir, deviceKeys: server.vigil.deviceKeys, print: () => {} }), null);
    } finally {
      delete process.env.VIGIL_SIMULATE;
    }
  });

  test('the demo devices come online through Vigil\'s embedded broker and a sleep monitor\'s samples are stored, from a child process', async () => {
    const devices = await demoSimulatorDevices(server.vigil.database.db, server.vigil.deviceKeys);
    const monitor = devices.find((device) => device.deviceType === 49);
    const gateway = devices.find((device) => device.deviceType === 21008);
    assert.ok(monitor && gateway);
    const lines: string[] = [];
    const started = Date.now();
    const simulation = await startDemoSimulation(server.vigil.database.db, { brokerUrl: brokerUrl(), dataDir: server.dataDir, deviceKeys: server.vigil.deviceKeys, print: (line) => lines.push(line) });
    const db = server.vigil.database.db;
    const online = async (deviceId: string) => (await db.selectFrom('devices').select('online').where('device_id', '=', deviceId).executeTakeFirstOrThrow()).online === 1;
    const samples = async () => {
      await server.vigil.devices.ingest.flush();
      return (await server.vigil.telemetry.read(monitor.deviceId, started - 3_600_000, Date.now() + 3_600_000)).length;
    };
    try {
      assert.ok(simulation);
      assert.match(lines.join('\n'), new RegExp(`${devices.length} devices`));
      const deadline = started + 45_000;
      while (Date.now() < deadline && !((await online(gateway.deviceId)) && (await online(monitor.deviceId)) && (await samples()) > 0)) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      assert.ok(await online(gateway.deviceId), 'the gateway is online');
      assert.ok(await online(monitor.deviceId), 'the sleep monitor is online');
      assert.ok((await samples()) > 0, 'its samples are stored');
    } finally {
      await simulation?.stop();
    }
  });
});
