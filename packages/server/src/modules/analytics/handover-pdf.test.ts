import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { download } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { settingsRepository } from '../system/settings.repository.ts';
import { insertAlarm } from './analytics-fixtures.ts';

/** The test clock runs from 2026-04-01 10:00 UTC (March's alarms are inside the retention). */
const CLOCK_START = Date.parse('2026-04-01T10:00:00Z');
const realStart = Date.now();
const clock = () => CLOCK_START + (Date.now() - realStart);

/** The pages of a PDF as a reader opens them: size in points and their text. */
async function readPdf(bytes: Buffer): Promise<{ pages: { width: number; height: number }[]; text: string }> {
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
  const pages: { width: number; height: number }[] = [];
  let text = '';
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [x0, y0, x1, y1] = page.view;
    pages.push({ width: x1 - x0, height: y1 - y0 });
    text += (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  await document.destroy();
  return { pages, text };
}

describe('night handover PDF', () => {
  let server: TestServer;
  let token: string;
  let foreignToken: string;
  let providerName = '';

  before(async () => {
    server = await startTestServer({ demo: true, now: clock });
    const login = await server.login('demotwoa');
    token = login.token;
    foreignToken = (await server.login('demotwob')).token;
    providerName = login.providerName ?? '';
    const db = server.vigil.database.db;
    await settingsRepository(db).set('timeZone', 'Asia/Shanghai');
    const providerId = login.providerId ?? 0;
    // The night 30→31 March in Shanghai (23:00–07:00 = 15:00Z–23:00Z): 150 alarms, every fourth still pending.
    for (let index = 0; index < 150; index += 1) {
      const raised = new Date(Date.parse('2026-03-30T15:05:00Z') + index * 180_000).toISOString();
      await insertAlarm(db, {
        providerId, raised, alertType: index % 2 ? 'LEFT_BED' : 'SOS', level: 1, deviceId: `PDF-HO-${index}`, userName: index === 0 ? '王秀英 Novák' : `Resident ${index}`, room: '301',
        ...(index % 4 === 3 ? {} : { handled: { seconds: 30 + index, handlerId: 5, handlerName: 'Night Carer', option: 'CHECKED' } }),
      });
    }
  });
  after(() => server.close());

  test('an English summary is one A4 page with the care home, the night, pending alarms and the counted rest', async () => {
    const file = await download(server, api.handoverPdf, { date: '2026-03-31', lang: 'en-us', fresh: 'true' }, token);
    assert.equal(file.status, 200);
    assert.equal(file.contentType, 'application/pdf');
    assert.match(file.disposition, /Night%20handover%202026-03-31\.pdf/);
    // HANDOVER_PDF_DIR=/tmp keeps the files for a person to look at.
    if (process.env.HANDOVER_PDF_DIR) fs.writeFileSync(`${process.env.HANDOVER_PDF_DIR}/handover-en.pdf`, file.bytes);
    const pdf = await readPdf(file.bytes);
    assert.equal(pdf.pages.length, 1, 'one page');
    assert.ok(Math.abs(pdf.pages[0].width - 595.28) < 0.01 && Math.abs(pdf.pages[0].height - 841.89) < 0.01, 'A4');
    for (const text of ['Night handover', providerName, 'Night shift 23:00–07:00', 'Still pending', 'Emergency call', 'Left bed', 'Night Carer']) {
      assert.ok(pdf.text.includes(text), `"${text}" in the PDF`);
    }
    // The night's alarms fill the rest of the page and the others are counted; 37 pending: 8 listed, the rest counted.
    assert.match(pdf.text, /Showing the latest \d+ of 150\./);
    assert.ok(pdf.text.includes('Showing the latest 8 of 37.'), 'pending counted');
  });

  test('in Chinese the texts are set in a font that has them', async () => {
    const file = await download(server, api.handoverPdf, { date: '2026-03-31', lang: 'zh-cn', fresh: 'true' }, token);
    assert.equal(file.status, 200);
    if (process.env.HANDOVER_PDF_DIR) fs.writeFileSync(`${process.env.HANDOVER_PDF_DIR}/handover-zh.pdf`, file.bytes);
    const pdf = await readPdf(file.bytes);
    assert.equal(pdf.pages.length, 1);
    for (const text of ['夜班交接', '仍待处理', '紧急呼叫']) assert.ok(pdf.text.includes(text), `"${text}" in the PDF`);
  });

  test('another care home\'s PDF holds none of these alarms', async () => {
    const file = await download(server, api.handoverPdf, { date: '2026-03-31', lang: 'en-us', fresh: 'true' }, foreignToken);
    assert.equal(file.status, 200);
    const pdf = await readPdf(file.bytes);
    assert.ok(!pdf.text.includes('Night Carer') && !pdf.text.includes('Resident 1'), 'no foreign alarms');
    assert.ok(pdf.text.includes('No alarms this night.'));
  });
});
