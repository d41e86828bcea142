import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { holdSpeech, soundLog, spyOnSound, type SoundLog } from '../support/sound-spy.ts';
import { deviceKeysOf } from '../support/device-keys.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectCount, settled, waitFor } from '../support/wait.ts';
import { query } from '../support/sql.ts';

/**
 * Issue 25's night shift (items 1, 3, 5): an SOS left unhandled for more than an hour (its
 * raised time moved back in the database, not waited) is still listed, counted and spoken; a
 * door reminder never escalates, and an SOS raised behind 20 reminders is spoken first; several
 * alarms are handled at once; the pending panel folds and keeps that across a reload, and the
 * page makes room for it. Devices report over the device protocol's HTTP leg.
 */

type Room = { room_id: number; provider_id: number; room_name: string };

interface Device {
  deviceId: string;
  key: string;
  room: string;
}

/** Puts a device in the registry, bound to the n-th room of Sunrise Riverside Home, as the devices module would. */
async function registerDevice(vigil: RunningVigil, deviceType: number, roomIndex: number): Promise<Device> {
  const deviceId = `NS-${crypto.randomBytes(5).toString('hex')}`;
  const key = crypto.randomBytes(16).toString('hex');
  const rooms = await query<Room>(vigil, `SELECT r.id AS room_id, r.provider_id, r.name AS room_name FROM rooms r JOIN providers p ON p.id = r.provider_id WHERE p.name = 'Sunrise Riverside Home' ORDER BY r.id`);
  const room = rooms[roomIndex % rooms.length];
  assert.ok(room, 'the demo has rooms in Sunrise Riverside Home');
  await query(
    vigil,
    `INSERT INTO devices (device_id, cipher_id, device_type, device_key, provider_id, room_id, online, settings, pairing, remark, location, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 1, '{}', 'none', '', '', $7, $8)`,
    [deviceId, `C${deviceId}`, deviceType, deviceKeysOf(vigil).seal(key), room.provider_id, room.room_id, Date.now(), Date.now()],
  );
  return { deviceId, key, room: room.room_name };
}

async function sendEvent(vigil: RunningVigil, device: Device, type: string, status: number): Promise<void> {
  const sent = await fetch(`${vigil.baseUrl}/api/device/v1/${device.deviceId}/event`, {
    method: 'POST',
    headers: { authorization: `Bearer ${device.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ts: Date.now(), type, status }),
  });
  assert.equal(sent.status, 200, await sent.text());
}

type AlarmRow = { id: number; alert_type: string; alert_level: number; escalated_at: number | null; deal_state: string; handler_name: string | null; remark: string | null };

async function alarmsOf(vigil: RunningVigil, device: Device): Promise<AlarmRow[]> {
  return query<AlarmRow>(vigil, 'SELECT id, alert_type, alert_level, escalated_at, deal_state, handler_name, remark FROM alarms WHERE device_id = $1 ORDER BY id', [device.deviceId]);
}

async function openAlarm(vigil: RunningVigil, device: Device): Promise<AlarmRow> {
  return waitFor(async () => (await alarmsOf(vigil, device)).find((row) => row.deal_state === 'unDeal'), (row) => row !== undefined, `an open alarm of ${device.deviceId}`) as Promise<AlarmRow>;
}

/** Moves an alarm's raised time back (the clock moved; nothing waits an hour). */
async function age(vigil: RunningVigil, device: Device, ms: number): Promise<void> {
  const at = Date.now() - ms;
  await query(vigil, 'UPDATE alarms SET raised_at = $1, last_at = $2 WHERE device_id = $3', [at, at, device.deviceId]);
}

const spokenWith = (log: SoundLog, room: string, what: string) => log.speech.filter((entry) => entry.text.includes(room) && entry.text.endsWith(`: ${what}`));

async function speechOf(page: Page, accept: (log: SoundLog) => boolean, what: string): Promise<SoundLog> {
  return waitFor(() => soundLog(page), accept, what, 20_000);
}

describe('the night shift (issue 25)', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;
  let oldSos: Device;
  let newSos: Device;
  let control: Device;
  const doors: Device[] = [];

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser(['--autoplay-policy=no-user-gesture-required'])]);
    // Rooms 0 and 1 hold the two SOS buttons, room 2 a low-battery control, rooms 3… the doors.
    oldSos = await registerDevice(vigil, 20993, 0);
    newSos = await registerDevice(vigil, 20993, 1);
    control = await registerDevice(vigil, 20993, 2);
    for (let index = 0; index < 20; index++) doors.push(await registerDevice(vigil, 20995, 3 + index));
    // An emergency call at 12:49 that nobody answered: raised over the device protocol, then its time moved back 75 minutes.
    await sendEvent(vigil, oldSos, 'sos', 1);
    await openAlarm(vigil, oldSos);
    await age(vigil, oldSos, 75 * 60_000);

    const context = await newContext(browser, vigil.baseUrl, 1440);
    await spyOnSound(context);
    page = await context.newPage();
    await login(page, 'demotwoa');
    await page.goto('/realMonitor/residentList');
    await page.mouse.click(720, 450);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('an SOS unhandled for 75 minutes is listed, counted (panel and bell) and spoken', async () => {
    const panel = page.getByRole('region', { name: /Pending alarms/ });
    await panel.getByText(oldSos.room).first().waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: new RegExp(`Handle Emergency call: .*${oldSos.room}`) }).waitFor();
    const open = await query<{ n: number | string }>(vigil, `SELECT count(*) AS n FROM alarms a JOIN providers p ON p.id = a.provider_id WHERE p.name = 'Sunrise Riverside Home' AND a.open_key IS NOT NULL`);
    const count = Number(open[0].n);
    assert.ok(count >= 1);
    await page.getByRole('button', { name: new RegExp(`Alarm log: ${count} alarms? pending`) }).waitFor();
    assert.match((await page.getByRole('heading', { name: /Pending alarms/ }).textContent()) ?? '', new RegExp(`^${count}`));
    // Spoken: once as it is, and, red and past the escalation time, again as escalated.
    const log = await speechOf(page, (seen) => spokenWith(seen, oldSos.room, 'Emergency call').length > 0, 'the old SOS spoken');
    assert.ok(log.tones.length > 0);
    await assertAccessible(page, 'board with the pending panel');
  });

  test('an SOS raised behind 20 door reminders is spoken first, pre-empting the reminder playing', async () => {
    // Each utterance lasts 1.5 s, as a voice saying a room would, so the reminders queue up; the
    // SOS is sent once the console has all twenty (the order they arrive in is not under test).
    await holdSpeech(page, 1500);
    const panel = page.getByRole('region', { name: /Pending alarms/ });
    try {
      for (const door of doors) await sendEvent(vigil, door, 'door', 1);
      // The reminders are listed as reminders, with a Handle button each.
      await expectCount(panel.getByRole('button', { name: /^Handle Door opened/ }), 20, 15_000);
      const sosSentAt = Date.now();
      await sendEvent(vigil, newSos, 'sos', 1);
      const log = await speechOf(page, (seen) => spokenWith(seen, newSos.room, 'Emergency call').length > 0, 'the new SOS spoken');
      const after = log.speech.filter((entry) => entry.at >= sosSentAt);
      const sosAt = after.findIndex((entry) => entry.text.includes(newSos.room) && entry.text.endsWith(': Emergency call'));
      const doorsBefore = after.slice(0, sosAt).filter((entry) => entry.text.endsWith(': Door opened')).length;
      const queued = 20 - log.speech.filter((entry) => entry.at < sosSentAt && entry.text.endsWith(': Door opened')).length;
      assert.ok(queued >= 5, `reminders still to be spoken when the SOS came: ${queued}`);
      assert.ok(doorsBefore <= 2, `at most the reminder playing and one more before the SOS (of ${queued} waiting); ${doorsBefore} were: ${JSON.stringify(after.slice(0, sosAt + 1))}`);
    } finally {
      await holdSpeech(page, 0);
    }
    await screenshot(page, 'night-board-panel-popup-1440');
    await assertAccessible(page, 'board with popups and 20 reminders');
  });

  test('a door reminder never escalates, though an orange alarm of the same age does', async () => {
    await sendEvent(vigil, control, 'lowPower', 1);
    const lowBattery = await openAlarm(vigil, control);
    assert.equal(lowBattery.alert_level, 2);
    // Ten minutes old, all of them (the escalation time is 3 minutes); the escalation job runs every 30 s.
    await age(vigil, control, 10 * 60_000);
    for (const door of doors) await age(vigil, door, 10 * 60_000);
    await waitFor(async () => (await alarmsOf(vigil, control))[0], (row) => row.alert_level === 1, 'the low-battery alarm escalated', 45_000);
    for (const door of doors) {
      const [row] = await alarmsOf(vigil, door);
      assert.equal(row.alert_level, 2, 'a reminder stays at its level');
      assert.equal(row.escalated_at, null, 'a reminder is never escalated');
    }
    const log = await soundLog(page);
    assert.deepEqual(log.speech.filter((entry) => /Escalated/.test(entry.text) && entry.text.endsWith(': Door opened')), [], 'no reminder announced as escalated');
    assert.equal(await page.getByRole('region', { name: /Pending alarms/ }).locator('.pending-item--reminder .ant-tag-red').count(), 0, 'no reminder turned red');
  });

  test('bulk handling: three reminders selected, one choice and remark, each recorded as handled by the nurse', async () => {
    const panel = page.getByRole('region', { name: /Pending alarms/ });
    const chosen = doors.slice(0, 3);
    for (const door of chosen) await panel.getByRole('checkbox', { name: new RegExp(`^Select Door opened: .*${door.room}`) }).first().check();
    await panel.getByRole('button', { name: 'Handle selected (3)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Handle 3 alarms' });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('radio', { name: 'Checked and dealt with (normal)' }).check();
    await dialog.getByRole('textbox', { name: 'Remark' }).fill('Night round: doors closed');
    await assertAccessible(page, 'bulk handling dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectCount(page.getByRole('dialog', { name: 'Handle 3 alarms' }), 0, 15_000);
    await expectCount(panel.getByRole('button', { name: /^Handle Door opened/ }), 17, 15_000);
    for (const door of chosen) {
      const [row] = await alarmsOf(vigil, door);
      assert.equal(row.deal_state, 'processed');
      assert.equal(row.remark, 'Night round: doors closed');
      assert.ok(row.handler_name, 'recorded with the nurse who handled it');
    }
  });

  test('the panel folds, stays folded across a reload, and the page makes room for it; no popup reopens', async () => {
    const panel = page.getByRole('region', { name: /Pending alarms/ });
    const main = page.locator('.app-layout__main');
    const panelBox = async () => (await panel.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const mainBox = async () => (await main.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    // Open: the page ends where the panel starts.
    let [p, m] = [await panelBox(), await mainBox()];
    assert.ok(m.x + m.width <= p.x + 1, `the page (to ${m.x + m.width}) stops before the panel (from ${p.x})`);
    await panel.getByRole('button', { name: 'Hide the pending alarms' }).click();
    await panel.getByRole('button', { name: 'Show the pending alarms' }).waitFor();
    [p, m] = [await panelBox(), await mainBox()];
    assert.ok(p.width <= 60, `folded, the panel is a strip (${p.width}px)`);
    assert.ok(m.x + m.width <= p.x + 1, 'the page still stops before the strip');
    await page.reload();
    await page.getByRole('region', { name: /Pending alarms/ }).getByRole('button', { name: 'Show the pending alarms' }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    assert.equal(await page.getByRole('region', { name: 'New alarms' }).count(), 0, 'popups seen before the reload do not reopen');
    await assertAccessible(page, 'board with the folded panel');
    await screenshot(page, 'night-board-panel-folded-1440');
    await page.getByRole('button', { name: 'Show the pending alarms' }).click();
    await page.getByRole('region', { name: /Pending alarms/ }).getByRole('button', { name: 'Hide the pending alarms' }).waitFor();

    // A phone: the list is a bar at the bottom, the page scrolls clear of it and never sideways.
    const phone = await (await newContext(browser, vigil.baseUrl, 390)).newPage();
    await login(phone, 'demotwoa');
    await phone.goto('/realMonitor/residentList');
    const bar = phone.getByRole('region', { name: /Pending alarms/ });
    await bar.getByRole('button', { name: 'Show the pending alarms' }).waitFor({ timeout: 15_000 });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no sideways scroll at 390 px (${overflow}px)`);
    await screenshot(phone, 'night-board-panel-390');
    await bar.getByRole('button', { name: 'Show the pending alarms' }).click();
    await bar.getByText(oldSos.room).first().waitFor();
    await screenshot(phone, 'night-board-panel-open-390');
    await assertAccessible(phone, 'phone board with the pending list open');
    await phone.context().close();
  });
});
