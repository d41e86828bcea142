import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { analyseNight } from '../../analysis/sleep/index.ts';
import { tenHourNight } from '../../analysis/sleep/night-builder.ts';
import { buildPlace, download } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { reportValues } from './daily-reports.ts';
import { reportRepository } from './report.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The pages of a PDF file as a real reader opens them: size in points and the text on them. */
async function readPdf(bytes: Buffer): Promise<{ pages: { width: number; height: number }[]; text: string }> {
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
  const pages: { width: number; height: number }[] = [];
  let text = '';
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [x0, y0, x1, y1] = page.view;
    pages.push({ width: x1 - x0, height: y1 - y0 });
    const content = await page.getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  await document.destroy();
  return { pages, text };
}

function assertA4(pages: { width: number; height: number }[]): void {
  assert.ok(pages.length >= 1);
  for (const page of pages) {
    assert.ok(Math.abs(page.width - 595.28) < 0.01 && Math.abs(page.height - 841.89) < 0.01, `A4, got ${page.width}×${page.height}`);
  }
}

describe('sleep report PDF export', () => {
  let server: TestServer;
  let token: string;
  let foreignToken: string;
  const ids = { resident: 0, fewNights: 0, reports: [] as number[] };

  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
    foreignToken = (await server.login('demotwob')).token;
    const senior = (await server.login('demosenior')).token;
    assert.equal((await server.call(api.saveSystemConfig, { timeZone: 'Asia/Shanghai' }, { token: senior })).status, Status.OK);
    const place = await buildPlace(server, token, { area: 'PDF Wing', rooms: 'P1', beds: 'A,B' });
    const resident = async (name: string, bunkId: number) => (await server.call(api.insertUser, { name, gender: 'female', birthDate: '1938-04-04', bunkId }, { token })).data.id;
    // A Chinese name with a Latin part: each script is set in a font that has it.
    ids.resident = await resident('王秀英 Novák', place.bedIds[0]);
    ids.fewNights = await resident('Few Nights', place.bedIds[1]);
    const db = server.vigil.database.db;
    const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', ids.resident).executeTakeFirstOrThrow()).provider_id;
    const reports = reportRepository(db);
    // Eight analysed nights in March 2026 (enough for a monthly), three for the other resident.
    for (let night = 0; night < 8; night += 1) {
      for (const [residentId, count] of [[ids.resident, 8], [ids.fewNights, 3]] as const) {
        if (night >= count) continue;
        const start = Date.UTC(2026, 2, 1, 13) + night * DAY;
        const window = { date: `2026-03-${String(night + 2).padStart(2, '0')}`, from: start, to: start + 10 * HOUR, wake: start + 10 * HOUR };
        const id = await reports.insertDaily(reportValues({ residentId, providerId, deviceId: `PDF-${residentId}`, settings: '{}' }, window, analyseNight(tenHourNight(start, night + 1)), Date.now()));
        if (residentId === ids.resident && id) ids.reports.push(id);
      }
    }
  });
  after(() => server.close());

  const daily = (lang: string, tokenUsed = token, id = ids.reports[0]) => download(server, api.exportDailyPdf, { id: String(id), lang }, tokenUsed);

  test('a daily report in English is an A4 PDF with the resident, the metrics, the charts and the disclaimer', async () => {
    const file = await daily('en-us');
    assert.equal(file.status, 200);
    assert.equal(file.contentType, 'application/pdf');
    assert.match(file.disposition, /^attachment; filename=".*\.pdf"; filename\*=UTF-8''sleep-report-/);
    assert.ok(decodeURIComponent(file.disposition.split("UTF-8''")[1]).includes('王秀英 Novák-2026-03-02'), file.disposition);
    const pdf = await readPdf(file.bytes);
    assertA4(pdf.pages);
    for (const text of ['Daily sleep report', '王秀英', 'Novák', '2026-03-02', 'Sleep duration', '420–480 min', 'Sleep stages through the night', 'Bed exits', 'not medical advice', '2023-11-24']) {
      assert.ok(pdf.text.includes(text), `"${text}" in the PDF`);
    }
  });

  test('the daily charts\' time axis starts at the hour before bed, not the analysis window, with whole-hour ticks (issue 25 item 19)', async () => {
    const pdf = await readPdf((await daily('en-us')).bytes);
    const clocks: string[] = pdf.text.match(/\b\d\d:\d\d\b/g) ?? [];
    // Each time axis runs 22:00, 23:00 … 06:00 (the resident went to bed at 22:xx); before, 22:23, 23:46, 01:10 …
    const hours = ['22:00', '23:00', '00:00', '01:00', '02:00', '03:00', '04:00', '05:00', '06:00'];
    assert.ok(hours.every((hour) => clocks.includes(hour)), clocks.join(' '));
    assert.ok(!clocks.includes('19:00') && !clocks.includes('18:00'), 'not from the analysis window\'s start');
  });

  for (const [lang, expected] of [['zh-CN', ['睡眠日报', '整夜睡眠分期', '睡眠时长', '免责声明']], ['ko', ['일일 수면 보고서', '수면 시간', '면책 조항']], ['ja', ['睡眠日次レポート', '睡眠時間', '免責事項']]] as const) {
    test(`a daily report in ${lang} has its CJK labels and the resident's name`, async () => {
      const file = await daily(lang);
      assert.equal(file.contentType, 'application/pdf');
      const pdf = await readPdf(file.bytes);
      assertA4(pdf.pages);
      for (const text of [...expected, '王秀英']) assert.ok(pdf.text.includes(text), `"${text}" in the ${lang} PDF`);
    });
  }

  test('a monthly report in Chinese shows the month\'s averages and trends', async () => {
    const file = await download(server, api.exportMonthPdf, { userId: String(ids.resident), month: '2026-03', lang: 'zh-cn' }, token);
    assert.equal(file.status, 200);
    assert.equal(file.contentType, 'application/pdf');
    assert.ok(decodeURIComponent(file.disposition).includes('睡眠月报-王秀英 Novák-2026-03.pdf'), file.disposition);
    const pdf = await readPdf(file.bytes);
    assertA4(pdf.pages);
    for (const text of ['睡眠月报', '王秀英', '2026-03', '已分析夜晚', '每晚睡眠评分', '每晚睡眠时长（分钟）', '免责声明']) assert.ok(pdf.text.includes(text), `"${text}" in the PDF`);
  });

  test('a monthly report states whole percentages as the screen does, wake-ups per hour beside the hourly reference, and the heart-rate range (issue 25 item 19)', async () => {
    const file = await download(server, api.exportMonthPdf, { userId: String(ids.resident), month: '2026-03', lang: 'en-us' }, token);
    const pdf = await readPdf(file.bytes);
    assert.doesNotMatch(pdf.text, /\d+\.\d%/, 'no tenths of a percent');
    assert.match(pdf.text, /[\d.]+ times · [\d.]+\/h/, 'wake-ups per night beside per hour');
    assert.match(pdf.text, /\d+ \(\d+–\d+\) ?bpm/, 'the nights\' heart-rate range');
  });

  test('a month with fewer than 7 nights is refused with a localized message, not an empty PDF', async () => {
    const refused = await server.call(api.exportMonthPdf, { userId: ids.fewNights, month: '2026-03' }, { token, language: 'de' });
    assert.equal(refused.status, Status.BAD_REQUEST);
    assert.equal(refused.msg, 'Dieser Monat hat 3 ausgewertete Nächte; ein Monatsbericht braucht mindestens 7.');
  });

  test('bad input answers a localized 4xx: a bad month, an unknown report or resident, an unknown language', async () => {
    const badMonth = await server.call(api.exportMonthPdf, { userId: ids.resident, month: '2026-13' }, { token, language: 'zh-cn' });
    assert.equal(badMonth.status, Status.BAD_REQUEST);
    assert.match(badMonth.msg, /YYYY-MM/);
    const unknownReport = await server.call(api.exportDailyPdf, { id: 987654 }, { token, language: 'ko' });
    assert.deepEqual([unknownReport.status, unknownReport.msg], [Status.NOT_FOUND, '수면 보고서가 존재하지 않습니다.']);
    const unknownResident = await server.call(api.exportMonthPdf, { userId: 987654, month: '2026-03' }, { token });
    assert.equal(unknownResident.status, Status.NOT_FOUND);
    const badLanguage = await server.call(api.exportDailyPdf, { id: ids.reports[0], lang: 'xx' }, { token });
    assert.equal(badLanguage.status, Status.BAD_REQUEST);
  });

  test('another care home\'s report and resident answer exactly like missing ones', async () => {
    const foreignDaily = await server.call(api.exportDailyPdf, { id: ids.reports[0] }, { token: foreignToken });
    const missingDaily = await server.call(api.exportDailyPdf, { id: 987654 }, { token: foreignToken });
    assert.equal(foreignDaily.status, Status.NOT_FOUND);
    assert.deepEqual(foreignDaily, missingDaily);
    const foreignMonth = await server.call(api.exportMonthPdf, { userId: ids.resident, month: '2026-03' }, { token: foreignToken });
    const missingMonth = await server.call(api.exportMonthPdf, { userId: 987654, month: '2026-03' }, { token: foreignToken });
    assert.equal(foreignMonth.status, Status.NOT_FOUND);
    assert.deepEqual(foreignMonth, missingMonth);
  });
});
