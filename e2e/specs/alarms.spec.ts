import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { soundLog, spyOnSound } from '../support/sound-spy.ts';
import { deviceKeysOf } from '../support/device-keys.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectCount } from '../support/wait.ts';

/**
 * Issue 10 from two consoles of the same care home: a fall radar reports a fall over the
 * device protocol's HTTP leg (docs/device-protocol.md); both consoles pop it up and list it
 * as pending; one handles it with a reason; on the other the popup and the pending entry go.
 */

type RadarRoom = { room_id: number; provider_id: number; room_name: string; resident_id: number | null };

/**
 * Puts a fall radar in the device registry, bound to a room of Sunrise Riverside Home (the
 * first room, or the room of an admitted resident's bed), as the devices module would
 * (SQLite file of the e2e server; PostgreSQL when DATABASE_URL is set).
 */
async function registerRadar(vigil: RunningVigil, where: 'firstRoom' | 'residentRoom' = 'firstRoom'): Promise<{ deviceId: string; key: string; room: string; residentId: number | null }> {
  const deviceId = `E2E-${crypto.randomBytes(5).toString('hex')}`;
  const key = crypto.randomBytes(16).toString('hex');
  const now = Date.now();
  const find =
    where === 'firstRoom'
      ? `SELECT r.id AS room_id, r.provider_id, r.name AS room_name, NULL AS resident_id FROM rooms r JOIN providers p ON p.id = r.provider_id WHERE p.name = 'Sunrise Riverside Home' ORDER BY r.id LIMIT 1`
      : `SELECT r.id AS room_id, r.provider_id, r.name AS room_name, res.id AS resident_id FROM residents res JOIN beds b ON b.id = res.bed_id JOIN rooms r ON r.id = b.room_id
         JOIN providers p ON p.id = res.provider_id WHERE p.name = 'Sunrise Riverside Home' AND res.state = 'admitted' ORDER BY res.id LIMIT 1`;
  const insert = `INSERT INTO devices (device_id, cipher_id, device_type, device_key, provider_id, room_id, online, settings, pairing, remark, location, created_at, updated_at)
    VALUES ($1, $2, 21007, $3, $4, $5, 1, '{}', 'none', '', '', $6, $6)`;
  if (vigil.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: vigil.databaseUrl });
    await client.connect();
    const room = (await client.query<RadarRoom>(find)).rows[0];
    await client.query(insert, [deviceId, `C${deviceId}`, deviceKeysOf(vigil).seal(key), room.provider_id, room.room_id, now]);
    await client.end();
    return { deviceId, key, room: room.room_name, residentId: room.resident_id };
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(vigil.dataDir, 'vigil.db'));
    const room = db.prepare<[], RadarRoom>(find).get();
    assert.ok(room, 'the demo has a room in Sunrise Riverside Home');
    db.prepare(insert.replace(/\$\d/g, '?')).run(deviceId, `C${deviceId}`, deviceKeysOf(vigil).seal(key), room.provider_id, room.room_id, now, now);
    db.close();
    return { deviceId, key, room: room.room_name, residentId: room.resident_id };
  }
}

/**
 * Puts a gateway host (online, with its key) and a paired motion sensor under it in the
 * resident's room, as the pairing wizard leaves them; the host reports for the sensor.
 */
async function registerRoomMotion(vigil: RunningVigil, residentId: number): Promise<{ hostId: string; key: string; sensorId: string }> {
  const hostId = `E2E-H${crypto.randomBytes(4).toString('hex')}`;
  const sensorId = `E2E-M${crypto.randomBytes(4).toString('hex')}`;
  const key = crypto.randomBytes(16).toString('hex');
  const now = Date.now();
  const find = `SELECT b.room_id AS room_id, res.provider_id AS provider_id FROM residents res JOIN beds b ON b.id = res.bed_id WHERE res.id = $1`;
  const insert = `INSERT INTO devices (device_id, cipher_id, device_type, device_key, provider_id, room_id, host_id, online, settings, pairing, tested, remark, location, created_at, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 1, '{}', $8, $9, '', $10, $11, $11)`;
  const hostIdOf = `SELECT id FROM devices WHERE device_id = $1`;
  type Room = { room_id: number; provider_id: number };
  // Keys are kept sealed with the server's device-key secret (docs/devices.md).
  const sealed = deviceKeysOf(vigil).seal(key);
  const sensorKey = deviceKeysOf(vigil).seal(crypto.randomBytes(16).toString('hex'));
  if (vigil.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: vigil.databaseUrl });
    await client.connect();
    const room = (await client.query<Room>(find, [residentId])).rows[0];
    await client.query(insert, [hostId, `C${hostId}`, 21008, sealed, room.provider_id, room.room_id, null, 'none', 0, 'corridor', now]);
    const host = (await client.query<{ id: number }>(hostIdOf, [hostId])).rows[0];
    await client.query(insert, [sensorId, `C${sensorId}`, 21010, sensorKey, room.provider_id, room.room_id, host.id, 'paired', 1, 'by the bed', now]);
    await client.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(vigil.dataDir, 'vigil.db'));
    const room = db.prepare<[number], Room>(find.replace(/\$\d+/g, '?')).get(residentId);
    assert.ok(room, 'the resident lies on a bed');
    const run = (...values: unknown[]) => db.prepare(insert.replace(/\$\d+/g, '?')).run(...values.slice(0, 10), now, now);
    run(hostId, `C${hostId}`, 21008, sealed, room.provider_id, room.room_id, null, 'none', 0, 'corridor');
    const host = db.prepare<[string], { id: number }>(hostIdOf.replace(/\$\d+/g, '?')).get(hostId);
    run(sensorId, `C${sensorId}`, 21010, sensorKey, room.provider_id, room.room_id, host?.id, 'paired', 1, 'by the bed');
    db.close();
  }
  return { hostId, key, sensorId };
}

describe('alarms on two consoles (issue 10)', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let first: Page;
  let second: Page;
  const live = new Map<Page, Promise<void>>();

  before(async () => {
    // Sound as on a night-desk console whose operator has clicked once (the blocked-audio notice is unit-tested).
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser(['--autoplay-policy=no-user-gesture-required'])]);
    [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const context = await newContext(browser, vigil.baseUrl, 1440);
        // Sees the tone and the speech: wraps the sound APIs before the console's scripts load.
        await spyOnSound(context);
        const page = await context.newPage();
        // Popups are for alarms raised while the console listens: note when its socket login is accepted.
        live.set(page, new Promise<void>((resolve) => {
          page.on('websocket', (socket) => socket.on('framereceived', (frame) => {
            if (/"path":"\/login"/.test(String(frame.payload)) && /"code":200/.test(String(frame.payload))) resolve();
          }));
        }));
        await login(page, 'demotwoa');
        await page.goto('/realMonitor/index');
        // A click lets the browser play sound (autoplay policy), as an operator's first click does.
        await page.mouse.click(720, 450);
        return page;
      }),
    );
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('a fall pops up and is listed on both consoles; handled on one, it goes from the other', async (t) => {
    const probe = await fetch(`${vigil.baseUrl}/api/device/v1/E2E-none/event`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    // Without ingest the route is unknown (HTTP 404, "No such API operation"); with it an unknown device gets 401.
    if (probe.status === 404) {
      t.skip('this build has no HTTP device ingest yet (POST /api/device/v1/{deviceId}/event)');
      return;
    }
    await Promise.all([first, second].map((page) => live.get(page)));
    const radar = await registerRadar(vigil);
    const sent = await fetch(`${vigil.baseUrl}/api/device/v1/${radar.deviceId}/event`, {
      method: 'POST',
      headers: { authorization: `Bearer ${radar.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }),
    });
    assert.equal(sent.status, 200, await sent.text());

    // Popups stay 10 s: wait for both at once, then check what stays (the list, the sound, the speech).
    await Promise.all([first, second].map((page) => page.getByRole('alert').filter({ hasText: /fall/i }).first().waitFor({ timeout: 15_000 })));
    for (const page of [first, second]) {
      await page.getByRole('region', { name: /Pending alarms/ }).waitFor();
      // Both consoles sound it: the level-1 tone (Web Audio oscillators, context running),
      // then the sentence in the operator's language, "<floor> <room>: Fall".
      const spoken = (log: Awaited<ReturnType<typeof soundLog>>) => log.speech.filter((entry) => entry.text.includes(radar.room) && / Fall$/.test(entry.text));
      const until = Date.now() + 15_000;
      let log = await soundLog(page);
      while (spoken(log).length === 0 && Date.now() < until) {
        await page.waitForTimeout(200);
        log = await soundLog(page);
      }
      assert.ok(log.tones.length > 0, 'an alarm tone started');
      assert.ok(log.tones.every((tone) => tone.state === 'running'), `tones played in a running audio context: ${JSON.stringify(log.tones.slice(0, 3))}`);
      assert.ok(spoken(log).length > 0, `the fall was spoken: ${JSON.stringify(log.speech)}`);
      assert.equal(spoken(log)[0].lang, 'en-US');
    }
    await screenshot(first, 'alarm-popup-1440');
    await assertAccessible(first, 'monitoring with an alarm popup');

    await first.getByRole('region', { name: /Pending alarms/ }).getByRole('button', { name: /^Handle Fall/ }).first().click();
    const dialog = first.getByRole('dialog', { name: 'Handle alarm' });
    await dialog.getByRole('radio', { name: 'Checked and dealt with (normal)' }).check();
    await dialog.getByRole('radio', { name: 'Resident helped back into bed' }).check();
    await dialog.getByRole('textbox', { name: 'Remark' }).fill('Helped up, no injury');
    await screenshot(first, 'handle-dialog-1440');
    await assertAccessible(first, 'handling dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    for (const page of [first, second]) {
      await expectCount(page.getByRole('region', { name: /Pending alarms/ }), 0, 15_000);
      await expectCount(page.getByRole('region', { name: 'New alarms' }), 0, 15_000);
    }

    await second.goto('/alarm-log/alarmIndex');
    await second.getByText(/Processed by/).first().waitFor();
    await assertAccessible(second, 'alarm log after handling');
  });

  test("the household page shows where the fall radar sees the resident, the live chart with its movement line, and the room's motion sensor now", async (t) => {
    const radar = await registerRadar(vigil, 'residentRoom');
    if (radar.residentId === null) {
      t.skip('the demo has no admitted resident in a bed');
      return;
    }
    const sent = await fetch(`${vigil.baseUrl}/api/device/v1/${radar.deviceId}/event`, {
      method: 'POST',
      headers: { authorization: `Bearer ${radar.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), type: 'site', status: 1, x: 1.2, y: 2.5 }),
    });
    assert.equal(sent.status, 200, await sent.text());
    // Spec 02 §4: the room's motion sensor says occupied, then unoccupied, in words, without reloading.
    const motion = await registerRoomMotion(vigil, radar.residentId);
    const report = async (status: number) => {
      const answer = await fetch(`${vigil.baseUrl}/api/device/v1/${motion.hostId}/event`, {
        method: 'POST',
        headers: { authorization: `Bearer ${motion.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ts: Date.now(), type: 'motion', status, sub: motion.sensorId }),
      });
      assert.equal(answer.status, 200, await answer.text());
    };
    await report(1);
    await second.goto(`/realMonitor/resident?userId=${radar.residentId}`);
    const site = second.getByTestId('radar-site').filter({ hasText: /1\.2 m sideways and 2\.5 m ahead/ });
    await site.waitFor({ timeout: 15_000 });
    await site.locator('svg').waitFor();
    await second.getByRole('img', { name: 'Heart rate, breathing rate and body movement over the last 10 minutes' }).waitFor();
    const sensor = second.getByTestId('room-sensor').filter({ hasText: motion.sensorId });
    await sensor.filter({ hasText: 'Motion: Occupied' }).waitFor({ timeout: 15_000 });
    await report(0);
    await sensor.filter({ hasText: 'Motion: Unoccupied' }).waitFor({ timeout: 15_000 });
    await screenshot(second, 'household-radar-site-1440');
    await assertAccessible(second, 'household page with the fall radar site');

    // On a phone (390 px) the page, the radar drawing included, does not scroll sideways.
    const phone = await (await newContext(browser, vigil.baseUrl, 390)).newPage();
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    await login(phone, 'demotwoa');
    await phone.goto(`/realMonitor/resident?userId=${radar.residentId}`);
    await phone.getByTestId('radar-site').filter({ hasText: /1\.2 m sideways/ }).locator('svg').waitFor({ timeout: 15_000 });
    await phone.getByTestId('room-sensor').filter({ hasText: 'Motion: Unoccupied' }).waitFor({ timeout: 15_000 });
    await phone.waitForTimeout(500);
    assert.deepEqual(errors, [], 'no script error on the household page');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the household page scrolls sideways by ${overflow}px at 390 px`);
    await screenshot(phone, 'household-radar-site-390');
    await phone.getByTestId('room-sensors').scrollIntoViewIfNeeded();
    await screenshot(phone, 'household-room-sensors-390');
    await phone.context().close();
  });
});
