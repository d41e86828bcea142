import type { HandoverSummary, Language } from '@vigil/contracts';
import { FileReply } from '../../http/file-reply.ts';
import type { PdfRenderer } from '../../pdf/renderer.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

/** The handover summary as a one-page A4 PDF (the PDF module's `handover` kind, rendered in its workers). */
export interface HandoverPdf {
  file(providerId: number, summary: HandoverSummary, language: Language): Promise<FileReply>;
}

export function handoverPdf(repository: AnalyticsRepository, renderer: PdfRenderer): HandoverPdf {
  return {
    async file(providerId, summary, language) {
      const providerName = (await repository.providerName(providerId)) ?? '';
      const rendered = await renderer.render('handover', { summary, providerName }, language);
      return new FileReply(rendered.fileName, rendered.bytes, 'application/pdf');
    },
  };
}
