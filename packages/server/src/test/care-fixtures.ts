import * as XLSX from '@e965/xlsx';
import * as api from '@vigil/contracts';
import type { Operation } from '@vigil/contracts';
import { z } from 'zod';
import type { Envelope, TestServer } from './harness.ts';

/** A downloaded file: its bytes and headers. */
export interface Download {
  status: number;
  contentType: string;
  disposition: string;
  bytes: Buffer;
}

/** Uploads a file as multipart field "file" through the real HTTP pipeline. */
export async function upload(server: TestServer, operation: Operation, fileName: string, bytes: Buffer, token: string, language = 'en-us'): Promise<Envelope<unknown>> {
  const boundary = `----vigil${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const response = await server.vigil.app.inject({
    method: 'POST',
    url: `/api${operation.path}`,
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 's-token': token, 'accept-language': language, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return response.json();
}

/** GETs a download operation and answers the file. */
export async function download(server: TestServer, operation: Operation, query: Record<string, string>, token: string, language = 'en-us'): Promise<Download> {
  const response = await server.vigil.app.inject({ method: 'GET', url: `/api${operation.path}`, query, headers: { 's-token': token, 'accept-language': language } });
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    disposition: String(response.headers['content-disposition'] ?? ''),
    bytes: response.rawPayload,
  };
}

/** Writes a real .xls or .xlsx workbook from rows (first row = headers); Date cells are written as Excel dates. */
export function workbookBytes(rows: (string | number | Date | null)[][], bookType: 'xlsx' | 'xls'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dateNF: 'yyyy-mm-dd' });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const bytes: unknown = XLSX.write(book, { type: 'buffer', bookType });
  if (!Buffer.isBuffer(bytes)) throw new Error('no buffer');
  return bytes;
}

/** Reads the first sheet of a downloaded workbook as rows of text (blank rows, e.g. a template's formatted empty rows, left out). */
export function sheetRows(bytes: Buffer): string[][] {
  const book = XLSX.read(bytes, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]];
  const rows: unknown[][] = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  return rows.map((row) => row.map((cell) => String(cell)));
}

/** Builds a small tree in the caller's provider: one area, one floor, rooms and beds; answers their ids. */
export async function buildPlace(server: TestServer, token: string, names: { area: string; floor?: string; rooms?: string; beds?: string }) {
  const area = await server.call(api.insertArea, { name: names.area }, { token });
  if (area.status !== 200) throw new Error(`area: ${area.msg}`);
  const floor = await server.call(api.insertArea, { name: names.floor ?? '1F', parentId: area.data.id }, { token });
  if (floor.status !== 200) throw new Error(`floor: ${floor.msg}`);
  const rooms = await server.call(api.insertRooms, { floorId: floor.data.id, names: names.rooms ?? '101' }, { token });
  if (rooms.status !== 200) throw new Error(`rooms: ${rooms.msg}`);
  const bedIds: number[] = [];
  for (const roomId of rooms.data.ids) {
    const beds = await server.call(api.insertBunks, { roomId, names: names.beds ?? '1,2' }, { token });
    if (beds.status !== 200) throw new Error(`beds: ${beds.msg}`);
    bedIds.push(...beds.data.ids);
  }
  return { areaId: area.data.id, floorId: floor.data.id, roomIds: rooms.data.ids, bedIds };
}

const rejectedImport = z.object({ problems: z.array(api.importProblemSchema), total: z.number().int() });

/** The problems a rejected import lists (row, column letter, field, message); throws when the answer has none. */
export function problemsOf(envelope: Envelope<unknown>): z.infer<typeof api.importProblemSchema>[] {
  return rejectedImport.parse(envelope.data).problems;
}
