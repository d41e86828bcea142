import { type Language, Status } from '@vigil/contracts';
import { AppError } from '../http/errors.ts';
import { createWorkerPool, type WorkerPool } from '../workers/pool.ts';
import { missingFonts, pdfFontPaths, type PdfFontPaths } from './fonts.ts';
import type { PdfKind, PdfKinds } from './kinds.ts';
import { pdfTasks } from './pdf-task-module.ts';

export interface PdfRendererOptions {
  /** Documents rendered at once (the rest wait, up to queueLimit). */
  size?: number;
  queueLimit?: number;
  /** A document taking longer is abandoned and its worker terminated. */
  timeLimitMs?: number;
  /** Heap limit of each PDF worker, MB (the CJK font collection alone is about 20 MB). */
  maxHeapMb?: number;
  fonts?: PdfFontPaths;
  /** Told when a document cannot be made because a font file is missing (once per path). */
  onFontMissing?: (files: string[]) => void;
}

/** A made PDF: its localized file name and bytes. */
export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

const fail = () => new AppError(Status.SERVER_ERROR, 'pdf.failed');

/**
 * Makes PDF documents (A4, in any of the 7 languages, charts included) in worker threads of
 * their own, with a time and a memory limit, so a big document never blocks the event loop
 * nor starves the upload parsers (docs/pdf.md).
 */
export function createPdfRenderer(options: PdfRendererOptions = {}) {
  const fonts = options.fonts ?? pdfFontPaths();
  const reported = new Set<string>();
  let pool: WorkerPool | null = null;
  const workers = () => {
    pool ??= createWorkerPool({
      size: options.size ?? 1,
      queueLimit: options.queueLimit ?? 8,
      timeLimitMs: options.timeLimitMs ?? 20_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 384, maxYoungGenerationSizeMb: 48 },
      idleMs: 60_000,
      warm: 0,
    });
    return pool;
  };

  return {
    /** Renders one document of a kind in a language; throws a localized AppError when it cannot. */
    async render<Kind extends PdfKind>(kind: Kind, data: PdfKinds[Kind], language: Language): Promise<PdfFile> {
      const missing = missingFonts(fonts, language);
      if (missing.length > 0) {
        const fresh = missing.filter((file) => !reported.has(file));
        fresh.forEach((file) => reported.add(file));
        if (fresh.length > 0) options.onFontMissing?.(fresh);
        throw new AppError(Status.SERVER_ERROR, 'pdf.fontMissing');
      }
      const rendered = await workers().run(pdfTasks, 'renderPdf', { kind, data, language, fonts }, {
        refusals: { timeout: fail, memory: fail, crashed: fail, failed: fail, busy: () => new AppError(Status.CONFLICT, 'common.busy') },
      });
      return { fileName: rendered.fileName, bytes: Buffer.from(rendered.bytes.buffer, rendered.bytes.byteOffset, rendered.bytes.byteLength) };
    },

    /** Stops the PDF workers. */
    async close(): Promise<void> {
      await pool?.close();
    },
  };
}
export type PdfRenderer = ReturnType<typeof createPdfRenderer>;
