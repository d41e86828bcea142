import type { Language } from '@vigil/contracts';
import { plainDeviceIdSchema } from '@vigil/contracts';
import type { WorkerPool } from '../../workers/pool.ts';
import { checkCell, ImportProblems, readImportSheet, rowCells, type ColumnSpec } from '../spreadsheets/import-sheet.ts';
import type { FirmwareService } from './firmware.service.ts';

const COLUMNS: readonly ColumnSpec[] = [{ field: 'deviceId', required: true, text: true }];

/**
 * Gray devices from a spreadsheet (read in the worker pool): one "Device ID" column; every row
 * is checked (format, repeats, registered, the package's type) and the file is refused as a
 * whole when any row is wrong, so nothing is added.
 */
export async function importGrayDevices(deps: { workers: WorkerPool; firmware: FirmwareService }, firmwareId: number, bytes: Buffer, language: Language) {
  const problems = new ImportProblems(language);
  const sheet = await readImportSheet(deps.workers, bytes, COLUMNS, problems, language);
  const ids: { row: number; deviceId: string; column: number | null }[] = [];
  const seen = new Map<string, number>();
  for (const row of sheet.rows) {
    const cells = rowCells(row.cells, sheet.columns);
    const text = cells.cell('deviceId').text;
    if (text === '') continue;
    const checked = checkCell(plainDeviceIdSchema, text);
    if (!checked.ok) {
      problems.add(row.rowNumber, cells.index('deviceId'), 'deviceId', checked.key);
      continue;
    }
    const earlier = seen.get(checked.value);
    if (earlier !== undefined) problems.add(row.rowNumber, cells.index('deviceId'), 'deviceId', 'import.duplicateDevice', { row: earlier });
    seen.set(checked.value, row.rowNumber);
    ids.push({ row: row.rowNumber, deviceId: checked.value, column: cells.index('deviceId') });
  }
  problems.throwIfAny();
  const refusals = await deps.firmware.checkGray(firmwareId, ids.map((entry) => entry.deviceId));
  for (const entry of ids) {
    const key = refusals.get(entry.deviceId);
    if (key) problems.add(entry.row, entry.column, 'deviceId', key);
  }
  problems.throwIfAny();
  return deps.firmware.addGray({ firmwareId, deviceIds: ids.map((entry) => entry.deviceId) });
}
