import type { RiskGrade } from '@vigil/contracts';
import { formatDateTime, formatNumber } from '../format.ts';
import { COLORS, type PdfPage } from '../page.ts';

/** Minutes as the spec shows durations (spec 02 §9): whole minutes. */
export function minutesText(page: PdfPage, minutes: number): string {
  return page.t('pdf.unit.minutes', { value: formatNumber(page.language, Math.round(minutes)) });
}

/** A whole percentage, as the console shows it (15.9 reads 16 % on both: issue 25 item 19). */
export function percentText(page: PdfPage, value: number): string {
  return `${formatNumber(page.language, Math.round(value), 0)}%`;
}

export function gradeText(page: PdfPage, grade: RiskGrade | null): string {
  return grade ? page.t(`pdf.grade.${grade}`) : page.t('pdf.notAssessable');
}

/** The title block: title, then label–value pairs of the resident and period. */
export function titleBlock(page: PdfPage, title: string, facts: readonly [string, string][]): void {
  page.text(title, { size: 20, bold: true, color: COLORS.accent });
  page.gap(6);
  const columnWidth = page.width / 2;
  for (let index = 0; index < facts.length; index += 2) {
    const top = page.y;
    let bottom = top;
    for (const [offset, fact] of facts.slice(index, index + 2).entries()) {
      page.doc.y = top;
      page.text(`${fact[0]}: ${fact[1]}`, { x: page.left + offset * columnWidth, width: columnWidth - 8, size: 10.5 });
      bottom = Math.max(bottom, page.y);
    }
    page.doc.y = bottom + 2;
  }
  page.gap(6);
}

/** The §1 disclaimer and when the file was made, closing every sleep-report PDF. */
export function disclaimer(page: PdfPage, disclaimerDate: string, generatedAt: number, timeZone: string): void {
  page.gap(10);
  page.ensureSpace(60);
  page.doc.moveTo(page.left, page.y).lineTo(page.left + page.width, page.y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  page.gap(6);
  page.text(page.t('pdf.disclaimer', { date: disclaimerDate }), { size: 8.5, color: COLORS.muted });
  page.gap(2);
  page.text(page.t('pdf.generatedAt', { time: formatDateTime(page.language, generatedAt, timeZone), timeZone }), { size: 8.5, color: COLORS.muted });
}

/** Shared look of the category/value charts. */
export const GRID = { left: 48, right: 16, top: 28, bottom: 28 };
