import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import mqtt from 'mqtt';
import { Status, type DeviceAckEvent } from '@vigil/contracts';
import { homeDevice, recordingDownlink, setOnline } from '../../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { transactional } from '../../db/transactional.ts';
import { deviceCommandService } from './device-commands.service.ts';
import { deviceRepository } from './device.repository.ts';

describe('sleep-monitor settings and device commands', () => {
  let server: TestServer;
  let vendor: string;
  let home: string;
  const downlink = recordingDownlink();

  before(async () => {
    server = await startTestServer({ demo: true, downlink });
    vendor = (await server.login('demosenior')).token;
    home = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  /** Publishes the device's answer the way ingest does when an `ack` arrives. */
  async function ack(deviceId: string, commandId: string, answer: Partial<DeviceAckEvent['ack']> = {}) {
    await server.vigil.bus.publish('device.ack', {
      deviceId, deviceType: 49, receivedAt: Date.now(), providerId: null, bedId: null, roomId: null, residentId: null,
      ack: { id: commandId, ok: true, ...answer },
    });
  }

  test('a new sleep monitor has the default settings', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const detail = await server.call(api.getDevice, { id: monitor.id }, { token: home });
    assert.deepEqual(detail.data.settings, api.SLEEP_MONITOR_DEFAULTS);
    assert.equal(detail.data.lastCommand, null);
  });

  test('algorithm mode (form-encoded) is stored, sent as configure, and acked by the device', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const result = await server.call(api.updateAlgMode, { id: monitor.id, sensitivity: 'high', leaveBedMode: 'fast' }, { token: home });
    assert.equal(result.status, Status.OK, result.msg);
    assert.equal(result.data.command.state, 'pending');
    assert.equal(result.data.command.cmd, 'configure');
    const sent = downlink.sent.find((entry) => entry.message.id === result.data.command.id);
    assert.ok(sent, 'sent through the downlink');
    assert.equal(sent.deviceId, monitor.deviceId);
    assert.deepEqual(sent.message.args, {
      sensitivity: 'high', leaveBedMode: 'fast', leaveBedSeconds: 5, reportInterval: 10, uploadRaw: true, sleepSchedule: { bedTime: '21:00', wakeTime: '07:00' },
    });
    const stored = await server.call(api.getDevice, { id: monitor.id }, { token: home });
    assert.equal(stored.data.settings?.sensitivity, 'high');
    assert.equal(stored.data.settings?.leaveBedMode, 'fast');
    assert.equal(stored.data.lastCommand?.state, 'pending');

    await ack(monitor.deviceId, result.data.command.id);
    const acked = await server.call(api.getDevice, { id: monitor.id }, { token: home });
    assert.equal(acked.data.lastCommand?.state, 'acked');
    assert.ok(acked.data.lastCommand?.answeredAt);
  });

  test('a refused ack marks the command failed with the device\'s reason; another device\'s ack changes nothing', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const other = await homeDevice(server, vendor, home);
    const result = await server.call(api.updateInterval, { id: monitor.id, interval: 30 }, { token: home });
    assert.equal(result.status, Status.OK, result.msg);
    assert.equal(downlink.sent.find((entry) => entry.message.id === result.data.command.id)?.message.args.reportInterval, 30);
    await ack(other.deviceId, result.data.command.id);
    assert.equal((await server.call(api.getDevice, { id: monitor.id }, { token: home })).data.lastCommand?.state, 'pending');
    await ack(monitor.deviceId, result.data.command.id, { ok: false, code: 'busy', message: 'calibrating' });
    const failed = (await server.call(api.getDevice, { id: monitor.id }, { token: home })).data;
    assert.equal(failed.lastCommand?.state, 'failed');
    assert.equal(failed.lastCommand?.message, 'calibrating');
    assert.equal(failed.settings?.reportInterval, 30, 'the setting stays stored');
  });

  test('report interval must be 1–254 s; a bad value changes nothing and sends nothing', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const before = downlink.sent.length;
    for (const interval of [0, 255, 1.5, 'fast']) {
      const result = await server.call(api.updateInterval, { id: monitor.id, interval }, { token: home });
      assert.equal(result.status, Status.BAD_REQUEST, String(interval));
      assert.match(result.msg, /1 to 254/);
    }
    assert.equal((await server.call(api.updateInterval, { id: monitor.id }, { token: home })).status, Status.BAD_REQUEST);
    assert.equal(downlink.sent.length, before);
    assert.equal((await server.call(api.getDevice, { id: monitor.id }, { token: home })).data.settings?.reportInterval, 10);
    for (const interval of [1, 254]) assert.equal((await server.call(api.updateInterval, { id: monitor.id, interval }, { token: home })).status, Status.OK);
  });

  test('raw-data upload, sleep schedule and bad mode values', async () => {
    const monitor = await homeDevice(server, vendor, home);
    assert.equal((await server.call(api.isUploadData, { id: monitor.id, isUploadData: false }, { token: home })).status, Status.OK);
    assert.equal((await server.call(api.updateSleepSchedule, { id: monitor.id, bedTime: '22:30', wakeTime: '06:45' }, { token: home })).status, Status.OK);
    const settings = (await server.call(api.getDevice, { id: monitor.id }, { token: home })).data.settings;
    assert.equal(settings?.uploadRaw, false);
    assert.deepEqual(settings?.sleepSchedule, { bedTime: '22:30', wakeTime: '06:45' });
    const badTime = await server.call(api.updateSleepSchedule, { id: monitor.id, bedTime: '25:00', wakeTime: '06:45' }, { token: home });
    assert.equal(badTime.status, Status.BAD_REQUEST);
    assert.match(badTime.msg, /HH:mm/);
    const badMode = await server.call(api.updateAlgMode, { id: monitor.id, sensitivity: 'extreme', leaveBedMode: 'fast' }, { token: home, language: 'it' });
    assert.equal(badMode.status, Status.BAD_REQUEST);
    assert.match(badMode.msg, /sensibilità/);
  });

  test('settings are for sleep monitors only; vendors do not change a home\'s settings', async () => {
    const radar = await homeDevice(server, vendor, home, 21007);
    const result = await server.call(api.updateInterval, { id: radar.id, interval: 20 }, { token: home });
    assert.equal(result.status, Status.CONFLICT);
    assert.match(result.msg, /sleep monitors only/);
    const monitor = await homeDevice(server, vendor, home);
    assert.equal((await server.call(api.updateInterval, { id: monitor.id, interval: 20 }, { token: vendor })).status, Status.NO_PERMISSION);
  });

  test('a command the transport cannot deliver is recorded as failed; the setting is kept', async () => {
    const monitor = await homeDevice(server, vendor, home);
    downlink.offline.add(monitor.deviceId);
    const result = await server.call(api.updateInterval, { id: monitor.id, interval: 60 }, { token: home });
    assert.equal(result.status, Status.OK);
    assert.equal(result.data.command.state, 'failed');
    const detail = (await server.call(api.getDevice, { id: monitor.id }, { token: home })).data;
    assert.equal(detail.lastCommand?.state, 'failed');
    assert.equal(detail.settings?.reportInterval, 60);
  });

  test('restart: an offline device answers the §8 message and nothing is sent; an online one gets restart', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const before = downlink.sent.length;
    const offline = await server.call(api.restartDevice, { id: monitor.id }, { token: home });
    assert.equal(offline.status, Status.CONFLICT);
    assert.match(offline.msg, /offline, so the reboot command failed: a reboot only reaches online devices/);
    assert.equal(downlink.sent.length, before);
    assert.equal((await server.call(api.getDevice, { id: monitor.id }, { token: home })).data.lastCommand, null);
    await setOnline(server, monitor.id, true);
    const restarted = await server.call(api.restartDevice, { id: monitor.id }, { token: home });
    assert.equal(restarted.status, Status.OK, restarted.msg);
    assert.equal(restarted.data.command.cmd, 'restart');
    assert.equal(downlink.sent.at(-1)?.message.cmd, 'restart');
    assert.equal(downlink.sent.at(-1)?.deviceId, monitor.deviceId);
    await ack(monitor.deviceId, restarted.data.command.id);
    assert.equal((await server.call(api.getDevice, { id: monitor.id }, { token: vendor })).data.lastCommand?.state, 'acked');
  });

  test('issue() gives other modules the same record, transport and ack handling', async () => {
    const db = server.vigil.database.db;
    const commands = deviceCommandService({ devices: deviceRepository(db), transaction: transactional(db, (trx) => ({ devices: deviceRepository(trx) })), now: Date.now, downlink, bus: server.vigil.bus, deviceKeys: server.vigil.deviceKeys, log: { warn: () => {} } });
    const host = await homeDevice(server, vendor, home, 21008);
    const command = await commands.issue(host.id, 'pair', { seconds: 60 });
    assert.equal(command.state, 'pending');
    assert.deepEqual(downlink.sent.at(-1), { deviceId: host.deviceId, message: { id: command.id, cmd: 'pair', args: { seconds: 60 } } });
    await ack(host.deviceId, command.id);
    assert.equal((await server.call(api.getDevice, { id: host.id }, { token: home })).data.lastCommand?.state, 'acked');
  });

  test('the scheduled prune deletes answered and expired commands older than the retention (30 days by default) and keeps the rest', async () => {
    const monitor = await homeDevice(server, vendor, home);
    const db = server.vigil.database.db;
    const day = 86_400_000;
    const now = Date.now();
    const rows = [
      { id: `old-acked-${monitor.id}`, state: 'acked', sent_at: now - 40 * day, answered_at: now - 40 * day },
      { id: `old-failed-${monitor.id}`, state: 'failed', sent_at: now - 31 * day, answered_at: now - 31 * day },
      { id: `old-pending-${monitor.id}`, state: 'pending', sent_at: now - 35 * day, answered_at: null },
      { id: `recent-acked-${monitor.id}`, state: 'acked', sent_at: now - 29 * day, answered_at: now - 29 * day },
      { id: `late-answer-${monitor.id}`, state: 'acked', sent_at: now - 45 * day, answered_at: now - 2 * day },
      { id: `recent-pending-${monitor.id}`, state: 'pending', sent_at: now - day, answered_at: null },
    ];
    await db.insertInto('device_commands').values(rows.map((row) => ({ ...row, device_id: monitor.id, cmd: 'configure', args: '{}', message: '' }))).execute();
    assert.equal(await server.vigil.scheduler.runNow('device-commands-prune'), true);
    const left = await db.selectFrom('device_commands').select('id').where('device_id', '=', monitor.id).orderBy('id').execute();
    assert.deepEqual(left.map((row) => row.id), [`late-answer-${monitor.id}`, `recent-acked-${monitor.id}`, `recent-pending-${monitor.id}`]);
  });

  test('the retention is configurable in whole days', () => {
    assert.equal(loadConfig({ VIGIL_DEVICE_COMMAND_RETENTION_DAYS: '7' }).deviceCommandRetentionDays, 7);
    assert.equal(loadConfig({}).deviceCommandRetentionDays, api.DEVICE_COMMAND_RETENTION_DAYS_DEFAULT);
    assert.throws(() => loadConfig({ VIGIL_DEVICE_COMMAND_RETENTION_DAYS: '0.5' }), /VIGIL_DEVICE_COMMAND_RETENTION_DAYS/);
  });
});

describe('device commands over the embedded broker (ingest\'s downlink)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('a settings change reaches the connected device on its cmd topic, and its ack marks the command acknowledged', async () => {
    const vendor = (await server.login('demosenior')).token;
    const home = (await server.login('demotwoa')).token;
    const monitor = await homeDevice(server, vendor, home);
    const key = (await server.call(api.getDevice, { id: monitor.id }, { token: vendor })).data.deviceKey;
    assert.ok(key);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.vigil.mqttPort}`, { clientId: monitor.deviceId, username: monitor.deviceId, password: key, reconnectPeriod: 0 });
    try {
      await device.subscribeAsync(api.deviceTopic(monitor.deviceId, 'cmd'), { qos: 1 });
      const received = new Promise<api.CommandMessage>((resolve) => device.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
      const result = await server.call(api.updateAlgMode, { id: monitor.id, sensitivity: 'low', leaveBedMode: 'fast' }, { token: home });
      assert.equal(result.status, Status.OK, result.msg);
      assert.equal(result.data.command.state, 'pending');
      const command = await received;
      assert.equal(command.cmd, 'configure');
      assert.equal(command.id, result.data.command.id);
      await device.publishAsync(api.deviceTopic(monitor.deviceId, 'ack'), JSON.stringify({ id: command.id, ok: true }), { qos: 1 });
      let state = 'pending';
      for (let i = 0; i < 50 && state === 'pending'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = (await server.call(api.getDevice, { id: monitor.id }, { token: home })).data.lastCommand?.state ?? 'none';
      }
      assert.equal(state, 'acked');
    } finally {
      await device.endAsync();
    }
  });
});
