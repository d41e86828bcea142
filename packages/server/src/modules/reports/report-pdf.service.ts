import { type Language, MONTHLY_MIN_NIGHTS, NightAnalysisSchema, SLEEP_DISCLAIMER_DATE } from '@vigil/contracts';
import { analyseMonth } from '../../analysis/sleep/index.ts';
import { errors } from '../../http/errors.ts';
import type { PdfFile, PdfRenderer } from '../../pdf/renderer.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { Scope } from '../../tenancy/scope.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';
import { nightSummaryOf, presentDailyReport, reportStatusOf } from './report.presenter.ts';
import type { ReportRepository } from './report.repository.ts';

/** Daily and monthly sleep reports as A4 PDF files (docs/pdf.md), within the provider the user works in. */
export function reportPdfService(deps: { reports: ReportRepository; settings: SettingsRepository; pdf: PdfRenderer; now: () => number }) {
  const { reports, settings, pdf } = deps;
  const timeZone = async () => (await settings.get('timeZone')) ?? 'UTC';

  return {
    async daily(scope: Scope, id: number, language: Language): Promise<PdfFile> {
      const row = await reports.findDaily(workingProviderId(scope), id);
      if (!row) throw errors.notFound('report.notFound');
      const analysis = NightAnalysisSchema.parse(JSON.parse(row.analysis));
      return pdf.render('sleepDaily', { report: presentDailyReport(row), analysis, timeZone: await timeZone(), generatedAt: deps.now(), disclaimerDate: SLEEP_DISCLAIMER_DATE }, language);
    },

    /** A month with fewer than 7 analysed nights is refused with a localized 400 (spec 02 §9), never an empty chart. */
    async month(scope: Scope, residentId: number, month: string, language: Language): Promise<PdfFile> {
      const providerId = workingProviderId(scope);
      const resident = await reports.findResident(residentId);
      assertOwned(resident, providerId, 'resident.notFound');
      const analysis = analyseMonth((await reports.analysedNightsOfMonth(residentId, month)).map(nightSummaryOf));
      if (!analysis.enough) throw errors.badRequest('report.notEnoughNights', { nights: analysis.nights, required: MONTHLY_MIN_NIGHTS });
      const latest = (await reports.pageDaily(providerId, { residentId }, 1, 1)).rows[0];
      return pdf.render('sleepMonthly', {
        residentName: resident.name,
        room: latest?.room_name ?? null,
        bunk: latest?.bed_name ?? null,
        month,
        status: reportStatusOf(resident.state),
        analysis,
        timeZone: await timeZone(),
        generatedAt: deps.now(),
        disclaimerDate: SLEEP_DISCLAIMER_DATE,
      }, language);
    },
  };
}
export type ReportPdfService = ReturnType<typeof reportPdfService>;
