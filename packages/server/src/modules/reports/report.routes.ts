import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { FileReply } from '../../http/file-reply.ts';
import type { ReportPdfService } from './report-pdf.service.ts';
import type { ReportService } from './report.service.ts';

/** Sleep reports (/report/*) and the report screen's resident list (/sleepReport/userList). */
export function reportRoutes(routes: OperationRegistrar, reports: ReportService, pdfs: ReportPdfService): void {
  routes.secured(api.getDailyReportPageList, async (input, { session }) =>
    reports.page(session.scope, { keyWord: input.keyWord, residentId: input.userId, startDate: input.startDate, endDate: input.endDate }, input.pageNum, input.pageSize));
  routes.secured(api.getDailyReport, async (input, { session }) => reports.daily(session.scope, input));
  routes.secured(api.getDailyReportData, async (input, { session }) => reports.dailyData(session.scope, input.id));
  routes.secured(api.getTimePeriod, async (input, { session }) => reports.timePeriod(session.scope, input.userId));
  routes.secured(api.getMonthReport, async (input, { session }) => reports.month(session.scope, input.userId, input.month));
  routes.secured(api.getMonthReportTimes, async (input, { session }) => reports.monthTimes(session.scope, input.userId));
  routes.secured(api.exportDailyPdf, async (input, { session, language }) => pdfFile(await pdfs.daily(session.scope, input.id, input.lang ?? language)));
  routes.secured(api.exportMonthPdf, async (input, { session, language }) => pdfFile(await pdfs.month(session.scope, input.userId, input.month, input.lang ?? language)));
  routes.secured(api.sleepReportUserList, async (input, { session }) => reports.residents(session.scope, input));
}

function pdfFile(file: { fileName: string; bytes: Buffer }): FileReply {
  return new FileReply(file.fileName, file.bytes, 'application/pdf');
}
