import { buildWorkbook } from '../spreadsheets/workbook.ts';

/** Builds the original-data spreadsheet in a worker thread (a day of samples is 86,400 rows). */
function buildOriginSheet(input: { sheetName: string; headers: string[]; rows: (string | number | null)[][] }): Uint8Array {
  return new Uint8Array(buildWorkbook(input.sheetName, input.headers, input.rows));
}

export const tasks = { buildOriginSheet };
