import fs from 'node:fs';
import { formatMessage, type Language, type MessageKey } from '@vigil/contracts';
import PDFDocument from 'pdfkit';
import { cjkFaceOf, scriptRuns, usesCjkFont, type PdfFontPaths } from './fonts.ts';

/** A4 in PDF points (spec 02 §9: PDF export uses A4 pages). */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const FOOTER_HEIGHT = 28;
export const COLORS = { text: '#1f2329', muted: '#5c6470', rule: '#d0d5dd', band: '#f2f4f7', accent: '#1d5fbf' } as const;

// Font files are read once per worker thread and reused by every document it renders.
const fileCache = new Map<string, Buffer>();
function fontFile(file: string): Buffer {
  let bytes = fileCache.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(file);
    fileCache.set(file, bytes);
  }
  return bytes;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: string;
  x?: number;
  width?: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * One PDF being written: A4 pages with margins, a flowing cursor, text in the document's
 * language (each run set in a font that has its glyphs), and the footer on every page.
 * Layouts of a PDF kind (kinds.ts) draw through this; `doc` is there for anything else.
 */
export class PdfPage {
  readonly doc: PDFKit.PDFDocument;
  readonly left = MARGIN;
  readonly width = A4.width - 2 * MARGIN;
  private readonly bottom = A4.height - MARGIN - FOOTER_HEIGHT;
  private readonly registered = new Set<string>();

  constructor(readonly language: Language, private readonly fonts: PdfFontPaths) {
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Creator: 'Vigil' }, lang: language });
  }

  /** The message of a key in the document's language. */
  t(key: MessageKey, params?: Record<string, string | number>): string {
    return formatMessage(this.language, key, params);
  }

  /** The name of the font of the text's first run (registered on first use, so unused fonts cost nothing). */
  fontFor(text: string, bold = false): string {
    return this.fontOf(scriptRuns(text, this.language)[0]?.script ?? (usesCjkFont(this.language) ? 'cjk' : 'latin'), bold);
  }

  private fontOf(script: 'latin' | 'cjk', bold: boolean): string {
    const name = `${script}-${bold ? 'bold' : 'regular'}`;
    if (!this.registered.has(name)) {
      if (script === 'latin') this.doc.registerFont(name, fontFile(bold ? this.fonts.latinBold : this.fonts.latinRegular));
      else {
        // Without a bold collection, bold CJK text is set in the regular one (whose faces are named Regular).
        const file = bold ? this.fonts.cjkBold : this.fonts.cjkRegular;
        const weight = bold && file !== this.fonts.cjkRegular ? 'Bold' : 'Regular';
        this.doc.registerFont(name, fontFile(file), cjkFaceOf(this.language, weight));
      }
      this.registered.add(name);
    }
    return name;
  }

  /** The font charts are drawn with: the language's own script. */
  chartFont(): string {
    return this.fontFor(usesCjkFont(this.language) ? '中' : 'a');
  }

  get y(): number {
    return this.doc.y;
  }

  /** Moves down by some points. */
  gap(points: number): void {
    this.doc.y += points;
  }

  /** Starts a new page when less than `height` points are left on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = MARGIN;
    }
  }

  /** Writes a paragraph at the cursor (or at x), wrapping within the width. */
  text(content: string, options: TextOptions = {}): void {
    const size = options.size ?? 10;
    const x = options.x ?? this.left;
    const width = options.width ?? this.width - (x - this.left);
    this.doc.font(this.fontFor(content, options.bold)).fontSize(size).fillColor(options.color ?? COLORS.text);
    this.ensureSpace(this.doc.heightOfString(content, { width }));
    this.write(content, x, this.doc.y, { width, align: options.align ?? 'left' }, options.bold ?? false);
  }

  /** Writes text at (x, y), switching fonts between runs of different scripts. */
  write(content: string, x: number, y: number, options: PDFKit.Mixins.TextOptions, bold: boolean): void {
    const runs = scriptRuns(content, this.language);
    if (runs.length === 0) return;
    runs.forEach((run, index) => {
      this.doc.font(this.fontOf(run.script, bold));
      const last = index === runs.length - 1;
      if (index === 0) this.doc.text(run.text, x, y, { ...options, continued: !last });
      else this.doc.text(run.text, { continued: !last });
    });
  }

  /** A section heading, kept on the same page as the first `keepWith` points below it. */
  heading(content: string, keepWith = 60): void {
    this.ensureSpace(keepWith + 24);
    this.gap(8);
    this.text(content, { size: 13, bold: true, color: COLORS.accent });
    this.gap(4);
  }

  /** Rows of cells in fixed columns (widths as fractions of the page width); the first row is the header. */
  table(rows: readonly (readonly string[])[], columns: readonly number[]): void {
    const padding = 4;
    rows.forEach((row, index) => {
      const header = index === 0;
      const height = Math.max(...row.map((cell, column) => {
        this.doc.font(this.fontFor(cell, header)).fontSize(9.5);
        return this.doc.heightOfString(cell, { width: columns[column] * this.width - 2 * padding });
      })) + 2 * padding;
      this.ensureSpace(height);
      const top = this.doc.y;
      if (header) this.doc.rect(this.left, top, this.width, height).fill(COLORS.band);
      let x = this.left;
      row.forEach((cell, column) => {
        const width = columns[column] * this.width;
        this.doc.fontSize(9.5).fillColor(COLORS.text);
        this.write(cell, x + padding, top + padding, { width: width - 2 * padding }, header);
        x += width;
      });
      this.doc.moveTo(this.left, top + height).lineTo(this.left + this.width, top + height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      this.doc.y = top + height;
    });
    this.doc.x = this.left;
  }

  /** Writes the footer (a line of text and page numbers) on every page, then the finished file. */
  async finish(footer: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      this.doc.on('end', () => resolve());
      this.doc.on('error', reject);
    });
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      this.doc.switchToPage(index);
      const pageText = this.t('pdf.page', { page: index + 1, pages: range.count });
      const top = A4.height - MARGIN - FOOTER_HEIGHT + 10;
      // Text below the bottom margin would start a new page: lift the margin while writing the footer.
      this.doc.page.margins.bottom = 0;
      this.doc.fontSize(8).fillColor(COLORS.muted);
      this.write(footer, this.left, top, { width: this.width * 0.75, lineBreak: false }, false);
      this.doc.font(this.fontFor(pageText)).fontSize(8).text(pageText, this.left, top, { width: this.width, align: 'right', lineBreak: false });
      this.doc.page.margins.bottom = MARGIN;
    }
    this.doc.end();
    await ended;
    return new Uint8Array(Buffer.concat(chunks));
  }
}
