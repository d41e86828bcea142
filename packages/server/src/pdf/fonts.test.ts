import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from '../http/errors.ts';
import { pdfFontPaths, scriptRuns } from './fonts.ts';
import { createPdfRenderer } from './renderer.ts';
import type { SleepMonthlyPdfData } from './sleep/sleep-pdf-data.ts';

test('text is cut into runs by the fonts that have its letters', () => {
  assert.deepEqual(scriptRuns('王秀英 Novák', 'en-us'), [{ script: 'cjk', text: '王秀英 Novák' }]);
  assert.deepEqual(scriptRuns('Anna Řehoř', 'zh-cn'), [{ script: 'cjk', text: 'Anna ' }, { script: 'latin', text: 'Řehoř' }]);
  assert.deepEqual(scriptRuns('Resident: 김민수', 'en-us'), [{ script: 'latin', text: 'Resident: ' }, { script: 'cjk', text: '김민수' }]);
  assert.deepEqual(scriptRuns('睡眠日报', 'zh-cn'), [{ script: 'cjk', text: '睡眠日报' }]);
});

test('a missing CJK font refuses the export with a localized message and is reported once', async () => {
  const reported: string[][] = [];
  const renderer = createPdfRenderer({ fonts: { ...pdfFontPaths(), cjkRegular: '/nonexistent/NotoSansCJK-Regular.ttc' }, onFontMissing: (files) => reported.push(files) });
  const data: SleepMonthlyPdfData = {
    residentName: 'X', room: null, bunk: null, month: '2026-11', status: 'normal', timeZone: 'UTC', generatedAt: 0, disclaimerDate: '2023-11-24',
    analysis: { enough: true, nights: 7, averages: { score: 80, sleepMinutes: 420, efficiencyPercent: 85, deepSharePercent: 22, wakeUps: 1, leftBedCount: 1, bodyMovementIndex: 2, heartRateMean: 60, breathRateMean: 14, ahi: 2 },
      nightsMeetingReference: { duration: 7, efficiency: 7, deepShare: 7, ahi: 7 }, worstApneaGrade: 'none', worstAfGrade: 'none', scoreTrendPerWeek: 0, series: [] },
  };
  for (const language of ['zh-cn', 'ko'] as const) {
    await assert.rejects(renderer.render('sleepMonthly', data, language), (error: unknown) => error instanceof AppError && error.messageKey === 'pdf.fontMissing');
  }
  assert.deepEqual(reported, [['/nonexistent/NotoSansCJK-Regular.ttc']]);
  await renderer.close();
});
