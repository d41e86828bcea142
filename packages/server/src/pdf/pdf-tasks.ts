import type { Language } from '@vigil/contracts';
import type { PdfFontPaths } from './fonts.ts';
import type { PdfKind, PdfKinds, PdfLayout } from './kinds.ts';
import { PDF_LAYOUTS } from './layouts.ts';
import { PdfPage } from './page.ts';

/** What a render job carries: the kind, its data, the language, and where the fonts are. */
export interface PdfJob<Kind extends PdfKind = PdfKind> {
  kind: Kind;
  data: PdfKinds[Kind];
  language: Language;
  fonts: PdfFontPaths;
}

/** A made PDF: the file and its localized name. */
export interface RenderedPdf {
  fileName: string;
  bytes: Uint8Array;
}

async function render<Kind extends PdfKind>(job: PdfJob<Kind>): Promise<RenderedPdf> {
  const layout: PdfLayout<PdfKinds[Kind]> = PDF_LAYOUTS[job.kind];
  const page = new PdfPage(job.language, job.fonts);
  const title = layout.title(page, job.data);
  page.doc.info.Title = title;
  layout.draw(page, job.data);
  const bytes = await page.finish(title);
  return { fileName: layout.fileName(page, job.data), bytes };
}

/** PDF rendering in the worker pool (see workers/pool.ts): pdfkit and ECharts never load on the event loop. */
export const tasks = {
  renderPdf: (job: PdfJob): Promise<RenderedPdf> => render(job),
};
