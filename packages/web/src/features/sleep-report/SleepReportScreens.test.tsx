import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { AnalysedNight, DailyReport } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { MonthDetailsPage } from './MonthDetailsPage.tsx';
import { NightMetrics } from './NightMetrics.tsx';
import { RiskPanel } from './RiskPanel.tsx';

const HOUR = 3_600_000;
const BED = Date.UTC(2026, 2, 9, 14);

function dailyReport(patch: Partial<DailyReport> = {}): DailyReport {
  return {
    id: 1, residentId: 5, residentName: 'Night Owl', room: 'R1', bunk: 'A', date: '2026-03-10', status: 'normal', analysed: true, reason: null,
    score: 81, sleepMinutes: 452.5, timeInBedMinutes: 500, efficiencyPercent: 90.5, deepSharePercent: 12, wakeUps: 1, leftBedCount: 2,
    heartRateMean: 61, breathRateMean: 15, ahi: 7.2, apneaGrade: 'low', afGrade: null, bedTime: BED, wakeTime: BED + 8 * HOUR,
    windowFrom: BED - 3 * HOUR, windowTo: BED + 9 * HOUR, createdAt: BED + 9 * HOUR, ...patch,
  };
}

/** A night whose HRV and AF risk could not be assessed, and whose AHI could. */
function night(): AnalysedNight {
  const part = { value: 1, weight: 10 };
  return {
    analysed: true, window: { from: BED - 3 * HOUR, to: BED + 9 * HOUR }, epochSeconds: 30, bedTime: BED, getUpTime: BED + 8 * HOUR, sleepOnset: BED + 0.25 * HOUR,
    wakeTime: BED + 8 * HOUR, timeInBedMinutes: 500, sleepMinutes: 452.5, sleepLatencyMinutes: 15, stageMinutes: { awake: 20, fallingAsleep: 10, light: 350, deep: 54, outOfBed: 6 },
    efficiencyPercent: 90.5, deepSharePercent: 12, continuityIndex: 80, bodyMovements: 30, bodyMovementIndex: 4, wakeUps: 1, wakeUpTimes: [BED + 3 * HOUR],
    leftBed: { count: 2, exits: [] }, heartRate: { mean: 61, min: 50, max: 77 }, breathRate: { mean: 15, min: 11, max: 19 },
    hrv: { assessable: false, reason: 'tooLittleSignal' }, apnea: { assessable: true, ahi: 7.2, pauses: 54, longestPauseSeconds: 21, grade: 'low' },
    afRisk: { assessable: false, reason: 'tooMuchMovement' },
    score: { value: 81, parts: { duration: part, efficiency: part, deepShare: part, bodyMovement: part, wakeUps: part, apnea: null } }, hypnogram: [],
  };
}

function wrap(children: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sleep report screens', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (input: string | URL | Request) => {
      const url = String(input);
      const data = url.includes('/report/getMonthReportTimes')
        ? [{ month: '2026-03', nights: 4, enough: false }]
        : { residentId: 5, residentName: 'Night Owl', month: '2026-03', status: 'loggedOff', analysis: { enough: false, nights: 4, required: 7 }, disclaimerDate: '2023-11-24' };
      return new Response(JSON.stringify({ status: 200, data, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => cleanup());
  after(() => cleanup());

  it('shows durations in minutes with the §9 references beside the values, and flags what misses them', async () => {
    wrap(<NightMetrics report={dailyReport()} night={night()} />);
    assert.ok(await screen.findByText('453 min'));
    assert.ok(screen.getByText('Reference: 420–480 min'));
    assert.ok(screen.getByText('Reference: 80% and above'));
    assert.ok(screen.getByText('Reference: 20% and above'));
    assert.equal(screen.getAllByText('Below reference').length, 1, 'only the deep-sleep share (12%) misses its reference');
    assert.ok(screen.getByText('61 bpm (range 50–77)'));
  });

  it('says "not enough data to tell" for HRV and AF risk, with why, and grades the AHI it could assess', async () => {
    wrap(<RiskPanel night={night()} />);
    await screen.findByText('7.2 per hour (54 pauses)');
    assert.equal(screen.getAllByText(/Not enough data to tell/).length, 3, 'HRV and AF values, and the AF grade tag');
    assert.ok(screen.getByText('(too little clean signal)'));
    assert.ok(screen.getByText('(too much movement)'));
    assert.ok(screen.getByText('7.2 per hour (54 pauses)'));
    assert.ok(screen.getByText('Above reference'));
    assert.ok(screen.getByText('Low'));
  });

  it('a month with fewer than 7 nights says so instead of drawing an empty chart, and shows logged off and the disclaimer', async () => {
    const { container } = wrap(<MonthDetailsPage />, '/sleep-report/monthDetails?userId=5');
    assert.ok(await screen.findByText('Not enough nights for a monthly report'));
    assert.ok(screen.getByText('A monthly analysis needs at least 7 daily reports; this month has 4.'));
    assert.ok(screen.getByText('Logged off'));
    assert.ok(screen.getByText(/not medical advice.*2023\/11\/24/));
    assert.equal(container.querySelectorAll('.sleep-chart').length, 0);
  });
});
