import * as XLSX from '@e965/xlsx';
import { IMPORT_MAX_ROWS } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import { bufferSource, checkZip, storedZip, ZipRefusal, type ZipLimits } from '../../zip/strict-zip.ts';

/** The parts of SheetJS's number-format helper we use (its typings declare it `any`). */
const ssf: { is_date(format: string): boolean; parse_date_code(value: number): { y: number; m: number; d: number } } = XLSX.SSF;

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Longer than any template field allows (remark: 200), so a cut cell still fails its length check. */
const CELL_TEXT_MAX = 256;

/** One cell as the importers see it: its text, and the calendar date when Excel stored a date. */
export interface SheetCell {
  text: string;
  date: { year: number; month: number; day: number } | null;
}

/** A template column to look for: its field and every header text (normalized) that names it. */
export interface SheetColumn {
  field: string;
  names: string[];
}

export interface SheetRequest {
  bytes: Uint8Array;
  columns: SheetColumn[];
}

/** The template's columns found in the first sheet and its data rows, read at those columns only. */
export interface SheetData {
  /** 0-based column of each field found in the header row. */
  found: Record<string, number>;
  /** Data rows below the header row that fill any template column; rowNumber is 1-based as Excel shows it. */
  rows: { rowNumber: number; cells: Record<string, SheetCell> }[];
}

/** Header text as compared with the template's names: case, spaces, brackets, colons and asterisks do not count. */
export const normalizeHeader = (text: string) => text.toLowerCase().replace(/[\s\u3000()（）:：*]/g, '');

/**
 * An .xlsx's zip limits (docs/uploads.md "Zip files"): a real 5,000-row sheet is a few MB of XML;
 * shared strings get 8 MB (a sheet of 5,000 rows of template fields holds far less).
 */
export const XLSX_ZIP_LIMITS: ZipLimits = {
  entriesMax: 500,
  totalMax: 48 * 1024 * 1024,
  partMax: (name) => (name === 'xl/sharedStrings.xml' ? 8 * 1024 * 1024 : 24 * 1024 * 1024),
};

/**
 * Tells .xls (OLE compound file) and .xlsx (zip with a workbook part) apart by their bytes, and for
 * an .xlsx checks the whole zip with the strict reader (zip/strict-zip.ts); answers the bytes the
 * spreadsheet parser may see: for an .xlsx a new zip of the entries that passed, stored, so SheetJS
 * inflates nothing and reads nothing the checks did not read. Anything else is refused.
 */
export async function checkedSpreadsheet(bytes: Buffer): Promise<{ kind: 'xls' | 'xlsx'; bytes: Buffer }> {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE_SIGNATURE)) return { kind: 'xls', bytes };
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    let kept: Map<string, Buffer>;
    try {
      kept = (await checkZip(bufferSource(bytes), XLSX_ZIP_LIMITS, (entry) => !entry.directory)).kept;
    } catch (error) {
      if (error instanceof ZipRefusal) throw errors.badRequest(error.reason === 'tooLarge' ? 'upload.tooLarge' : 'upload.wrongFormat');
      throw error;
    }
    if (!kept.has('xl/workbook.xml')) throw errors.badRequest('upload.wrongFormat');
    return { kind: 'xlsx', bytes: storedZip(kept) };
  }
  throw errors.badRequest('upload.wrongFormat');
}

/**
 * The exact integer digits of a number cell (a phone or ID typed as a number):
 * never an exponent or a trailing ".0". Other numbers keep their shortest form.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (!Number.isInteger(value)) return String(value);
  const shortest = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  const exponent = shortest.match(/^(\d)(?:\.(\d+))?e\+(\d+)$/);
  if (!exponent) return `${sign}${shortest}`;
  const digits = exponent[1] + (exponent[2] ?? '');
  return `${sign}${digits.padEnd(Number(exponent[3]) + 1, '0')}`;
}

function cellOf(cell: XLSX.CellObject | undefined): SheetCell {
  if (!cell || cell.v === undefined || cell.v === null) return { text: '', date: null };
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (typeof cell.z === 'string' && ssf.is_date(cell.z)) {
      const parts = ssf.parse_date_code(cell.v);
      const date = { year: parts.y, month: parts.m, day: parts.d };
      return { text: `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`, date };
    }
    return { text: numberText(cell.v), date: null };
  }
  if (cell.t === 'e') return { text: '#ERROR', date: null };
  return { text: String(cell.v).slice(0, CELL_TEXT_MAX).trim(), date: null };
}

/** Indexes of the cells a sparse row really holds, ascending (never the declared width). */
function realIndexes(row: readonly unknown[] | undefined): number[] {
  return row ? Object.keys(row).map(Number).filter(Number.isInteger) : [];
}

/**
 * Parses the first sheet of an .xls or .xlsx upload. Only cells the file really
 * holds are visited, never the range the sheet declares; the header row is the
 * first row with text, and data rows are read at the template's columns only.
 * Parsing stops at the import's row limit. Formulas, styles and macros are not read.
 * Runs in a worker thread (see sheet-tasks.ts).
 */
export async function readSheet(request: SheetRequest): Promise<SheetData> {
  const { bytes } = await checkedSpreadsheet(Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength));
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
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
  const data = sheet['!data'] ?? [];
  const rowIndexes = realIndexes(data);

  let headerAt = -1;
  const found: Record<string, number> = {};
  for (const [position, r] of rowIndexes.entries()) {
    const row = data[r];
    const headers = realIndexes(row).map((c) => ({ c, text: normalizeHeader(cellOf(row[c]).text) })).filter((header) => header.text !== '');
    if (headers.length === 0) continue;
    headerAt = position;
    for (const column of request.columns) {
      const names = new Set(column.names);
      const header = headers.find((candidate) => names.has(candidate.text));
      if (header) found[column.field] = header.c;
    }
    break;
  }
  if (headerAt < 0) throw errors.badRequest('import.empty');

  const fields = Object.entries(found);
  const rows: SheetData['rows'] = [];
  for (const r of rowIndexes.slice(headerAt + 1)) {
    const row = data[r];
    const cells: Record<string, SheetCell> = {};
    let filled = false;
    for (const [field, c] of fields) {
      const cell = cellOf(row[c]);
      cells[field] = cell;
      if (cell.text !== '') filled = true;
    }
    if (!filled) continue;
    if (rows.length === IMPORT_MAX_ROWS) throw errors.badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
    rows.push({ rowNumber: r + 1, cells });
  }
  return { found, rows };
}
