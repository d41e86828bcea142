import type { HandoverSummary, Language } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import { FileReply } from '../../http/file-reply.ts';
import type { PdfRenderer } from '../../pdf/renderer.ts';

/** The handover summary as a one-page A4 PDF (the PDF module's `handover` kind, rendered in its workers). */
export interface HandoverPdf {
  file(providerId: number, summary: HandoverSummary, language: Language): Promise<FileReply>;
}

export function handoverPdf(db: Db, renderer: PdfRenderer): HandoverPdf {
  return {
    async file(providerId, summary, language) {
      const provider = await db.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirst();
      const rendered = await renderer.render('handover', { summary, providerName: provider?.name ?? '' }, language);
      return new FileReply(rendered.fileName, rendered.bytes, 'application/pdf');
    },
  };
}
