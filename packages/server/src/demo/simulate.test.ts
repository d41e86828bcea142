import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import { demoSimulatorDevices } from './seed-devices.ts';
import { startDemoSimulation } from './simulate.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** The shared Mosquitto of the machine; until ingest's embedded broker is wired into the demo. */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

describe('demo simulation', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true, demoDevices: true });
  });
  after(() => server.close());

  test('VIGIL_SIMULATE=0 turns the simulated devices off', async () => {
    process.env.VIGIL_SIMULATE = '0';
    try {
      assert.equal(await startDemoSimulation(server.vigil.database.db, { brokerUrl: BROKER, dataDir: server.dataDir, print: () => {} }), null);
    } finally {
      delete process.env.VIGIL_SIMULATE;
    }
  });

  test('the demo devices come online and a sleep monitor\'s telemetry arrives within a report interval, in a child process', async () => {
    const devices = await demoSimulatorDevices(server.vigil.database.db);
    const monitor = devices.find((device) => device.deviceType === 49);
    const gateway = devices.find((device) => device.deviceType === 21008);
    assert.ok(monitor && gateway);
    const observer = await mqtt.connectAsync(BROKER, { clientId: `vigil-demo-test-${process.pid}` });
    const seen = new Map<string, Record<string, unknown>>();
    // Retained statuses from earlier runs do not count: only what arrives live.
    observer.on('message', (topic, payload, packet) => {
      if (payload.length && !packet.retain) seen.set(topic, JSON.parse(payload.toString()));
    });
    await observer.subscribeAsync([deviceTopic(monitor.deviceId, 'telemetry'), deviceTopic(gateway.deviceId, 'status')]);
    const lines: string[] = [];
    const started = Date.now();
    const simulation = await startDemoSimulation(server.vigil.database.db, { brokerUrl: BROKER, dataDir: server.dataDir, print: (line) => lines.push(line) });
    try {
      assert.ok(simulation);
      assert.match(lines.join('\n'), new RegExp(`${devices.length} devices`));
      const deadline = started + 30_000;
      while (Date.now() < deadline && !(seen.has(deviceTopic(monitor.deviceId, 'telemetry')) && seen.get(deviceTopic(gateway.deviceId, 'status'))?.online === true)) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      assert.equal(seen.get(deviceTopic(gateway.deviceId, 'status'))?.online, true, 'the gateway is online');
      assert.ok(seen.has(deviceTopic(monitor.deviceId, 'telemetry')), 'telemetry arrived');
    } finally {
      await simulation?.stop();
      await observer.endAsync();
    }
  });
});
