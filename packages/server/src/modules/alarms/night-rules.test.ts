import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import type { AlertType, DevicePlacement, TelemetrySample } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/** The care home's zone: 03:00 there is 19:00 UTC the day before. */
const ZONE = 'Asia/Shanghai';
/** A wall-clock time in Shanghai (UTC+8, no daylight saving) on a fixed past day. */
const shanghai = (hour: number, minute = 0) => Date.UTC(2026, 10, 20, hour - 8, minute);

/** One-second samples from `from` for `seconds`, in bed or out. */
function samples(from: number, seconds: number, bed: 'in' | 'out'): TelemetrySample[] {
  return Array.from({ length: seconds }, (_, i) => ({ t: from + i * 1000, hr: bed === 'in' ? 62 : 0, rr: bed === 'in' ? 14 : 0, move: 0, bed, state: bed === 'in' ? ('light' as const) : undefined }));
}

/**
 * Issue 25 item 2: the left-bed rules apply inside the resident's sleep schedule (the monitor's
 * setting, default 21:00–07:00, on the care home's clock), and their timers survive a restart
 * (device_rule_states). Sample times move the clock; nothing waits.
 */
describe('left-bed rules: sleep schedule and restart', () => {
  let server: TestServer;
  let token: string;
  let dayPlacement: DevicePlacement & { providerId: number };
  let nightPlacement: DevicePlacement & { providerId: number };
  let dayMonitor: string;
  let nightMonitor: string;

  before(async () => {
    server = await startTestServer({ demo: true });
    const session = await server.login('demotwoa');
    token = session.token;
    const providerId = session.providerId ?? 0;
    const place = await buildPlace(server, token, { area: 'Night Wing', floor: '1F', rooms: '101', beds: '1,2' });
    for (const [index, name] of ['Up At Noon', 'Up At Three'].entries()) {
      const resident = await server.call(api.insertUser, { name, gender: 'female', birthDate: '1938-03-03', bunkId: place.bedIds[index] }, { token });
      assert.equal(resident.status, 200, resident.msg);
    }
    const db = server.vigil.database.db;
    await db.updateTable('providers').set({ time_zone: ZONE }).where('id', '=', providerId).execute();
    dayPlacement = { providerId, bedId: place.bedIds[0], roomId: place.roomIds[0], residentId: null };
    nightPlacement = { providerId, bedId: place.bedIds[1], roomId: place.roomIds[0], residentId: null };
    dayMonitor = await insertDevice(db, { deviceType: 49, ...dayPlacement });
    nightMonitor = await insertDevice(db, { deviceType: 49, ...nightPlacement });
  });
  after(async () => {
    await server?.close();
  });

  async function send(deviceId: string, placement: DevicePlacement & { providerId: number }, batch: TelemetrySample[]): Promise<void> {
    // Minute-long batches, as a monitor reports.
    for (let start = 0; start < batch.length; start += 60) {
      await server.vigil.bus.publish('device.samples', { deviceId, deviceType: 49, receivedAt: batch[start].t, ...placement, samples: batch.slice(start, start + 60) });
    }
    await server.vigil.alarms.pipeline.drain();
  }
  const alarmsOf = async (deviceId: string, alertType: AlertType) =>
    server.vigil.database.db.selectFrom('alarms').select(['id', 'alert_level', 'raised_at']).where('device_id', '=', deviceId).where('alert_type', '=', alertType).execute();

  test('up at noon for 20 minutes: no left-bed alarm; out of bed at 03:00: left bed, then out too long (red)', async () => {
    await send(dayMonitor, dayPlacement, [...samples(shanghai(11, 50), 120, 'in'), ...samples(shanghai(11, 52), 20 * 60, 'out')]);
    assert.equal((await alarmsOf(dayMonitor, 'LEFT_BED')).length, 0, 'leaving the bed at noon is no alarm');
    assert.equal((await alarmsOf(dayMonitor, 'LEFT_BED_OVERTIME')).length, 0, 'up at noon is not "out of bed too long"');

    await send(nightMonitor, nightPlacement, [...samples(shanghai(2, 58), 120, 'in'), ...samples(shanghai(3, 0), 16 * 60, 'out')]);
    assert.equal((await alarmsOf(nightMonitor, 'LEFT_BED')).length, 1, 'left bed at 03:00');
    const overtime = await alarmsOf(nightMonitor, 'LEFT_BED_OVERTIME');
    assert.equal(overtime.length, 1, 'out of bed 15 minutes at night');
    assert.equal(overtime[0].alert_level, api.DEFAULT_ALERT_LEVEL_SETTING.levels.leftBed);
    assert.equal(Number(overtime[0].raised_at), shanghai(3, 15));
  });

  test('a timer started before a restart goes on after it: out at 03:30, restart, alarm at 03:45 (not 15 minutes after the restart)', async () => {
    // Back to bed (relieves the night's alarms), then out again at 03:30; the process stops at 03:40.
    await send(nightMonitor, nightPlacement, [...samples(shanghai(3, 20), 600, 'in'), ...samples(shanghai(3, 30), 10 * 60, 'out')]);
    assert.equal((await alarmsOf(nightMonitor, 'LEFT_BED_OVERTIME')).length, 1, 'no second overtime yet');
    // The noon resident is still up at 12:20 when the process stops.
    await server.restart();
    const rows = await server.vigil.database.db.selectFrom('device_rule_states').select('device_id').execute();
    assert.ok(rows.some((row) => row.device_id === nightMonitor), 'the rule state was saved');

    await send(nightMonitor, nightPlacement, samples(shanghai(3, 40), 6 * 60, 'out'));
    const overtime = await alarmsOf(nightMonitor, 'LEFT_BED_OVERTIME');
    assert.equal(overtime.length, 2, 'the 03:30 episode reached 15 minutes across the restart');
    assert.equal(Number(overtime[1].raised_at), shanghai(3, 45));

    await send(dayMonitor, dayPlacement, samples(shanghai(12, 30), 30 * 60, 'out'));
    assert.equal((await alarmsOf(dayMonitor, 'LEFT_BED_OVERTIME')).length, 0, 'still none at noon after the restart');
  });

  test('the schedule is the monitor\'s own: a resident whose night is 13:00–16:00 gets the alarm at 14:00 and none at 20:00', async () => {
    const db = server.vigil.database.db;
    await db.updateTable('devices').set({ settings: JSON.stringify({ sleepSchedule: { bedTime: '13:00', wakeTime: '16:00' } }) }).where('device_id', '=', dayMonitor).execute();
    await server.restart();
    await send(dayMonitor, dayPlacement, [...samples(shanghai(13, 58), 120, 'in'), ...samples(shanghai(14, 0), 16 * 60, 'out')]);
    assert.equal((await alarmsOf(dayMonitor, 'LEFT_BED_OVERTIME')).length, 1, 'out too long inside the 13:00–16:00 schedule');
    await send(dayMonitor, dayPlacement, [...samples(shanghai(19, 58), 120, 'in'), ...samples(shanghai(20, 0), 20 * 60, 'out')]);
    assert.equal((await alarmsOf(dayMonitor, 'LEFT_BED_OVERTIME')).length, 1, 'none at 20:00, outside it');
  });
});
