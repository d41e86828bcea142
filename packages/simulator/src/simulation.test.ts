import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { deviceTopic, parseDeviceTopic, UPLINK_SCHEMAS, type DeviceChannel } from '@vigil/contracts';
import mqtt from 'mqtt';
import { startSimulation, type SimulationHandle } from './simulation.ts';

/** The shared Mosquitto of the machine (tests use random device IDs on it). */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

interface Seen {
  deviceId: string;
  channel: DeviceChannel;
  message: Record<string, unknown>;
  retain: boolean;
  raw: string;
}

const tag = crypto.randomBytes(4).toString('hex');
const ids = {
  sleep: `SIMT-${tag}-SM`,
  radar: `SIMT-${tag}-FR`,
  gateway: `SIMT-${tag}-GW`,
  door: `SIMT-${tag}-DR`,
  motion: `SIMT-${tag}-MO`,
  sos: `SIMT-${tag}-SOS`,
};

describe('simulated devices over MQTT (Mosquitto)', () => {
  let observer: mqtt.MqttClient;
  let simulation: SimulationHandle;
  const seen: Seen[] = [];

  async function waitFor(predicate: (entry: Seen) => boolean, what: string, timeoutMs = 8000): Promise<Seen> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = seen.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const command = (deviceId: string, cmd: string, args: object = {}) => {
    const id = crypto.randomUUID();
    observer.publish(deviceTopic(deviceId, 'cmd'), JSON.stringify({ id, cmd, args }), { qos: 1 });
    return id;
  };

  before(async () => {
    observer = await mqtt.connectAsync(BROKER, { clientId: `vigil-sim-test-${tag}` });
    observer.on('message', (topic, payload, packet) => {
      const parsed = parseDeviceTopic(topic);
      if (!parsed || payload.length === 0) return;
      seen.push({ ...parsed, raw: payload.toString(), message: JSON.parse(payload.toString()), retain: packet.retain });
    });
    await observer.subscribeAsync(Object.values(ids).map((id) => `vigil/v1/${id}/+`), { qos: 1 });
    simulation = await startSimulation({
      brokerUrl: BROKER,
      seed: 42,
      speed: 60,
      tickMs: 100,
      ambient: false,
      devices: [
        { deviceId: ids.sleep, deviceType: 49, key: 'k-sleep', reportInterval: 1 },
        { deviceId: ids.radar, deviceType: 21007, key: 'k-radar', reportInterval: 1 },
        { deviceId: ids.gateway, deviceType: 21008, key: 'k-gw', reportInterval: 2, subDevices: [{ deviceId: ids.door, deviceType: 21009 }, { deviceId: ids.motion, deviceType: 21010 }] },
        { deviceId: ids.sos, deviceType: 20993, key: 'k-sos', reportInterval: 2 },
      ],
    });
    await simulation.ready;
  });

  after(async () => {
    await simulation?.stop({ clearRetained: true });
    await observer?.endAsync();
  });

  it('connects every device, which publishes a retained online status', async () => {
    for (const deviceId of simulation.deviceIds) {
      await waitFor((entry) => entry.deviceId === deviceId && entry.channel === 'status' && entry.message.online === true, `${deviceId} online`);
    }
    // A newcomer gets the retained status at once.
    const late = await mqtt.connectAsync(BROKER, { clientId: `vigil-sim-late-${tag}` });
    const retained = new Promise<{ retain: boolean; body: string }>((resolve) => late.on('message', (_topic, payload, packet) => resolve({ retain: packet.retain, body: payload.toString() })));
    await late.subscribeAsync(deviceTopic(ids.radar, 'status'));
    const first = await retained;
    await late.endAsync();
    assert.equal(first.retain, true);
    assert.equal(JSON.parse(first.body).online, true);
  });

  it('sends telemetry batches on the sleep monitor topic, and a gateway reports its sub-devices', async () => {
    const telemetry = await waitFor((entry) => entry.deviceId === ids.sleep && entry.channel === 'telemetry', 'telemetry');
    assert.ok(Array.isArray(telemetry.message.samples) && telemetry.message.samples.length >= 1);
    await waitFor((entry) => entry.deviceId === ids.gateway && entry.channel === 'status' && entry.message.sub === ids.door, 'sub-device status');
  });

  it('acknowledges commands: configure, test, pair (pairing events), realtime (site events), unsupported ones refused', async () => {
    const configure = command(ids.sleep, 'configure', { reportInterval: 5 });
    assert.equal((await waitFor((entry) => entry.channel === 'ack' && entry.message.id === configure, 'configure ack')).message.ok, true);
    const bad = command(ids.sleep, 'configure', { reportInterval: 999 });
    assert.equal((await waitFor((entry) => entry.channel === 'ack' && entry.message.id === bad, 'refused configure')).message.ok, false);
    const pair = command(ids.gateway, 'pair', {});
    await waitFor((entry) => entry.channel === 'ack' && entry.message.id === pair && entry.message.ok === true, 'pair ack');
    for (const sub of [ids.door, ids.motion]) {
      await waitFor((entry) => entry.deviceId === ids.gateway && entry.message.type === 'pairing' && entry.message.sub === sub && entry.message.status === 1, `pairing of ${sub}`);
    }
    const test = command(ids.gateway, 'test', { sub: ids.motion });
    await waitFor((entry) => entry.channel === 'ack' && entry.message.id === test && entry.message.ok === true, 'test ack');
    await waitFor((entry) => entry.message.type === 'test' && entry.message.sub === ids.motion, 'test event');
    const realtime = command(ids.radar, 'realtime', { seconds: 2 });
    await waitFor((entry) => entry.channel === 'ack' && entry.message.id === realtime && entry.message.ok === true, 'realtime ack');
    const site = await waitFor((entry) => entry.deviceId === ids.radar && entry.message.type === 'site', 'site event');
    assert.equal(typeof site.message.x, 'number');
    const unsupported = command(ids.sos, 'realtime', {});
    assert.equal((await waitFor((entry) => entry.channel === 'ack' && entry.message.id === unsupported, 'unsupported ack')).message.ok, false);
  });

  it('plays scenarios: a fall, an SOS, a door opening through its gateway', async () => {
    await simulation.fallNow(ids.radar);
    await waitFor((entry) => entry.deviceId === ids.radar && entry.message.type === 'fall' && entry.message.status === 2, 'fall');
    await simulation.sosNow(ids.sos);
    await waitFor((entry) => entry.deviceId === ids.sos && entry.message.type === 'sos' && entry.message.status === 1, 'sos');
    await simulation.openDoor(ids.door);
    const door = await waitFor((entry) => entry.deviceId === ids.gateway && entry.message.type === 'door' && entry.message.sub === ids.door, 'door open');
    assert.equal(door.message.status, 1);
  });

  it('leaves its last will when it drops off, and comes back online', async () => {
    const before = seen.length;
    await simulation.goOffline(ids.sos);
    const will = await waitFor((entry) => seen.indexOf(entry) >= before && entry.deviceId === ids.sos && entry.channel === 'status' && entry.message.online === false, 'last will', 15_000);
    assert.equal(will.raw, '{"online":false}');
    const mark = seen.length;
    await simulation.comeBack(ids.sos);
    await waitFor((entry) => seen.indexOf(entry) >= mark && entry.deviceId === ids.sos && entry.channel === 'status' && entry.message.online === true, 'back online');
  });

  it('restarts on command: acknowledges, drops off (last will) and comes back', async () => {
    const mark = seen.length;
    const restart = command(ids.radar, 'restart', { downMs: 500 });
    await waitFor((entry) => entry.channel === 'ack' && entry.message.id === restart && entry.message.ok === true, 'restart ack');
    await waitFor((entry) => seen.indexOf(entry) >= mark && entry.deviceId === ids.radar && entry.channel === 'status' && entry.message.online === false, 'offline after restart', 15_000);
    const offlineAt = seen.findIndex((entry, index) => index >= mark && entry.deviceId === ids.radar && entry.message.online === false);
    await waitFor((entry) => seen.indexOf(entry) > offlineAt && entry.deviceId === ids.radar && entry.channel === 'status' && entry.message.online === true, 'online after restart');
  });

  it('sends only messages the protocol schemas accept', () => {
    assert.ok(seen.length > 20);
    for (const entry of seen) {
      if (entry.channel === 'cmd') continue;
      const result = UPLINK_SCHEMAS[entry.channel].safeParse(entry.message);
      assert.ok(result.success, `${entry.channel} ${entry.raw}`);
    }
  });
});
