import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectCount } from '../support/wait.ts';

/**
 * Issue 10 from two consoles of the same care home: a fall radar reports a fall over the
 * device protocol's HTTP leg (docs/device-protocol.md); both consoles pop it up, list it as
 * pending, sound the level-1 tone and speak it; one handles it with a reason; on the other
 * the popup and the pending entry go. Speech synthesis and Web Audio are spied on, not
 * silenced: the page's own calls are counted before they run.
 */

/** Counts what the page asks to speak and the tone pulses it starts. */
function spyOnSound(): void {
  const spoken: string[] = [];
  let pulses = 0;
  Object.assign(window, { vigilSpoken: spoken, vigilPulses: () => pulses });
  const speak = speechSynthesis.speak.bind(speechSynthesis);
  speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
    spoken.push(utterance.text);
    speak(utterance);
    // Headless Chromium has no voices and may never end an utterance; end it so the queue moves on.
    setTimeout(() => utterance.dispatchEvent(new Event('end')), 50);
  };
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
    pulses++;
    return start.apply(this, args);
  };
}

async function spoken(page: Page): Promise<string[]> {
  return page.evaluate(() => ('vigilSpoken' in window && Array.isArray(window.vigilSpoken) ? window.vigilSpoken.map(String) : []));
}
async function pulses(page: Page): Promise<number> {
  return page.evaluate(() => ('vigilPulses' in window && typeof window.vigilPulses === 'function' ? Number(window.vigilPulses()) : 0));
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Puts a fall radar in the device registry, bound to a room of Sunrise Riverside Home, as
 * the devices module would (SQLite file of the e2e server; PostgreSQL when DATABASE_URL is set).
 */
async function registerRadar(vigil: RunningVigil): Promise<{ deviceId: string; key: string }> {
  const deviceId = `E2E-${crypto.randomBytes(5).toString('hex')}`;
  const key = crypto.randomBytes(16).toString('hex');
  const now = Date.now();
  const find = `SELECT r.id AS room_id, r.provider_id FROM rooms r JOIN providers p ON p.id = r.provider_id WHERE p.name = 'Sunrise Riverside Home' ORDER BY r.id LIMIT 1`;
  const insert = `INSERT INTO devices (device_id, cipher_id, device_type, device_key, provider_id, room_id, online, settings, pairing, remark, location, created_at, updated_at)
    VALUES ($1, $2, 21007, $3, $4, $5, 1, '{}', 'none', '', '', $6, $6)`;
  if (vigil.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: vigil.databaseUrl });
    await client.connect();
    const room = (await client.query<{ room_id: number; provider_id: number }>(find)).rows[0];
    await client.query(insert, [deviceId, `C${deviceId}`, key, room.provider_id, room.room_id, now]);
    await client.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(vigil.dataDir, 'vigil.db'));
    const room = db.prepare<[], { room_id: number; provider_id: number }>(find).get();
    assert.ok(room, 'the demo has a room in Sunrise Riverside Home');
    db.prepare(insert.replace(/\$\d/g, '?')).run(deviceId, `C${deviceId}`, key, room.provider_id, room.room_id, now, now);
    db.close();
  }
  return { deviceId, key };
}

describe('alarms on two consoles (issue 10)', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let first: Page;
  let second: Page;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
        await page.addInitScript(spyOnSound);
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

  test('a fall pops up, is listed, sounds and is spoken on both; handled on one, it goes from the other', async (t) => {
    const probe = await fetch(`${vigil.baseUrl}/api/device/v1/E2E-none/event`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    // Without ingest the route is unknown (HTTP 404, "No such API operation"); with it an unknown device gets 401.
    if (probe.status === 404) {
      t.skip('this build has no HTTP device ingest yet (POST /api/device/v1/{deviceId}/event)');
      return;
    }
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
      await eventually(() => pulses(page), (count) => count >= 10, 'the ten-pulse level-1 tone');
      await eventually(() => spoken(page), (texts) => texts.some((text) => /fall/i.test(text)), 'the fall spoken');
    }
    await screenshot(first, 'alarm-popup-1440');
    await assertAccessible(first, 'monitoring with an alarm popup');

    await first.getByRole('region', { name: /Pending alarms/ }).getByRole('button', { name: /^Handle/ }).first().click();
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
});
