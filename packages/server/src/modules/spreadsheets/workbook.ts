import * as XLSX from '@e965/xlsx';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../http/errors.ts';
import { FileReply } from '../../http/file-reply.ts';
import { inspectZip } from './zip-guard.ts';

/** The parts of SheetJS's number-format helper we use (its typings declare it `any`). */
const ssf: { is_date(format: string): boolean; parse_date_code(value: number): { y: number; m: number; d: number } } = XLSX.SSF;

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** One cell as the importers see it: its text, and the calendar date when Excel stored a date. */
export interface SheetCell {
  text: string;
  date: { year: number; month: number; day: number } | null;
}

export interface SheetData {
  headers: string[];
  /** Data rows below the header row; rowNumber is 1-based as Excel shows it. */
  rows: { rowNumber: number; cells: SheetCell[] }[];
}

/**
 * Reads the uploaded file of a multipart request (field "file") up to the import
 * limit, counting bytes as they arrive so an oversized upload is never held whole.
 */
export async function readUpload(request: FastifyRequest, maxBytes = IMPORT_MAX_BYTES): Promise<Buffer> {
  if (!request.isMultipart()) throw errors.badRequest('upload.missingFile');
  const file = await request.file();
  if (!file) throw errors.badRequest('upload.missingFile');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.file) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) {
      file.file.resume();
      throw errors.tooLarge('upload.tooLarge');
    }
    chunks.push(buffer);
  }
  if (file.file.truncated) throw errors.tooLarge('upload.tooLarge');
  if (size === 0) throw errors.badRequest('upload.missingFile');
  return Buffer.concat(chunks);
}

/** Tells .xls (OLE compound file) and .xlsx (zip with a workbook part) apart by their bytes; anything else is refused. */
export function spreadsheetKind(bytes: Buffer): 'xls' | 'xlsx' {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE_SIGNATURE)) return 'xls';
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    const zip = inspectZip(bytes);
    if (!zip) throw errors.badRequest('upload.wrongFormat');
    if (!zip.names.includes('xl/workbook.xml')) throw errors.badRequest('upload.wrongFormat');
    return 'xlsx';
  }
  throw errors.badRequest('upload.wrongFormat');
}

function cellOf(cell: XLSX.CellObject | undefined): SheetCell {
  if (!cell || cell.v === undefined || cell.v === null) return { text: '', date: null };
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (typeof cell.z === 'string' && ssf.is_date(cell.z)) {
      const parts = ssf.parse_date_code(cell.v);
      const date = { year: parts.y, month: parts.m, day: parts.d };
      return { text: `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`, date };
    }
    return { text: String(cell.v), date: null };
  }
  if (cell.t === 'e') return { text: '#ERROR', date: null };
  return { text: String(cell.v).trim(), date: null };
}

/**
 * Parses the first sheet of an .xls or .xlsx upload: header row and data rows,
 * blank rows skipped. Formulas, styles and macros are not read; rows past the
 * import limit are not parsed at all.
 */
export function readFirstSheet(bytes: Buffer): SheetData {
  spreadsheetKind(bytes);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      sheets: 0,
      sheetRows: IMPORT_MAX_ROWS + 2,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      bookDeps: false,
      WTF: false,
    });
  } catch {
    throw errors.badRequest('import.unreadable');
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw errors.badRequest('import.noSheet');
  const ref = sheet['!ref'];
  if (!ref) throw errors.badRequest('import.empty');
  const range = XLSX.utils.decode_range(ref);
  const lines: { rowNumber: number; cells: SheetCell[] }[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: SheetCell[] = [];
    for (let c = 0; c <= range.e.c; c++) cells.push(cellOf(sheet[XLSX.utils.encode_cell({ r, c })]));
    if (cells.some((cell) => cell.text !== '')) lines.push({ rowNumber: r + 1, cells });
  }
  const [header, ...rows] = lines;
  if (!header) throw errors.badRequest('import.empty');
  if (rows.length === 0) throw errors.badRequest('import.empty');
  if (rows.length > IMPORT_MAX_ROWS) throw errors.badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
  return { headers: header.cells.map((cell) => cell.text), rows };
}

/** The column letter Excel shows for a 0-based index. */
export function columnLetter(index: number): string {
  return XLSX.utils.encode_col(index);
}

/** Builds a one-sheet workbook file from a header row and data rows. */
export function buildWorkbook(sheetName: string, headers: string[], rows: (string | number | null)[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...rows]);
  sheet['!cols'] = headers.map((header) => ({ wch: Math.max(12, header.length + 4) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName.slice(0, 31));
  const written: unknown = XLSX.write(workbook, { type: 'buffer', bookType });
  if (!Buffer.isBuffer(written)) throw new Error('spreadsheet writer did not return a buffer');
  return written;
}

/** A spreadsheet download (the registrar sends it with its name). */
export function spreadsheetFile(fileName: string, bytes: Buffer): FileReply {
  const type = fileName.endsWith('.xls') ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return new FileReply(fileName, bytes, type);
}

/** yyyyMMddHHmmss of a time in UTC, for file names (spec 02 §7's fallback name format). */
export function fileStamp(time: number): string {
  return new Date(time).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
