import { formatMessage, IMPORT_MAX_ROWS, placeNameSchema, type Language } from '@vigil/contracts';
import { z } from 'zod';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { checkCell, ImportProblems, readImportSheet, rowCells, templateHeaders, textColumns, type ColumnSpec } from '../spreadsheets/import-sheet.ts';
import { buildWorkbook, fileStamp } from '../spreadsheets/workbook.ts';
import type { AreaRepository } from './area.repository.ts';
import type { BedRepository } from './bed.repository.ts';

export const BED_COLUMNS: readonly ColumnSpec[] = [
  { field: 'area', required: true },
  { field: 'floor', required: true },
  { field: 'room', required: true },
  { field: 'bed', required: true },
  { field: 'deviceCode', required: false, text: true },
];

const deviceCodeCell = z.string().max(64, { error: 'validation.tooLong' }).regex(/^[A-Za-z0-9_.:-]*$/, { error: 'validation.deviceCode' });

interface BedLine {
  rowNumber: number;
  path: [string, string, string, string];
  deviceCode: string | null;
}

/** Key of a place path, compared case-insensitively like the unique indexes. */
const pathKey = (parts: readonly string[]) => parts.map((part) => part.toLowerCase()).join('\u0000');

/** Finds or creates the area → floor → room of a path inside the import transaction; answers the room id. */
async function ensureRoom(repository: AreaRepository, providerId: number, path: readonly string[], cache: Map<string, number>, now: number): Promise<number> {
  let parentId: number | null = null;
  for (let depth = 0; depth < 3; depth++) {
    const key = pathKey(path.slice(0, depth + 1));
    const cached = cache.get(key);
    if (cached !== undefined) {
      parentId = cached;
      continue;
    }
    const name = path[depth];
    let id: number;
    if (depth < 2) {
      const existing = await repository.findAreaByName(providerId, parentId ?? 0, name.toLowerCase());
      id = existing?.id ?? (await repository.insertArea({ providerId, parentId, name, now }));
    } else {
      const floorId: number = parentId ?? 0;
      const rooms = await repository.listRooms(providerId, { areaId: floorId, roomName: name });
      id = rooms.rows.find((room) => room.floor_id === floorId)?.id ?? (await repository.insertRoom({ providerId, floorId, name, now }));
    }
    cache.set(key, id);
    parentId = id;
  }
  return parentId ?? 0;
}

/** What the bed spreadsheet works with: its repositories, bound to the database or to one transaction. */
export interface BedSpreadsheetDeps {
  areas: AreaRepository;
  beds: BedRepository;
  transaction: Transactional<{ areas: AreaRepository; beds: BedRepository }>;
  now: () => number;
  workers: WorkerPool;
}

/** Bed import template, import (all or nothing) and export. */
export function bedSpreadsheet({ areas, beds, transaction, now, workers }: BedSpreadsheetDeps) {
  return {
    template(language: Language): { fileName: string; bytes: Buffer } {
      const headers = templateHeaders(language, BED_COLUMNS);
      const sample = [['Building A', '1F', '101', '1', ''], ['Building A', '1F', '101', '2', '']];
      return { fileName: 'bed-template.xlsx', bytes: buildWorkbook(formatMessage(language, 'field.bed'), headers, sample, { textColumns: textColumns(BED_COLUMNS), formattedRows: IMPORT_MAX_ROWS + 1 }) };
    },

    /** Imports beds; areas, floors and rooms named in the file are created when missing. */
    async import(session: SessionInfo, language: Language, bytes: Buffer): Promise<{ imported: number }> {
      const providerId = workingProviderId(session.scope);
      const problems = new ImportProblems(language);
      const sheet = await readImportSheet(workers, bytes, BED_COLUMNS, problems, language);
      const { columns } = sheet;

      const lines: BedLine[] = [];
      const seen = new Map<string, number>();
      for (const row of sheet.rows) {
        const cells = rowCells(row.cells, columns);
        const parts: string[] = [];
        for (const field of ['area', 'floor', 'room', 'bed']) {
          const checked = checkCell(placeNameSchema, cells.cell(field).text);
          if (checked.ok) parts.push(checked.value);
          else problems.add(row.rowNumber, cells.index(field), field, checked.key);
        }
        const device = checkCell(deviceCodeCell, cells.cell('deviceCode').text);
        if (!device.ok) problems.add(row.rowNumber, cells.index('deviceCode'), 'deviceCode', device.key);
        if (parts.length !== 4 || !device.ok) continue;
        const key = pathKey(parts);
        const earlier = seen.get(key);
        if (earlier !== undefined) problems.add(row.rowNumber, cells.index('bed'), 'bed', 'import.duplicateBed', { row: earlier });
        else seen.set(key, row.rowNumber);
        lines.push({ rowNumber: row.rowNumber, path: [parts[0], parts[1], parts[2], parts[3]], deviceCode: device.value || null });
      }
      problems.throwIfAny();

      return transaction(async (tx) => {
        const existing = new Set((await tx.beds.listBeds(providerId, {})).rows.map((bed) => pathKey([bed.building_name, bed.floor_name, bed.room_name, bed.name])));
        const bedColumn = columns.get('bed') ?? null;
        for (const line of lines) if (existing.has(pathKey(line.path))) problems.add(line.rowNumber, bedColumn, 'bed', 'import.bedExists');
        problems.throwIfAny();
        const cache = new Map<string, number>();
        const time = now();
        for (const line of lines) {
          const roomId = await ensureRoom(tx.areas, providerId, line.path, cache, time);
          await tx.beds.insertBed({ providerId, roomId, name: line.path[3], deviceCode: line.deviceCode, now: time });
        }
        return { imported: lines.length };
      });
    },

    /** Every bed (optionally of an area or floor) in the template's layout, with the resident as an extra column. */
    async export(session: SessionInfo, language: Language, areaId?: number): Promise<{ fileName: string; bytes: Buffer }> {
      const providerId = workingProviderId(session.scope);
      if (areaId) assertOwned(await areas.findArea(areaId), providerId, 'area.notFound');
      const rows = (await beds.listBeds(providerId, { areaId })).rows;
      const headers = [...templateHeaders(language, BED_COLUMNS), formatMessage(language, 'field.name')];
      const data = rows.map((row) => [row.building_name, row.floor_name, row.room_name, row.name, row.device_code ?? '', row.resident_name ?? '']);
      return { fileName: `beds-${fileStamp(now())}.xlsx`, bytes: buildWorkbook(formatMessage(language, 'field.bed'), headers, data, { textColumns: textColumns(BED_COLUMNS) }) };
    },
  };
}
export type BedSpreadsheet = ReturnType<typeof bedSpreadsheet>;
