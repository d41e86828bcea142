import type { HandoverSummary, Language } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { FileReply } from '../../http/file-reply.ts';

/** The handover summary as an A4 PDF. */
export interface HandoverPdf {
  file(summary: HandoverSummary, language: Language): Promise<FileReply>;
}

/** Placeholder until the PDF module lands. */
export function handoverPdf(): HandoverPdf {
  return {
    async file() {
      throw errors.notFound();
    },
  };
}
