import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status, type CommandMessage } from '@vigil/contracts';
import type { Downlink } from '../../events/downlink.ts';
import { recordingDownlink } from '../../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-builder.ts';

const TYPE = 21012;
const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');

describe('firmware rollout', () => {
  const recording = recordingDownlink();
  /** A device's answer that comes while the command is still being sent (a fast device, a slow database). */
  let answerWhileSending: ((deviceId: string, message: CommandMessage) => Promise<void>) | null = null;
  const downlink: Downlink & { sent: typeof recording.sent; offline: Set<string> } = {
    sent: recording.sent,
    offline: recording.offline,
    async send(deviceId, message) {
      await recording.send(deviceId, message);
      await answerWhileSending?.(deviceId, message);
    },
  };
  let server: TestServer;
  let senior: string;
  before(async () => {
    server = await startTestServer({ demo: true, downlink, env: { FIRMWARE_ROLLOUT_BATCH: '2' } });
    senior = (await server.login('demosenior')).token;
  });
  after(() => server.close());

  async function device(online: boolean) {
    const deviceId = `RO${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    assert.equal((await server.call(api.registerDevice, { deviceId, deviceType: TYPE }, { token: senior })).status, Status.OK);
    await server.vigil.database.db.updateTable('devices').set({ online: online ? 1 : 0, last_seen_at: Date.now(), firmware_version: '1.0' }).where('device_id', '=', deviceId).execute();
    return deviceId;
  }
  async function release(version: string, grayIds: string[]) {
    const zip = buildZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: TYPE, version })) }, { name: 'fw.bin', data: crypto.randomBytes(2048) }]);
    const boundary = '----rollout';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="deviceType"\r\n\r\n${TYPE}\r\n--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\n${md5(zip)}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.zip"\r\n\r\n`), zip, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = (await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/uploadFile', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 's-token': senior } })).json() as { status: number; msg: string; data: { fileId: string } };
    assert.equal(uploaded.status, Status.OK, uploaded.msg);
    const fw = (await server.call(api.firmwarePost, { fileId: uploaded.data.fileId }, { token: senior })).data;
    assert.equal((await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: grayIds }, { token: senior })).status, Status.OK);
    const gray = await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    assert.equal(gray.status, Status.OK, gray.msg);
    return fw;
  }
  const ack = (deviceId: string, id: string, ok: boolean, stage: 'downloading' | 'installing' | 'done' | 'failed', progress: number, message?: string) =>
    server.vigil.bus.publish('device.ack', { deviceId, deviceType: TYPE, receivedAt: Date.now(), providerId: null, bedId: null, roomId: null, residentId: null, ack: { id, ok, stage, progress, ...(message ? { message } : {}) } });

  test('a gray release reaches only whitelisted online devices, paced, and tracks each device\'s upgrade state', async () => {
    const gray = [await device(true), await device(true), await device(true), await device(false)];
    const outsider = await device(true);
    const fw = await release('2.0', gray);
    const sentTo = () => downlink.sent.filter((entry) => entry.message.cmd === 'upgrade' && entry.message.args.version === '2.0');
    // Batch of 2: two online gray devices get the command at once.
    assert.equal(sentTo().length, 2);
    for (const entry of sentTo()) {
      assert.ok(gray.includes(entry.deviceId));
      assert.match(String(entry.message.args.url), /^\/api\/hardSoft\/download\?token=/);
      assert.equal(typeof entry.message.args.md5, 'string');
    }
    assert.ok(!downlink.sent.some((entry) => entry.deviceId === outsider));

    const [first, second] = sentTo();
    assert.ok(first && second);
    await ack(first.deviceId, first.message.id, true, 'downloading', 10);
    await ack(first.deviceId, first.message.id, true, 'installing', 60);
    let states = (await server.call(api.firmwareUpgradeList, { firmwareId: fw.id }, { token: senior })).data;
    assert.equal(states.find((row) => row.deviceId === first.deviceId)?.state, 'installing');
    assert.equal(states.length, 4);
    await ack(first.deviceId, first.message.id, true, 'done', 100);
    await ack(second.deviceId, second.message.id, false, 'failed', 0, 'md5 mismatch');
    // The link the device got downloads the package.
    assert.equal((await server.vigil.app.inject({ method: 'GET', url: String(first.message.args.url) })).statusCode, 200);

    // The next tick starts the third online device; the offline one waits.
    await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    const list = await server.call(api.firmwarePageList, {}, { token: senior });
    const row = list.data.rows.find((candidate) => candidate.id === fw.id);
    assert.equal(row?.upgradedCount, 1);
    assert.equal(row?.failedCount, 1);
    states = (await server.call(api.firmwareUpgradeList, { firmwareId: fw.id }, { token: senior })).data;
    assert.equal(states.find((candidate) => candidate.deviceId === second.deviceId)?.message, 'md5 mismatch');
    assert.equal(states.find((candidate) => candidate.deviceId === gray[3])?.state, 'pending');
  });

  test('a grayscale rollout halts itself when too many devices fail, says so, and can be resumed', async () => {
    const gray = [await device(true), await device(true), await device(true)];
    const fw = await release('3.0', gray);
    const commandFor = (deviceId: string) => [...downlink.sent].reverse().find((entry) => entry.deviceId === deviceId && entry.message.args.version === '3.0');
    const tick = () => server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    const [a, b, c] = gray;
    assert.ok(a && b && c);
    await ack(a, commandFor(a)?.message.id ?? '', true, 'done', 100);
    await ack(b, commandFor(b)?.message.id ?? '', false, 'failed', 0, 'flash write error');
    await tick();
    await ack(c, commandFor(c)?.message.id ?? '', false, 'failed', 0, 'flash write error');
    const halted = await tick();
    assert.equal(halted.status, Status.OK);
    assert.equal(typeof halted.data.haltedAt, 'number', 'halted: 2 of 3 failed');
    const sentBefore = downlink.sent.length;
    await tick();
    assert.equal(downlink.sent.length, sentBefore, 'a halted rollout sends nothing');

    const resumed = await server.call(api.firmwareResume, { id: fw.id }, { token: senior });
    assert.equal(resumed.status, Status.OK, resumed.msg);
    assert.equal(resumed.data.haltedAt, null);
    assert.ok(downlink.sent.length > sentBefore, 'failed devices are tried again');
    assert.equal((await server.call(api.firmwareResume, { id: fw.id }, { token: senior })).status, Status.CONFLICT);
    // Removing is the other way out.
    assert.equal((await server.call(api.firmwareUpdate, { id: fw.id, status: 'removed' }, { token: senior })).data.status, 'removed');
  });

  test("a device's answer that arrives before the rollout has noted its command still settles the upgrade", async () => {
    const fast = await device(true);
    answerWhileSending = async (deviceId, message) => {
      if (deviceId === fast && message.cmd === 'upgrade') await ack(fast, message.id, false, 'failed', 0, 'MD5 mismatch');
    };
    try {
      const fw = await release('4.0', [fast]);
      const [row] = (await server.call(api.firmwareUpgradeList, { firmwareId: fw.id }, { token: senior })).data;
      assert.equal(row?.state, 'failed');
      assert.equal(row?.message, 'MD5 mismatch');
    } finally {
      answerWhileSending = null;
    }
  });

  test("a device's answers handled out of their order move its upgrade only forward: failed and done stay", async () => {
    const [quick, slow] = [await device(true), await device(true)];
    const fw = await release('4.2', [quick, slow]);
    const commandFor = (deviceId: string) => downlink.sent.find((entry) => entry.deviceId === deviceId && entry.message.args.version === '4.2')?.message.id ?? '';
    // One ingest batch carries a device's "downloading" and, a moment later, its "failed": both
    // handlers run at once, and the earlier answer may be written last.
    await Promise.all([ack(quick, commandFor(quick), false, 'failed', 0, 'MD5 mismatch'), ack(quick, commandFor(quick), true, 'downloading', 0)]);
    await Promise.all([ack(slow, commandFor(slow), true, 'downloading', 50), ack(slow, commandFor(slow), true, 'downloading', 0)]);
    const stateOf = async (deviceId: string) => (await server.call(api.firmwareUpgradeList, { firmwareId: fw.id }, { token: senior })).data.find((row) => row.deviceId === deviceId);
    assert.deepEqual(await stateOf(quick).then((row) => [row?.state, row?.message]), ['failed', 'MD5 mismatch']);
    assert.deepEqual(await stateOf(slow).then((row) => [row?.state, row?.progress]), ['downloading', 50], 'a download does not go back');
    await Promise.all([ack(slow, commandFor(slow), true, 'done', 100), ack(slow, commandFor(slow), true, 'installing', 60)]);
    assert.deepEqual(await stateOf(slow).then((row) => [row?.state, row?.progress]), ['done', 100]);
  });

  test('a command that cannot be sent leaves the device pending, and a later tick sends it', async () => {
    const unreachable = await device(true);
    downlink.offline.add(unreachable);
    const fw = await release('4.5', [unreachable]);
    const upgrade = () => server.vigil.database.db.selectFrom('firmware_upgrades').select(['state', 'command_id']).where('firmware_id', '=', fw.id).executeTakeFirstOrThrow();
    assert.deepEqual(await upgrade(), { state: 'pending', command_id: null }, 'given back, not taken for a command that never left');
    downlink.offline.delete(unreachable);
    await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    const sent = downlink.sent.filter((entry) => entry.deviceId === unreachable && entry.message.args.version === '4.5');
    assert.equal(sent.length, 1);
    assert.equal((await upgrade()).command_id, sent[0]?.message.id);
  });

  test('two rollout ticks at once (the route and the scheduled job) send each device one command', async () => {
    const gray = [await device(false), await device(false)];
    const fw = await release('5.0', gray);
    const commandsTo = (deviceId: string) => downlink.sent.filter((entry) => entry.deviceId === deviceId && entry.message.args.version === '5.0').length;
    assert.deepEqual(gray.map(commandsTo), [0, 0], 'offline devices wait');
    await server.vigil.database.db.updateTable('devices').set({ online: 1 }).where('device_id', 'in', gray).execute();
    const tick = () => server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    const ticks = await Promise.all([tick(), tick(), tick()]);
    assert.deepEqual(ticks.map((answer) => answer.status), [Status.OK, Status.OK, Status.OK]);
    assert.deepEqual(gray.map(commandsTo), [1, 1]);
  });
});
