import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { formatAlarmText, formatMessage, SLEEP_DISCLAIMER_DATE, Status } from '@vigil/contracts';
import { SMTPServer } from 'smtp-server';
import { analyseNight } from '../../analysis/sleep/index.ts';
import { tenHourNight } from '../../analysis/sleep/night-builder.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { alarmRepository } from '../alarms/alarm.repository.ts';
import { analyticsRepository } from '../analytics/analytics.repository.ts';
import { settingsFromRow } from '../analytics/analytics.service.ts';
import { nightWindow } from '../analytics/shifts.ts';
import { reportValues } from '../reports/daily-reports.ts';
import { reportRepository } from '../reports/report.repository.ts';
import { zonedInstant } from '../reports/zoned-time.ts';

/** The text body: quoted-printable (RFC 2045) as nodemailer writes long lines, or base64 for text that is mostly not ASCII (Japanese). */
function decodeQp(raw: string): string {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  if (/^Content-Transfer-Encoding: base64/im.test(raw)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

/**
 * The morning summary email (issue 28): a care home chooses recipients and a local time (console,
 * Alarm log › Escalation); once its night shift has ended and the time has come, each recipient
 * gets one email with the night's alarms by level and type, which were handled, by whom and how
 * fast, those still unhandled, and each resident's sleep report in a line; nothing of another care
 * home. Sent once however many runs (or processes) try at once. Against an in-process SMTP server.
 */
describe('the morning summary email', () => {
  let server: TestServer;
  let manager = '';
  let providerId = 0;
  let providerB = 0;
  let zone = 'UTC';
  const mails: { to: string[]; raw: string; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeQp(raw) });
        callback();
      });
    },
  });
  const resident = { id: 0, name: '' };

  const save = (input: Record<string, unknown>, language = 'en-us') => server.call(api.escalationSave, { red: [], orange: [], roster: [], ...input } as never, { token: manager, language });

  /** Alarms of the night to `date` in the care home: a red one handled after 3 min, a red one still pending, an orange one relieved. */
  async function nightOf(date: string): Promise<{ from: number; to: number }> {
    const db = server.vigil.database.db;
    const starts = settingsFromRow(await analyticsRepository(db).findSettings(providerId)).shiftStarts;
    const window = nightWindow(date, starts, zone);
    const alarms = alarmRepository(db);
    const raise = async (provider: number, alertType: string, level: number, at: number, userName: string) =>
      (await alarms.raiseOpen({
        provider_id: provider, device_id: `SUM-${provider}-${at}`, device_type: 20993, alert_type: alertType, alarm_group: alertType, alert_level: level, open_key: `SUM-${provider}-${at}|${alertType}`,
        resident_id: null, bed_id: null, room_id: null, floor_id: null, area_id: null, user_name: userName, bunk: '', room: '', floor_area: '',
        status: 1, duration: null, raised_at: at, last_at: at, repeat_count: 0, relieved: 0, release_source: 0, deal_state: 'unDeal',
      })).row.id;
    const handled = await raise(providerId, 'SOS', 1, window.from + 3_600_000, resident.name);
    await db.updateTable('alarms').set({ deal_state: 'processed', handler_name: 'Anna Night', deal_time: window.from + 3_780_000, response_ms: 180_000, deal_option: 'CHECKED', open_key: null }).where('id', '=', handled).execute();
    await raise(providerId, 'FALL_ALARM', 1, window.from + 5 * 3_600_000, resident.name);
    const relieved = await raise(providerId, 'LEFT_BED', 2, window.from + 2 * 3_600_000, resident.name);
    await db.updateTable('alarms').set({ relieved: 1, relieved_at: window.from + 2 * 3_600_000 + 60_000, open_key: null }).where('id', '=', relieved).execute();
    await raise(providerB, 'SOS', 1, window.from + 3_600_000, 'Foreign Person');
    // The resident's sleep report of that morning.
    const start = window.from;
    const night = { date, from: start, to: start + 36_000_000, wake: start + 36_000_000 };
    await reportRepository(db).insertDaily(reportValues({ residentId: resident.id, providerId, deviceId: `SUM-R-${date}`, settings: '{}' }, night, analyseNight(tenHourNight(start)), Date.now()));
    return window;
  }

  before(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    server = await startTestServer({ demo: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Vigil <vigil@home.example.org>' } });
    const login = await server.login('demotwoa');
    manager = login.token;
    const db = server.vigil.database.db;
    providerId = (await db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwoa').executeTakeFirstOrThrow()).provider_id!;
    providerB = (await db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwob').executeTakeFirstOrThrow()).provider_id!;
    Object.assign(resident, await db.selectFrom('residents').select(['id', 'name']).where('provider_id', '=', providerId).orderBy('id').executeTakeFirstOrThrow());
    zone = (await server.call(api.escalationGet, {}, { token: manager })).data.timeZone;
  });
  after(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('the console setting: none by default; bad input is refused in the user\'s language and changes nothing', async () => {
    const initial = (await server.call(api.escalationGet, {}, { token: manager })).data;
    assert.deepEqual([initial.summaryRecipients, initial.summaryTime, initial.summaryLastSentAt], [[], '08:00', null]);
    const badTime = await save({ summaryRecipients: [{ email: 'night@home.example.org', language: 'en-us' }], summaryTime: '7:3' }, 'de');
    assert.equal(badTime.status, Status.BAD_REQUEST);
    assert.ok(badTime.msg.endsWith(formatMessage('de', 'escalation.summaryTime')), badTime.msg);
    const badEmail = await save({ summaryRecipients: [{ email: 'night-at-home', language: 'en-us' }] }, 'ko');
    assert.equal(badEmail.status, Status.BAD_REQUEST);
    assert.ok(badEmail.msg.endsWith(formatMessage('ko', 'escalation.email')), badEmail.msg);
    const badLanguage = await save({ summaryRecipients: [{ email: 'night@home.example.org', language: 'fr' }] }, 'it');
    assert.equal(badLanguage.status, Status.BAD_REQUEST);
    assert.ok(badLanguage.msg.endsWith(formatMessage('it', 'escalation.summaryLanguage')), badLanguage.msg);
    const tooMany = await save({ summaryRecipients: Array.from({ length: api.ESCALATION_EMAILS_MAX + 1 }, (_, index) => ({ email: `n${index}@home.example.org`, language: 'en-us' })) });
    assert.equal(tooMany.status, Status.BAD_REQUEST);
    const after = (await server.call(api.escalationGet, {}, { token: manager })).data;
    assert.deepEqual([after.summaryRecipients, after.summaryTime], [[], '08:00'], 'nothing saved');
    // The night desk reads English, the manager German.
    const recipients = [{ email: 'night@home.example.org', language: 'en-us' }, { email: 'manager@home.example.org', language: 'de' }];
    const saved = await save({ summaryRecipients: [...recipients, { email: 'night@home.example.org', language: 'ja' }], summaryTime: '07:30' });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.deepEqual([saved.data.summaryRecipients, saved.data.summaryTime], [recipients, '07:30'], 'an address listed twice keeps its first language');
    // Another care home's setting is its own.
    const foreign = (await server.call(api.escalationGet, {}, { token: (await server.login('demotwob')).token })).data;
    assert.deepEqual(foreign.summaryRecipients, []);
  });

  test('at the care home\'s time after the night shift, each recipient gets one email summarising the night; not before; once', async () => {
    const date = '2026-03-10';
    await nightOf(date);
    const at = zonedInstant(date, '07:30', zone);
    assert.equal(await server.vigil.morningSummary.sendDue(at - 60_000), 0, 'not before its time');
    assert.equal(mails.length, 0);
    assert.equal(await server.vigil.morningSummary.sendDue(at + 30_000), 1);
    assert.deepEqual(mails.map((mail) => mail.to).sort(), [['manager@home.example.org'], ['night@home.example.org']]);
    const { text, raw } = mails.find((mail) => mail.to[0] === 'night@home.example.org')!;
    assert.match(raw, new RegExp(`X-Vigil-Summary: ${providerId}/${date}`));
    assert.match(raw, /Subject: =\?UTF-8\?Q\?=5BVigil=5D_Night_summary_/);
    assert.match(text, /ALARMS: 3 \(red 2, orange 1\); handled 1, relieved 1, still unhandled 1\./);
    assert.match(text, /Handled in 3 min \(median\)/);
    assert.match(text, /- Emergency call \(red\): 1 – handled 1, relieved 0, unhandled 0/);
    assert.match(text, /- Fall \(red\): 1 – handled 0, relieved 0, unhandled 1/);
    assert.match(text, /- Left bed \(orange\): 1 – handled 0, relieved 1, unhandled 0/);
    assert.match(text, new RegExp(`Emergency call \\(red\\) – ${resident.name}: handled by Anna Night after 3 min`));
    assert.match(text, /Left bed \(orange\).*: relieved without handling/);
    assert.match(text, /STILL UNHANDLED NOW:\s*\n(- .*\n)*- \d\d:\d\d Fall \(red\)/);
    assert.match(text, new RegExp(`SLEEP REPORTS \\(1\\):\\n- ${resident.name}.*: slept \\d+ h \\d+ min`));
    assert.ok(!text.includes('Foreign Person'), 'nothing of another care home');
    // The manager reads German: the same night, every line in German.
    const german = mails.find((mail) => mail.to[0] === 'manager@home.example.org')!;
    assert.match(german.raw, /Subject: =\?UTF-8\?Q\?=5BVigil=5D_Nachtbericht_/);
    assert.ok(german.text.includes(formatMessage('de', 'summary.alarms', { count: 3, red: 2, orange: 1, handled: 1, relieved: 1, pending: 1 })), german.text);
    assert.ok(german.text.includes(`${formatAlarmText('de', 'short.SOS')} (rot) – ${resident.name}: bearbeitet von Anna Night nach 3 min`), german.text);
    assert.ok(german.text.includes(`- ${formatAlarmText('de', 'short.LEFT_BED')} (orange): 1 – bearbeitet 0, aufgehoben 1, unbearbeitet 0`), german.text);
    assert.match(german.text, /JETZT NOCH UNBEARBEITET:\s*\n(- .*\n)*- \d\d:\d\d .* \(rot\).*: NICHT BEARBEITET/);
    assert.match(german.text, new RegExp(`SCHLAFBERICHTE \\(1\\):\\n- ${resident.name}.*: schlief \\d+ h \\d+ min`));
    assert.ok(german.text.includes(formatMessage('de', 'pdf.disclaimer', { date: SLEEP_DISCLAIMER_DATE })));
    for (const english of ['ALARMS', 'handled', 'Each alarm', 'SLEEP REPORTS', 'slept', 'Sent by Vigil']) assert.ok(!german.text.includes(english), `no English "${english}" in the German summary`);
    // Later runs that morning send nothing again.
    assert.equal(await server.vigil.morningSummary.sendDue(at + 90_000), 0);
    assert.equal(mails.length, 2);
    assert.notEqual((await server.call(api.escalationGet, {}, { token: manager })).data.summaryLastSentAt, null);
  });

  test('two runs at once (two processes, or a leader in failover) send the next morning\'s summary once', async () => {
    const date = '2026-03-11';
    await nightOf(date);
    const at = zonedInstant(date, '07:30', zone) + 5_000;
    const results = await Promise.all([server.vigil.morningSummary.sendDue(at), server.vigil.morningSummary.sendDue(at), server.vigil.morningSummary.sendDue(at)]);
    assert.deepEqual(results.sort(), [0, 0, 1]);
    assert.equal(mails.length, 4);
    assert.ok(mails.slice(2).every((mail) => mail.raw.includes(`X-Vigil-Summary: ${providerId}/${date}`)));
  });
  test('recipients saved before summaries had a language read as English; each language is written once per morning', async () => {
    await server.vigil.database.db.updateTable('care_home_notify').set({ summary_emails: JSON.stringify(['old@home.example.org', { email: 'ja@home.example.org', language: 'ja' }]) }).where('provider_id', '=', providerId).execute();
    const read = (await server.call(api.escalationGet, {}, { token: manager })).data;
    assert.deepEqual(read.summaryRecipients, [{ email: 'old@home.example.org', language: 'en-us' }, { email: 'ja@home.example.org', language: 'ja' }]);
    const date = '2026-03-12';
    await nightOf(date);
    const before = mails.length;
    assert.equal(await server.vigil.morningSummary.sendDue(zonedInstant(date, '07:30', zone) + 5_000), 1);
    const sent = mails.slice(before);
    assert.deepEqual(sent.map((mail) => mail.to[0]).sort(), ['ja@home.example.org', 'old@home.example.org']);
    assert.match(sent.find((mail) => mail.to[0] === 'old@home.example.org')!.text, /^Night summary for /);
    const japanese = sent.find((mail) => mail.to[0] === 'ja@home.example.org')!.text;
    assert.ok(japanese.includes(formatMessage('ja', 'summary.alarms', { count: 3, red: 2, orange: 1, handled: 1, relieved: 1, pending: 1 })), japanese);
  });
});
