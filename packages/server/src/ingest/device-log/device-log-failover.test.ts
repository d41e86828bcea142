import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deviceTopic, SOCKET_CLOSE_REFETCH } from '@vigil/contracts';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import { randomDeviceId } from '../../test/alarm-fixtures.ts';
import { consoleLogin, fetchPendingList, startTestConsole } from '../../test/console-client.ts';
import { freshPostgres } from '../../test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../../test/processes.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const MOSQUITTO = process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
const NATS = process.env.TEST_NATS_URL?.trim() || 'nats://127.0.0.1:4222';
const PARTITIONS = 8;
const STORM_DEVICES = 300;
/** Falls sent once the faults are over: heard live on every console. */
const TAIL_DEVICES = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 26: two Vigil processes with the durable device log (NATS JetStream) between Mosquitto
 * and the rules. A device's messages are handled by one process, so its rules see all of them;
 * mid-storm, the event bus cut (Redis CLIENT KILL), a process killed with SIGKILL and PostgreSQL
 * backends cut lose no alarm and double none: the dead process's partitions move to the survivor,
 * which handles again what was not marked; every console (one on each process, as the web console
 * connects) hears each alarm once, or fetches it in the pending list when told to refetch.
 */
describe('the device log on two processes: the bus cut, SIGKILL and a cut database mid-storm', { timeout: 150_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: pg.Client;
  let publisher: mqtt.MqttClient;
  let survivor: VigilProcess;
  let victim: VigilProcess;
  let providerId = 0;
  let redis: Redis;
  let channel = '';
  let stream = '';

  before(async () => {
    database = await freshPostgres(POSTGRES);
    const unique = crypto.randomBytes(6).toString('hex');
    channel = `vigil:test:${unique}`;
    stream = `VIGIL_TEST_${unique}`;
    const env = {
      DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: channel, MQTT_URL: MOSQUITTO,
      NATS_URL: NATS, NATS_STREAM: stream, DEVICE_LOG_PARTITIONS: String(PARTITIONS),
    };
    victim = await startVigilProcess({ ...env, VIGIL_TEST_SEED: '1' });
    survivor = await startVigilProcess(env);
    redis = new Redis(REDIS);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    providerId = (await admin.query<{ id: number }>(`select provider_id as id from accounts where user_name = 'demotwoa'`)).rows[0].id;
    publisher = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 5, clientId: `log-test-${unique}`, reconnectPeriod: 0 });
    // The second process has joined: the partitions are shared out, half each.
    await waitFor('the partitions split between the two processes', async () => {
      const owners = await owned();
      return owners.size === 2 && [...owners.values()].every((count) => count === PARTITIONS / 2);
    }, 20_000);
  });
  after(async () => {
    await publisher?.endAsync();
    await admin?.end();
    redis?.disconnect();
    for (const vigil of [victim, survivor]) await vigil?.stop();
    // The stream is this run's own: removed, so runs leave nothing on the NATS server.
    const nats = await connectNats({ servers: NATS }).catch(() => null);
    if (nats) {
      await (await nats.jetstreamManager()).streams.delete(stream).catch(() => false);
      await nats.close();
    }
    await database?.drop();
  });

  /** Live owners and how many partitions each holds. */
  async function owned(): Promise<Map<string, number>> {
    const rows = (await admin.query<{ owner: string; n: number }>(`select owner, count(*)::int as n from device_log_partitions where owner is not null and lease_until > $1 group by owner`, [Date.now()])).rows;
    return new Map(rows.map((row) => [row.owner, row.n]));
  }

  async function metricsOf(vigil: VigilProcess): Promise<string> {
    return (await fetch(`${vigil.baseUrl}/metrics`)).text();
  }
  /** vigil_event_bus_interruptions_total{reason="disconnect"}. */
  const interruptions = (metrics: string) => Number(/^vigil_event_bus_interruptions_total\{reason="disconnect"\} (\d+)/m.exec(metrics)?.[1] ?? 0);

  /** Kills the bus connections of both processes (named after the channel), as a Redis restart would. */
  async function killBusConnections(): Promise<number> {
    const list = String(await redis.call('CLIENT', 'LIST'));
    const ids = list.split('\n').filter((line) => line.includes('name=vigil-bus-') && line.includes(channel)).map((line) => /\bid=(\d+)/.exec(line)?.[1]).filter((id): id is string => id !== undefined);
    for (const id of ids) await redis.call('CLIENT', 'KILL', 'ID', id);
    return ids.length;
  }

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return;
      await sleep(200);
    }
    assert.fail(`timed out waiting until ${what}`);
  }

  async function insertDevices(ids: string[], deviceType: number): Promise<void> {
    const time = Date.now();
    await admin.query(
      `insert into devices (device_id, cipher_id, device_type, device_key, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
       select id, 'C' || id, $2, md5(id), $3, 'none', 0, '', '{}', '', $4, $4 from unnest($1::text[]) as id`,
      [ids, deviceType, providerId, time],
    );
  }

  test('a sleep monitor\'s short breathing pauses raise no BREATH_STOP through two processes; a long pause raises one', async () => {
    const deviceId = randomDeviceId('LOGSM');
    await insertDevices([deviceId], 49);
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
    await waitFor('the long pause raised BREATH_STOP', async () => (await admin.query(`select 1 from alarms where device_id = $1 and alert_type = 'BREATH_STOP'`, [deviceId])).rowCount === 1, 20_000);
    const raised = (await admin.query<{ raised_at: number }>(`select raised_at::float8 as raised_at from alarms where device_id = $1 and alert_type = 'BREATH_STOP'`, [deviceId])).rows;
    assert.equal(raised.length, 1, 'one BREATH_STOP');
    assert.ok(raised[0].raised_at >= longPauseAt + 20_000, 'raised by the long pause, not by the short ones taken together');
  });

  test('mid-storm: the bus cut, a process killed with SIGKILL, PostgreSQL backends cut: every fall is exactly one alarm, on every surviving console once', async () => {
    const prefix = randomDeviceId('LOGX');
    const ids = Array.from({ length: STORM_DEVICES }, (_, index) => `${prefix}-${index}`);
    const inStorm = (deviceId: string) => deviceId.startsWith(`${prefix}-`);
    await insertDevices(ids, 21007);
    const ownersBefore = [...(await owned()).keys()];

    // One console on each process, signed in as the console does; a console whose process is gone
    // reconnects (4 s later, as the web console does) to the survivor, as a load balancer would send it.
    let victimAlive = true;
    const consoles = [
      startTestConsole({ name: 'console of the killed process', session: await consoleLogin(victim.baseUrl, 'demotwoa'), target: () => (victimAlive ? victim.baseUrl : survivor.baseUrl) }),
      startTestConsole({ name: 'console of the survivor', session: await consoleLogin(survivor.baseUrl, 'demotwoa'), target: () => survivor.baseUrl }),
    ];
    try {
      await waitFor('both consoles are open', async () => consoles.every((view) => view.open && !view.refetching), 20_000);
      const token = (await consoleLogin(survivor.baseUrl, 'demotwoa')).token;
      const pendingBefore = new Set((await fetchPendingList(survivor.baseUrl, token)).map((alarm) => alarm.id));

      const send = async (from: number, to: number, during?: (index: number) => Promise<void>) => {
        for (let index = from; index < to; index++) {
          await publisher.publishAsync(deviceTopic(ids[index], 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
          await during?.(index - from);
          await sleep(15);
        }
      };
      // The storm in three thirds, each fault while falls are being published.
      const third = STORM_DEVICES / 3;
      await send(0, third);

      // Second third: the event bus cut (Redis CLIENT KILL on both processes' bus connections).
      const cutAt = { victim: interruptions(await metricsOf(victim)), survivor: interruptions(await metricsOf(survivor)) };
      const refetchClosesBefore = consoles.map((view) => view.closes.filter((code) => code === SOCKET_CLOSE_REFETCH).length);
      const second = send(third, 2 * third);
      assert.ok((await killBusConnections()) >= 4, 'both processes\' bus connections (two each) were cut');
      for (const [name, vigil, before] of [['killed process', victim, cutAt.victim], ['survivor', survivor, cutAt.survivor]] as const) {
        await waitFor(`the ${name} counts the bus interruption in /metrics`, async () => interruptions(await metricsOf(vigil)) > before, 20_000);
        assert.ok(vigil.logs.some((line) => line.msg.startsWith('redis event bus interrupted')), `the ${name} logged the interruption`);
        assert.ok(vigil.logs.some((line) => line.msg.startsWith('redis event bus works again')), `the ${name} logged that it reconnected`);
      }
      await waitFor('every console is told to refetch (closed with SOCKET_CLOSE_REFETCH)', async () => consoles.every((view, index) => view.closes.filter((code) => code === SOCKET_CLOSE_REFETCH).length > refetchClosesBefore[index]), 20_000);
      await second;
      await waitFor('both consoles are open again (reconnected and refetched)', async () => consoles.every((view) => view.open && !view.refetching), 20_000);
      const victimConsoleBeforeKill = { closes: consoles[0].closes.length, opens: consoles[0].opens.length };
      assert.equal(consoles[0].opens.at(-1), victim.baseUrl, 'the console of the process to be killed is on it');

      // Last third: SIGKILL on one process, then the survivor's PostgreSQL connections cut.
      let killedAt = 0;
      let cut = 0;
      let survivorConsoleClosesAtKill = 0;
      await send(2 * third, STORM_DEVICES, async (index) => {
        if (index === 10) {
          await victim.kill();
          victimAlive = false;
          killedAt = Date.now();
          survivorConsoleClosesAtKill = consoles[1].closes.length;
        }
        if (index === 40) {
          cut = (await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'vigil'`)).rowCount ?? 0;
        }
      });
      assert.ok(cut >= 1, 'the survivor\'s connections were cut');

      let takeoverMs = 0;
      await waitFor('the survivor owns every partition', async () => {
        const owners = await owned();
        const all = owners.size === 1 && [...owners.values()][0] === PARTITIONS;
        if (all && takeoverMs === 0) takeoverMs = Date.now() - killedAt;
        return all;
      }, 30_000);
      // The dead owner may have committed alarms it never announced: taking its partitions over makes every console refetch.
      await waitFor('the takeover is counted and the survivor\'s console told to refetch', async () => {
        const takeovers = Number(/^vigil_device_log_takeovers_total (\d+)/m.exec(await metricsOf(survivor))?.[1] ?? 0);
        return takeovers >= 1 && consoles[1].closes.slice(survivorConsoleClosesAtKill).includes(SOCKET_CLOSE_REFETCH);
      }, 30_000);
      await waitFor('every fall is stored as an alarm', async () => (await admin.query<{ n: number }>(`select count(distinct device_id)::int as n from alarms where device_id like $1`, [`${prefix}-%`])).rows[0].n === STORM_DEVICES, 30_000);
      const rows = (await admin.query<{ id: number; device_id: string; n: number; repeats: number }>(
        `select min(id)::int as id, device_id, count(*)::int as n, max(repeat_count)::int as repeats from alarms where device_id like $1 group by device_id`,
        [`${prefix}-%`],
      )).rows;
      assert.equal(rows.length, STORM_DEVICES, 'nothing lost');
      assert.deepEqual(rows.filter((row) => row.n !== 1 || row.repeats !== 0), [], 'nothing doubled: one alarm per fall, no repeat');
      const alarmIds = new Set(rows.map((row) => row.id));

      /*
       * "Reached a surviving console exactly once as new", with refetch: both consoles end on the
       * survivor (the killed process's console reconnected there). For each console and each alarm
       * of the storm:
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
      await waitFor('every alarm reached both consoles', async () => consoles.every((view) => view.open && !view.refetching && [...alarmIds].every((id) => view.newFrames.has(id) || view.refetched.has(id))), 30_000);
      await sleep(1_000); // a late second announcement would come now
      const stormAlarmOf = new Map(rows.map((row) => [row.id, row.device_id]));
      for (const view of consoles) {
        const twice = [...view.newFrames].filter(([id, count]) => alarmIds.has(id) && count > 1);
        assert.deepEqual(twice, [], `${view.name}: no alarm came twice as new`);
        const phantom = [...view.newFrames.keys(), ...view.refetched].filter((id) => !pendingBefore.has(id) && !stormAlarmOf.has(id));
        assert.deepEqual(phantom, [], `${view.name}: no alarm it was shown is outside the storm's`);
        assert.equal(view.opens.at(-1), survivor.baseUrl, `${view.name} ends on the survivor`);
      }
      const [ofVictim, ofSurvivor] = consoles;
      assert.notEqual(ofVictim.closes[victimConsoleBeforeKill.closes], SOCKET_CLOSE_REFETCH, 'the killed process\'s console lost its socket with its process (not a refetch close)');
      assert.ok(ofVictim.opens.length > victimConsoleBeforeKill.opens && ofVictim.opens.slice(victimConsoleBeforeKill.opens).every((url) => url === survivor.baseUrl), 'and reconnected to the survivor');

      // After the faults, both consoles (now on the survivor) hear new alarms live: each as one frame, none by refetch.
      const tail = Array.from({ length: TAIL_DEVICES }, (_, index) => `${prefix}-tail-${index}`);
      await insertDevices(tail, 21007);
      for (const deviceId of tail) await publisher.publishAsync(deviceTopic(deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
      await waitFor('every fall after the faults is stored', async () => (await admin.query<{ n: number }>(`select count(*)::int as n from alarms where device_id like $1`, [`${prefix}-tail-%`])).rows[0].n === TAIL_DEVICES, 30_000);
      const tailIds = (await admin.query<{ id: number }>(`select id from alarms where device_id like $1`, [`${prefix}-tail-%`])).rows.map((row) => row.id);
      await waitFor('every alarm after the faults reached both consoles live', async () => consoles.every((view) => tailIds.every((id) => view.newFrames.has(id))), 30_000);
      for (const view of consoles) assert.deepEqual(tailIds.filter((id) => view.newFrames.get(id) !== 1), [], `${view.name}: each alarm after the faults came once as new`);

      // Nothing pending that should not be: the pending list is what it was, plus exactly one alarm per fall.
      const pendingAfter = await fetchPendingList(survivor.baseUrl, token);
      const added = pendingAfter.filter((alarm) => !pendingBefore.has(alarm.id));
      const allIds = new Set([...alarmIds, ...tailIds]);
      assert.deepEqual(added.filter((alarm) => !inStorm(alarm.deviceId) || !allIds.has(alarm.id)), [], 'no other alarm became pending');
      assert.equal(added.length, STORM_DEVICES + TAIL_DEVICES, 'one pending alarm per fall');
      assert.deepEqual([...pendingBefore].filter((id) => !pendingAfter.some((alarm) => alarm.id === id)), [], 'what was pending still is');

      assert.equal(survivor.child.exitCode ?? survivor.child.signalCode, null, 'the survivor still runs');
      assert.equal(ownersBefore.length, 2, 'both processes owned partitions before the kill');
      const viaRefetch = consoles.map((view) => [...alarmIds].filter((id) => !view.newFrames.has(id)).length);
      console.log(JSON.stringify({ deviceLogFailover: { events: STORM_DEVICES, alarms: rows.length, takeoverMs, onlyByRefetch: { killedProcessConsole: viaRefetch[0], survivorConsole: viaRefetch[1] }, survivorConsoleOpens: ofSurvivor.opens.length } }));
    } finally {
      for (const view of consoles) view.stop();
    }
  });
});
