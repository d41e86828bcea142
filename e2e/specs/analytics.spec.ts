import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { DEMO_PASSWORD, launchBrowser, login, newContext } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

/**
 * Issue 13 "Beyond the spec": the response-times and night-handover screens of a care home,
 * with alarms of the last night handled by two caregivers, at 1440 and 390 px, checked with axe.
 * Screenshots go to /tmp/handover-*.png for a person to look at.
 */

interface Row {
  raisedAt: number;
  alertType: string;
  level: 1 | 2;
  handler?: string;
  seconds?: number;
  option?: string;
  userName?: string;
}

/** Runs statements on the e2e server's database (SQLite file, or its PostgreSQL database). */
async function execute(vigil: RunningVigil, statements: { sql: string; params: unknown[] }[]): Promise<void> {
  if (vigil.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: vigil.databaseUrl });
    await client.connect();
    for (const statement of statements) await client.query(statement.sql, statement.params);
    await client.end();
    return;
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(vigil.dataDir, 'vigil.db'));
  for (const statement of statements) db.prepare(statement.sql.replace(/\$\d+/g, '?')).run(...statement.params);
  db.close();
}

/** The accounts that handled the alarms (one id per caregiver, as the console's sessions record them). */
const CAREGIVER_IDS: Record<string, number> = { 'Anna Weber': 9001, 'Ben Okafor': 9002 };

function alarmInsert(providerId: number, row: Row, index: number) {
  const handled = row.handler !== undefined;
  const deviceId = `E2E-AN-${index}`;
  return {
    sql: `INSERT INTO alarms (provider_id, device_id, device_type, alert_type, alarm_group, alert_level, open_key, user_name, bunk, room, floor_area, status,
      raised_at, last_at, repeat_count, relieved, release_source, deal_state, handler_id, handler_name, deal_time, deal_option, response_ms)
      VALUES ($1, $2, 20993, $3, 'sos', $4, $5, $6, '1', '101', 'Main / 1F', 1, $7, $8, 0, 0, 0, $9, $10, $11, $12, $13, $14)`,
    params: [
      providerId, deviceId, row.alertType, row.level, handled ? null : `${deviceId}|${row.alertType}`, row.userName ?? 'Margaret Lee', row.raisedAt, row.raisedAt,
      handled ? 'processed' : 'unDeal', handled ? CAREGIVER_IDS[row.handler ?? ''] ?? 9999 : null, row.handler ?? null, handled ? row.raisedAt + (row.seconds ?? 0) * 1000 : null,
      row.option ?? null, handled ? (row.seconds ?? 0) * 1000 : null,
    ],
  };
}

async function api<T>(vigil: RunningVigil, token: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${vigil.baseUrl}/api${pathAndQuery}`, { headers: { 's-token': token } });
  const body = (await response.json()) as { status: number; data: T; msg: string };
  assert.equal(body.status, 200, body.msg);
  return body.data;
}

/** A screenshot of the whole screen: the console scrolls inside its content pane, so the viewport grows to hold it. */
async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll<HTMLElement>('main, #main-content, body'), (element) => element.scrollHeight)));
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height + 120, size.height), 5000) });
  await page.screenshot({ path: `/tmp/handover-${name}.png` });
  await page.setViewportSize(size);
}

describe('response times and the night handover (issue 13)', () => {
  let vigil: RunningVigil;
  let browser: Browser;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    const loginResponse = await fetch(`${vigil.baseUrl}/api/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false }),
    });
    const session = ((await loginResponse.json()) as { data: { token: string; providerId: number } }).data;
    // The last ended night's window, from the server (the care home's time zone and shifts).
    const night = await api<{ from: number; to: number }>(vigil, session.token, '/analytics/handover?fresh=true');
    const at = (minutes: number) => night.from + minutes * 60_000;
    const rows: Row[] = [
      { raisedAt: at(20), alertType: 'SOS', level: 1, handler: 'Anna Weber', seconds: 65, option: 'CHECKED' },
      { raisedAt: at(95), alertType: 'LEFT_BED', level: 1, handler: 'Ben Okafor', seconds: 140, option: 'CHECKED', userName: 'Walter Brooks' },
      { raisedAt: at(130), alertType: 'LEFT_BED', level: 1, handler: 'Anna Weber', seconds: 250, option: 'MISTAKE_RECHECK', userName: 'Walter Brooks' },
      { raisedAt: at(200), alertType: 'BREATH_STOP', level: 1, handler: 'Ben Okafor', seconds: 40, option: 'CHECKED', userName: 'Rose Tanaka' },
      { raisedAt: at(300), alertType: 'BODY_MOVE', level: 2, handler: 'Anna Weber', seconds: 320, option: 'TEST' },
      { raisedAt: at(400), alertType: 'SOS', level: 1 },
    ];
    await execute(vigil, rows.map((row, index) => alarmInsert(session.providerId, row, index)));
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  for (const width of [1440, 390]) {
    test(`the response-times screen at ${width} px`, async () => {
      const page = await (await newContext(browser, vigil.baseUrl, width)).newPage();
      await login(page, 'demotwoa');
      await page.goto('/alarm-log/responseTimes');
      await page.getByRole('heading', { level: 1, name: 'Response times' }).waitFor({ state: 'attached' });
      await page.getByRole('cell', { name: 'Anna Weber' }).first().waitFor();
      await page.getByText('Shifts and response target').waitFor();
      // Keyboard: the period picker and the settings fields are reachable and labelled.
      await page.getByLabel('Start of shift 1').focus();
      await page.keyboard.press('Tab');
      await shot(page, `response-times-${width}`);
      await assertAccessible(page, `response-times-${width}`);
      await page.close();
    });

    test(`the night-handover screen at ${width} px`, async () => {
      const page = await (await newContext(browser, vigil.baseUrl, width)).newPage();
      await login(page, 'demotwoa');
      await page.goto('/alarm-log/handover');
      await page.getByRole('heading', { level: 1, name: 'Night handover' }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Recompute now' }).click();
      await page.getByRole('heading', { name: 'Still pending' }).waitFor();
      await page.getByRole('cell', { name: 'Rose Tanaka' }).first().waitFor();
      await shot(page, `handover-${width}`);
      await assertAccessible(page, `handover-${width}`);
      await page.close();
    });
  }

  test('a bad shift start is refused in the form with the contract\'s message', async () => {
    const page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demotwoa');
    await page.goto('/alarm-log/responseTimes');
    const first = page.getByLabel('Start of shift 1');
    await first.fill('25:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Shift start times must be written HH:mm').first().waitFor();
    await page.close();
  });

  test('the PDF downloads from the handover screen', async () => {
    const page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demotwoa');
    await page.goto('/alarm-log/handover');
    await page.getByRole('heading', { name: 'Still pending' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const file = await download.path();
    assert.ok(file);
    assert.equal(fs.readFileSync(file).subarray(0, 5).toString('latin1'), '%PDF-');
    await page.close();
  });
});
