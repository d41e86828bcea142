import type { HandoverPdfData } from './handover/handover-pdf-data.ts';
import type { PdfPage } from './page.ts';
import type { SleepDailyPdfData, SleepMonthlyPdfData } from './sleep/sleep-pdf-data.ts';

/**
 * The kinds of PDF the server makes, each with the data its layout draws. A new document
 * (e.g. a night-handover summary) adds its data type here and its layout in layouts.ts.
 */
export interface PdfKinds {
  sleepDaily: SleepDailyPdfData;
  sleepMonthly: SleepMonthlyPdfData;
  handover: HandoverPdfData;
}
export type PdfKind = keyof PdfKinds;

/** How one kind of PDF is drawn: its document title, its localized file name, and its pages. */
export interface PdfLayout<Data> {
  title(page: PdfPage, data: Data): string;
  fileName(page: PdfPage, data: Data): string;
  /** Draws the document onto A4 pages through `page` (the footer with page numbers is added after). */
  draw(page: PdfPage, data: Data): void;
}

export type PdfLayouts = { [Kind in PdfKind]: PdfLayout<PdfKinds[Kind]> };
