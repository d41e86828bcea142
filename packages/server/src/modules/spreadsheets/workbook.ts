import * as XLSX from '@e965/xlsx';
import { IMPORT_MAX_BYTES } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { errors } from '../../http/errors.ts';
import { FileReply } from '../../http/file-reply.ts';

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

/** The column letter Excel shows for a 0-based index. */
export function columnLetter(index: number): string {
  return XLSX.utils.encode_col(index);
}

/** Excel's number format "@": what is typed in the cell stays text (a phone keeps its "+" and leading zeros). */
const TEXT_FORMAT = '@';

export interface WorkbookOptions {
  /** 0-based columns whose cells are text, e.g. phones and IDs. */
  textColumns?: readonly number[];
  /** Rows (header included) down to which the text columns are formatted even when empty, for a template to be filled in. */
  formattedRows?: number;
}

/** Builds a one-sheet .xlsx file from a header row and data rows. */
export function buildWorkbook(sheetName: string, headers: string[], rows: (string | number | null)[][], options: WorkbookOptions = {}): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...rows]);
  sheet['!cols'] = headers.map((header) => ({ wch: Math.max(12, header.length + 4) }));
  const textColumns = options.textColumns ?? [];
  const lastRow = Math.max(rows.length + 1, options.formattedRows ?? 0);
  for (let r = 1; r < lastRow; r++) {
    for (const c of textColumns) {
      const address = XLSX.utils.encode_cell({ r, c });
      const cell = sheet[address];
      if (cell && cell.v !== undefined && cell.v !== null && cell.v !== '') sheet[address] = { t: 's', v: String(cell.v), z: TEXT_FORMAT };
      else sheet[address] = { t: 'z', z: TEXT_FORMAT };
    }
  }
  if (textColumns.length > 0) sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow - 1, c: headers.length - 1 } });
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName.slice(0, 31));
  // sheetStubs writes the empty text-formatted cells, so what is typed there later stays text.
  const written: unknown = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', sheetStubs: true });
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
