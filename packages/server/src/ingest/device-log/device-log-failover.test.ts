import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deviceTopic, SOCKET_CLOSE_REFETCH } from '@vigil/contracts';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import { randomDeviceId } from '../../test/alarm-fixtures.ts';
import { consoleLogin, fetchPendingList, startTestConsole, type TestConsole } from '../../test/console-client.ts';
import { insertLogDevices, startDeviceLogCluster, TEST_MOSQUITTO, waitFor, type DeviceLogCluster } from '../../test/device-log-fixtures.ts';
import type { VigilProcess } from '../../test/processes.ts';
import { partitionOf } from './partitions.ts';

const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const PARTITIONS = 8;
const FALL_DETECTOR = 21007;
const SLEEP_MONITOR = 49;
/** The storm: five segments of falls over MQTT, each device one fall; a fault in each of the last four. */
const SEGMENT = 60;
const STORM_DEVICES = 5 * SEGMENT;
/** Falls sent once the faults are over: heard live on every console. */
const TAIL_DEVICES = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (vigil: VigilProcess) => vigil.child.exitCode === null && vigil.child.signalCode === null;

/**
 * Issue 26: two Vigil processes with the durable device log (NATS JetStream) between Mosquitto
 * and the rules. A device's messages are handled by one process, so its rules see all of them;
 * mid-storm, the event bus cut (Redis CLIENT KILL), one process killed with SIGKILL, restarted
 * (its partitions come back to it), then the other killed at another moment, and PostgreSQL
 * backends cut, lose no alarm and double none: a dead process's partitions move to the survivor,
 * which handles again what was not marked; every console (one on each process, as the web console
 * connects) hears each alarm once, or fetches it in the pending list when told to refetch.
 */
describe('the device log on two processes: the bus cut, SIGKILL at two moments and a cut database mid-storm', { timeout: 180_000 }, () => {
  let cluster: DeviceLogCluster;
  let publisher: mqtt.MqttClient;
  let redis: Redis;
  /** Killed first, then started again (a new process in this variable). */
  let first: VigilProcess;
  /** Killed second, once `first` is back and holds its share. */
  let second: VigilProcess;

  before(async () => {
    ({ cluster, processes: [first, second] } = await startDeviceLogCluster({ partitions: PARTITIONS, processes: 2 }));
    redis = new Redis(REDIS);
    publisher = await mqtt.connectAsync(TEST_MOSQUITTO, { protocolVersion: 5, clientId: `log-test-${cluster.unique}`, reconnectPeriod: 0 });
  });
  after(async () => {
    await publisher?.endAsync();
    redis?.disconnect();
    await cluster?.close();
  });

  const count = async (sql: string, values: unknown[]) => (await cluster.admin.query<{ n: number }>(sql, values)).rows[0].n;
  const metricsOf = async (vigil: VigilProcess) => (await fetch(`${vigil.baseUrl}/metrics`)).text();
  const metric = (metrics: string, pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? 0);
  const busInterruptions = async (vigil: VigilProcess) => metric(await metricsOf(vigil), /^vigil_event_bus_interruptions_total\{reason="disconnect"\} (\d+)/m);
  const takeovers = async (vigil: VigilProcess) => metric(await metricsOf(vigil), /^vigil_device_log_takeovers_total (\d+)/m);

  /** Kills the bus connections of both processes (named after the channel), as a Redis restart would. */
  async function killBusConnections(): Promise<number> {
    const list = String(await redis.call('CLIENT', 'LIST'));
    const ids = list.split('\n').filter((line) => line.includes('name=vigil-bus-') && line.includes(cluster.channel)).map((line) => /\bid=(\d+)/.exec(line)?.[1]).filter((id): id is string => id !== undefined);
    for (const id of ids) await redis.call('CLIENT', 'KILL', 'ID', id);
    return ids.length;
  }

  /** Alarms by ID as a failure message shows them. */
  const describeAlarms = async (alarmIds: number[]) =>
    alarmIds.length === 0 ? [] : (await cluster.admin.query(`select id, device_id, alert_type, raised_at::float8 as raised_at, relieved, deal_state from alarms where id = any($1)`, [alarmIds])).rows;

  /** Waits until `survivor` holds every partition; answers how long after `killedAt` that was. */
  async function takeover(survivor: VigilProcess, killedAt: number, what: string): Promise<number> {
    let takenAt = 0;
    await waitFor(`${what}: the survivor holds every partition`, async () => {
      const shares = await cluster.shares();
      const all = shares.get(survivor) === PARTITIONS;
      if (all && takenAt === 0) takenAt = Date.now();
      return all;
    }, 30_000, async () => `shares now ${JSON.stringify([...(await cluster.shares())].map(([vigil, held]) => [vigil.child.pid, held]))}`);
    return takenAt - killedAt;
  }

  test('a sleep monitor\'s short breathing pauses raise no BREATH_STOP through two processes; a long pause raises one', async () => {
    const deviceId = randomDeviceId('LOGSM');
    await insertLogDevices(cluster, [deviceId], SLEEP_MONITOR);
    // Eight pauses of 12 s (BREATH_STOP needs 20 s) between breaths of 4 s, then one pause of 25 s: device time from 150 s ago.
    const start = Date.now() - 150_000;
    let t = start;
    const segment = async (seconds: number, rr: number) => {
      const samples = Array.from({ length: seconds }, (_, index) => ({ t: t + index * 1000, hr: 60, rr, move: 0, bed: 'in', state: 'light' }));
      t += seconds * 1000;
      await publisher.publishAsync(deviceTopic(deviceId, 'telemetry'), JSON.stringify({ ts: t, samples }), { qos: 1 });
    };
    for (let pause = 0; pause < 8; pause++) {
      await segment(12, 0);
      await segment(4, 14);
    }
    const longPauseAt = t;
    await segment(25, 0);
    await segment(2, 14);
    await waitFor('the long pause raised BREATH_STOP', async () => (await cluster.admin.query(`select 1 from alarms where device_id = $1 and alert_type = 'BREATH_STOP'`, [deviceId])).rowCount === 1, 20_000);
    const raised = (await cluster.admin.query<{ raised_at: number }>(`select raised_at::float8 as raised_at from alarms where device_id = $1 and alert_type = 'BREATH_STOP'`, [deviceId])).rows;
    assert.equal(raised.length, 1, 'one BREATH_STOP');
    assert.ok(raised[0].raised_at >= longPauseAt + 20_000, 'raised by the long pause, not by the short ones taken together');
  });

  test('mid-storm: the bus cut, one process SIGKILLed and back, the other SIGKILLed, PostgreSQL backends cut: every fall is exactly one alarm, on every surviving console once', async () => {
    const prefix = randomDeviceId('LOGX');
    const ids = Array.from({ length: STORM_DEVICES }, (_, index) => `${prefix}-${index}`);
    const inStorm = (deviceId: string) => deviceId.startsWith(`${prefix}-`);
    await insertLogDevices(cluster, ids, FALL_DETECTOR);
    const sharesBefore = [...(await cluster.shares()).values()];

    // One console on each process, signed in as the console does; a console whose process is gone
    // reconnects (4 s later, as the web console does) to the other, as a load balancer would send it.
    const consoles = [
      startTestConsole({ name: 'console of the process killed first', session: await consoleLogin(first.baseUrl, 'demotwoa'), target: () => (alive(first) ? first : second).baseUrl }),
      startTestConsole({ name: 'console of the process killed second', session: await consoleLogin(second.baseUrl, 'demotwoa'), target: () => (alive(second) ? second : first).baseUrl }),
    ];
    const settled = (what: string) => waitFor(what, async () => consoles.every((view) => view.open && !view.refetching), 20_000);
    /** When each fall was sent, and when each fault came: what a failure message tells. */
    const sentAt: number[] = [];
    const moments: Record<string, number> = {};
    const describeFall = (index: number) => ({
      deviceId: ids[index],
      segment: Math.floor(index / SEGMENT) + 1,
      partition: partitionOf(ids[index], PARTITIONS),
      msFromFault: Object.fromEntries(Object.entries(moments).map(([fault, at]) => [fault, sentAt[index] - at])),
    });
    /** Kills `victim` with SIGKILL; notes, for each console on it, where its next socket starts. */
    const kills: { victim: VigilProcess; survivor: VigilProcess; consoles: { view: TestConsole; closes: number; opens: number }[] }[] = [];
    async function kill(victim: VigilProcess, survivor: VigilProcess, fault: string): Promise<void> {
      const on = consoles.filter((view) => view.opens.at(-1) === victim.baseUrl).map((view) => ({ view, closes: view.closes.length, opens: view.opens.length }));
      await victim.kill();
      moments[fault] = Date.now();
      kills.push({ victim, survivor, consoles: on });
    }
    try {
      await settled('both consoles are open');
      const token = (await consoleLogin(second.baseUrl, 'demotwoa')).token;
      const pendingBefore = new Set((await fetchPendingList(second.baseUrl, token)).map((alarm) => alarm.id));

      const send = async (segment: number, during?: (index: number) => Promise<void>) => {
        for (let index = (segment - 1) * SEGMENT; index < segment * SEGMENT; index++) {
          sentAt[index] = Date.now();
          await publisher.publishAsync(deviceTopic(ids[index], 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
          await during?.(index % SEGMENT);
          await sleep(15);
        }
      };
      await send(1);

      // Segment 2: the event bus cut (Redis CLIENT KILL on both processes' bus connections).
      const cutAt = { first: await busInterruptions(first), second: await busInterruptions(second) };
      const refetchClosesBefore = consoles.map((view) => view.closes.filter((code) => code === SOCKET_CLOSE_REFETCH).length);
      const sending = send(2);
      assert.ok((await killBusConnections()) >= 4, 'both processes\' bus connections (two each) were cut');
      moments.busCut = Date.now();
      for (const [name, vigil, before] of [['first process', first, cutAt.first], ['second process', second, cutAt.second]] as const) {
        await waitFor(`the ${name} counts the bus interruption in /metrics`, async () => (await busInterruptions(vigil)) > before, 20_000);
        assert.ok(vigil.logs.some((line) => line.msg.startsWith('redis event bus interrupted')), `the ${name} logged the interruption`);
        assert.ok(vigil.logs.some((line) => line.msg.startsWith('redis event bus works again')), `the ${name} logged that it reconnected`);
      }
      await waitFor('every console is told to refetch (closed with SOCKET_CLOSE_REFETCH)', async () => consoles.every((view, index) => view.closes.filter((code) => code === SOCKET_CLOSE_REFETCH).length > refetchClosesBefore[index]), 20_000);
      await sending;
      await settled('both consoles are open again (reconnected and refetched)');

      // Segment 3: the first process SIGKILLed ten falls in; its partitions move to the second when their leases run out.
      const secondsClosesAtKill = consoles[1].closes.length;
      const takeoversBefore = await takeovers(second);
      await send(3, async (index) => {
        if (index === 10) await kill(first, second, 'firstKilled');
      });
      const firstTakeoverMs = await takeover(second, moments.firstKilled, 'after the first kill');
      // The dead owner may have committed alarms it never announced: taking its partitions over makes every console refetch.
      await waitFor('the takeover is counted and the second process\'s console told to refetch', async () => (await takeovers(second)) > takeoversBefore && consoles[1].closes.slice(secondsClosesAtKill).includes(SOCKET_CLOSE_REFETCH), 30_000);

      // Segment 4: the first process started again; sent while the second gives half the partitions back to it (a clean handover: no takeover, no refetch).
      first = await cluster.start();
      moments.firstBack = Date.now();
      await Promise.all([
        send(4),
        waitFor('the partitions are shared out again, half each', async () => [...(await cluster.shares()).values()].every((held) => held === PARTITIONS / 2), 30_000),
      ]);
      await settled('both consoles are open (on the second process)');

      // Segment 5: the second process SIGKILLed five falls in, then the first process's PostgreSQL connections cut.
      let cut = 0;
      const firstTakeoversBefore = await takeovers(first);
      await send(5, async (index) => {
        if (index === 5) await kill(second, first, 'secondKilled');
        if (index === 30) {
          cut = (await cluster.admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'vigil'`)).rowCount ?? 0;
          moments.databaseCut = Date.now();
        }
      });
      assert.ok(cut >= 1, 'the first process\'s connections were cut');
      const secondTakeoverMs = await takeover(first, moments.secondKilled, 'after the second kill');
      await waitFor('the second takeover is counted', async () => (await takeovers(first)) > firstTakeoversBefore, 30_000);

      const storedIds = async () => new Set((await cluster.admin.query<{ device_id: string }>(`select distinct device_id from alarms where device_id like $1`, [`${prefix}-%`])).rows.map((row) => row.device_id));
      await waitFor('every fall is stored as an alarm', async () => (await storedIds()).size === STORM_DEVICES, 30_000, async () => {
        const have = await storedIds();
        return `not stored: ${JSON.stringify(ids.flatMap((deviceId, index) => (have.has(deviceId) ? [] : [describeFall(index)])))}`;
      });
      const rows = (await cluster.admin.query<{ id: number; device_id: string; n: number; repeats: number }>(
        `select min(id)::int as id, device_id, count(*)::int as n, max(repeat_count)::int as repeats from alarms where device_id like $1 group by device_id`,
        [`${prefix}-%`],
      )).rows;
      const stored = new Map(rows.map((row) => [row.device_id, row]));
      assert.deepEqual(ids.flatMap((deviceId, index) => (stored.has(deviceId) ? [] : [describeFall(index)])), [], 'nothing lost');
      assert.deepEqual(rows.filter((row) => row.n !== 1 || row.repeats !== 0).map((row) => ({ ...describeFall(ids.indexOf(row.device_id)), alarms: row.n, repeats: row.repeats })), [], 'nothing doubled: one alarm per fall, no repeat');
      const alarmIds = new Set(rows.map((row) => row.id));

      /*
       * "Reached a surviving console exactly once as new", with refetch: both consoles end on the
       * first process (started again). For each console and each alarm of the storm:
       *   - it came as a new-alarm frame (/alertNotify or /safeAlertNotify) at most once over all
       *     the console's connections: no alarm announced twice (it would sound twice);
       *   - the console knows it: by that frame, or, when the frame was missed (the console's
       *     process died, the bus was cut, a partition's owner died before announcing), by the
       *     pending list it fetched on a (re)open after the server closed it with
       *     SOCKET_CLOSE_REFETCH or its process went away. Nothing else counts.
       * And it knows no alarm of the storm that is not in the database (no phantom, no double).
       * Once the faults are over, a refetch no longer excuses a missed frame: each alarm raised
       * then comes to each console as exactly one new-alarm frame.
       */
      const unknownTo = (view: TestConsole) => rows.filter((row) => !view.newFrames.has(row.id) && !view.refetched.has(row.id));
      await waitFor('every alarm reached both consoles', async () => consoles.every((view) => view.open && !view.refetching && unknownTo(view).length === 0), 30_000, async () =>
        JSON.stringify(consoles.map((view) => ({ console: view.name, open: view.open, unknown: unknownTo(view).slice(0, 10).map((row) => describeFall(ids.indexOf(row.device_id))) }))),
      );
      await sleep(1_000); // a late second announcement would come now
      const stormAlarmOf = new Map(rows.map((row) => [row.id, row.device_id]));
      for (const view of consoles) {
        const twice = [...view.newFrames].filter(([id, frames]) => alarmIds.has(id) && frames > 1).map(([id, frames]) => ({ ...describeFall(ids.indexOf(stormAlarmOf.get(id) ?? '')), frames }));
        assert.deepEqual(twice, [], `${view.name}: no alarm came twice as new`);
        const phantom = [...view.newFrames.keys(), ...view.refetched].filter((id) => !pendingBefore.has(id) && !stormAlarmOf.has(id));
        assert.deepEqual(await describeAlarms(phantom), [], `${view.name}: no alarm it was shown is outside the storm's`);
        assert.equal(view.opens.at(-1), first.baseUrl, `${view.name} ends on the process started again`);
      }
      for (const [index, { victim, survivor, consoles: on }] of kills.entries()) {
        assert.ok(on.length > 0, `kill ${index + 1}: a console was on the killed process`);
        for (const { view, closes, opens } of on) {
          assert.notEqual(view.closes[closes], SOCKET_CLOSE_REFETCH, `kill ${index + 1}: ${view.name} lost its socket with its process (not a refetch close)`);
          assert.equal(view.opens[opens], survivor.baseUrl, `kill ${index + 1}: ${view.name} reconnected to the survivor`);
        }
        assert.notEqual(victim.child.signalCode, null, `kill ${index + 1}: the process died of SIGKILL`);
      }

      // After the faults, both consoles (now on the first process) hear new alarms live: each as one frame, none by refetch.
      const tail = Array.from({ length: TAIL_DEVICES }, (_, index) => `${prefix}-tail-${index}`);
      await insertLogDevices(cluster, tail, FALL_DETECTOR);
      for (const deviceId of tail) await publisher.publishAsync(deviceTopic(deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
      await waitFor('every fall after the faults is stored', async () => (await count(`select count(*)::int as n from alarms where device_id like $1`, [`${prefix}-tail-%`])) === TAIL_DEVICES, 30_000);
      const tailIds = (await cluster.admin.query<{ id: number }>(`select id from alarms where device_id like $1`, [`${prefix}-tail-%`])).rows.map((row) => row.id);
      await waitFor('every alarm after the faults reached both consoles live', async () => consoles.every((view) => tailIds.every((id) => view.newFrames.has(id))), 30_000);
      for (const view of consoles) assert.deepEqual(tailIds.filter((id) => view.newFrames.get(id) !== 1), [], `${view.name}: each alarm after the faults came once as new`);

      // Nothing pending that should not be: the pending list is what it was, plus exactly one alarm per fall.
      const pendingAfter = await fetchPendingList(first.baseUrl, token);
      const added = pendingAfter.filter((alarm) => !pendingBefore.has(alarm.id));
      const allIds = new Set([...alarmIds, ...tailIds]);
      assert.deepEqual(await describeAlarms(added.filter((alarm) => !inStorm(alarm.deviceId) || !allIds.has(alarm.id)).map((alarm) => alarm.id)), [], 'no other alarm became pending');
      assert.equal(added.length, STORM_DEVICES + TAIL_DEVICES, 'one pending alarm per fall');
      assert.deepEqual([...pendingBefore].filter((id) => !pendingAfter.some((alarm) => alarm.id === id)), [], 'what was pending still is');

      assert.ok(alive(first), 'the process started again still runs');
      assert.deepEqual(sharesBefore, [PARTITIONS / 2, PARTITIONS / 2], 'both processes held half the partitions before the faults');
      const viaRefetch = consoles.map((view) => [...alarmIds].filter((id) => !view.newFrames.has(id)).length);
      const stormStart = sentAt[0];
      console.log(JSON.stringify({ deviceLogFailover: { events: STORM_DEVICES, alarms: rows.length, takeoverMs: [firstTakeoverMs, secondTakeoverMs], faultsAtMs: Object.fromEntries(Object.entries(moments).map(([fault, at]) => [fault, at - stormStart])), stormMs: Date.now() - stormStart, onlyByRefetch: Object.fromEntries(consoles.map((view, index) => [view.name, viaRefetch[index]])), consoleOpens: consoles.map((view) => view.opens.length) } }));
    } finally {
      for (const view of consoles) view.stop();
    }
  });
});
