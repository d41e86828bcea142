import {
  DEVICE_COMM_METHOD_MAX,
  DEVICE_IMEI_MAX,
  DEVICE_LOCATION_MAX,
  DEVICE_TYPES,
  formatMessage,
  IMPORT_MAX_ROWS,
  optionalText,
  placeNameSchema,
  plainDeviceIdSchema,
  REMARK_MAX,
  shownInEdition,
  Status,
  type BindingInput,
  type DeviceFilter,
  type Edition,
  type Language,
} from '@vigil/contracts';
import { z } from 'zod';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, fieldLabel } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { checkCell, ImportProblems, readImportSheet, rowCells, templateHeaders, textColumns, type ColumnSpec } from '../spreadsheets/import-sheet.ts';
import type { SheetData } from '../spreadsheets/sheet-reader.ts';
import { buildWorkbook, fileStamp } from '../spreadsheets/workbook.ts';
import { isVendor, platformEdition } from './device-access.ts';
import type { DeviceService, StockEntry } from './device.service.ts';
import type { DeviceRepository } from './device.repository.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';

/** The vendor's template: device IDs into stock. */
export const STOCK_COLUMNS: readonly ColumnSpec[] = [
  { field: 'deviceId', required: true, text: true },
  { field: 'deviceType', required: true },
  { field: 'imei', required: false, text: true },
  { field: 'moduleImei', required: false, text: true },
  { field: 'iccid', required: false, text: true },
  { field: 'commMethod', required: false },
  { field: 'remark', required: false },
];

/** A care home's template: devices from stock, optionally placed on a bed or in a room. */
export const ADD_COLUMNS: readonly ColumnSpec[] = [
  { field: 'deviceId', required: true, text: true },
  { field: 'deviceType', required: true },
  { field: 'area', required: false },
  { field: 'floor', required: false },
  { field: 'room', required: false },
  { field: 'bed', required: false },
  { field: 'location', required: false },
  { field: 'remark', required: false },
];

const hardwareCell = (max: number) => optionalText(max).refine((text) => /^[A-Za-z0-9-]*$/.test(text), { error: 'validation.invalid' });
const pathKey = (parts: readonly string[]) => parts.map((part) => part.toLowerCase()).join('\u0000');

/** A type cell: the numeric type, the type code (or alias) or the model, of a type this edition shows. */
export function typeFromCell(text: string, edition: Edition): number | null {
  const wanted = text.trim().toLowerCase();
  const match = DEVICE_TYPES.find(
    (info) =>
      shownInEdition(info, edition) &&
      (String(info.type) === wanted || info.model.toLowerCase() === wanted || info.code.toLowerCase() === wanted || info.aliases?.some((alias) => alias.toLowerCase() === wanted)),
  );
  return match?.type ?? null;
}

type Cells = ReturnType<typeof rowCells>;

interface AddLine {
  row: { rowNumber: number };
  cells: Cells;
  deviceId: string;
  deviceType: number;
  /** Area, floor and room of the row, when it names a place. */
  roomKey: string | null;
  bed: string;
  location: string;
  remark: string;
}

/** Reads the cells every template has: a plain device ID (not a cipher) and a supported type; notes repeats. */
function identity(row: { rowNumber: number }, cells: Cells, problems: ImportProblems, edition: Edition, seen: Map<string, number>) {
  let deviceId: string | null = null;
  const idText = cells.cell('deviceId').text;
  if (idText === '') problems.add(row.rowNumber, cells.index('deviceId'), 'deviceId', 'validation.required');
  else {
    const checked = checkCell(plainDeviceIdSchema, idText);
    if (checked.ok) deviceId = checked.value;
    else problems.add(row.rowNumber, cells.index('deviceId'), 'deviceId', checked.key);
  }
  const typeText = cells.cell('deviceType').text;
  const deviceType = typeText === '' ? null : typeFromCell(typeText, edition);
  if (typeText === '') problems.add(row.rowNumber, cells.index('deviceType'), 'deviceType', 'validation.required');
  else if (deviceType === null) problems.add(row.rowNumber, cells.index('deviceType'), 'deviceType', 'device.notSupported');
  if (deviceId !== null) {
    const earlier = seen.get(deviceId);
    if (earlier !== undefined) problems.add(row.rowNumber, cells.index('deviceId'), 'deviceId', 'import.duplicateDevice', { row: earlier });
    else seen.set(deviceId, row.rowNumber);
  }
  return { deviceId, deviceType };
}

function optionalCell<T extends z.ZodType>(row: { rowNumber: number }, cells: Cells, problems: ImportProblems, field: string, schema: T): z.output<T> | null {
  const checked = checkCell(schema, cells.cell(field).text);
  if (checked.ok) return checked.value;
  problems.add(row.rowNumber, cells.index(field), field, checked.key);
  return null;
}

/** Where a service refusal belongs in the file: its field's column, or the device ID's. */
function addRefusal(problems: ImportProblems, rowNumber: number, cells: Cells, error: AppError): void {
  const field = error.data !== null && typeof error.data === 'object' && 'field' in error.data && typeof error.data.field === 'string' ? error.data.field : 'deviceId';
  const column = field === 'targetId' || field === 'target' ? 'bed' : field;
  if (error.status === Status.CONFIRM_REQUIRED) {
    // No one to ask in an import: a bed that already has such a device is a problem of the row.
    problems.add(rowNumber, cells.index('bed'), 'bed', 'device.bedTaken', { deviceId: String(error.params.deviceId ?? '') });
    return;
  }
  problems.add(rowNumber, cells.index(column) ?? cells.index('deviceId'), column, error.messageKey, error.params);
}

/** What the device spreadsheet works with: the settings, a transaction over its repository, and the device registry. */
export interface DeviceSpreadsheetDeps {
  settings: Pick<SettingsRepository, 'get'>;
  transaction: Transactional<{ devices: DeviceRepository }>;
  devices: DeviceService;
  now: () => number;
  workers: WorkerPool;
}

/** Device import template (per role), import (all or nothing) and export. */
export function deviceSpreadsheet({ settings, transaction, devices, now, workers }: DeviceSpreadsheetDeps) {
  async function importStock(sheet: Pick<SheetData, 'rows'> & { columns: Map<string, number> }, problems: ImportProblems) {
    const edition = await platformEdition(settings);
    const seen = new Map<string, number>();
    const lines: { row: { rowNumber: number }; cells: Cells; entry: StockEntry }[] = [];
    for (const row of sheet.rows) {
      const cells = rowCells(row.cells, sheet.columns);
      const before = problems.list.length;
      const { deviceId, deviceType } = identity(row, cells, problems, edition, seen);
      const imei = optionalCell(row, cells, problems, 'imei', hardwareCell(DEVICE_IMEI_MAX));
      const moduleImei = optionalCell(row, cells, problems, 'moduleImei', hardwareCell(DEVICE_IMEI_MAX));
      const iccid = optionalCell(row, cells, problems, 'iccid', hardwareCell(DEVICE_IMEI_MAX));
      const commMethod = optionalCell(row, cells, problems, 'commMethod', optionalText(DEVICE_COMM_METHOD_MAX));
      const remark = optionalCell(row, cells, problems, 'remark', optionalText(REMARK_MAX));
      if (problems.list.length === before && deviceId !== null && deviceType !== null) {
        lines.push({ row, cells, entry: { deviceId, deviceType, imei: imei ?? '', moduleImei: moduleImei ?? '', iccid: iccid ?? '', commMethod: commMethod ?? '', remark: remark ?? '' } });
      }
    }
    const ids: number[] = [];
    const result = await transaction(async (tx) => {
      for (const line of lines) {
        try {
          ids.push((await devices.registerIn(tx.devices, line.entry)).id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          addRefusal(problems, line.row.rowNumber, line.cells, error);
        }
      }
      problems.throwIfAny();
      return { imported: lines.length };
    });
    await devices.announce('registered', ids);
    return result;
  }

  async function importAdds(session: SessionInfo, sheet: Pick<SheetData, 'rows'> & { columns: Map<string, number> }, problems: ImportProblems) {
    const providerId = workingProviderId(session.scope);
    const edition = await platformEdition(settings);
    const seen = new Map<string, number>();
    const lines: AddLine[] = [];
    for (const row of sheet.rows) {
      const cells = rowCells(row.cells, sheet.columns);
      const before = problems.list.length;
      const { deviceId, deviceType } = identity(row, cells, problems, edition, seen);
      const place = ['area', 'floor', 'room', 'bed'].map((field) => (cells.cell(field).text === '' ? '' : optionalCell(row, cells, problems, field, placeNameSchema)));
      const [area, floor, room, bed] = place;
      const anyPlace = place.some((part) => part !== '');
      if (anyPlace) for (const field of ['area', 'floor', 'room']) if (cells.cell(field).text === '') problems.add(row.rowNumber, cells.index(field), field, 'validation.required');
      const location = optionalCell(row, cells, problems, 'location', optionalText(DEVICE_LOCATION_MAX));
      const remark = optionalCell(row, cells, problems, 'remark', optionalText(REMARK_MAX));
      if (problems.list.length === before && deviceId !== null && deviceType !== null) {
        const roomKey = anyPlace ? pathKey([area ?? '', floor ?? '', room ?? '']) : null;
        lines.push({ row, cells, deviceId, deviceType, roomKey, bed: bed ?? '', location: location ?? '', remark: remark ?? '' });
      }
    }
    const changed: { id: number; moved: number[] }[] = [];
    const result = await transaction(async (tx) => {
      const places = await tx.devices.places(providerId);
      const rooms = new Map(places.map((place) => [pathKey([place.building_name, place.floor_name, place.room_name]), place.room_id]));
      const beds = new Map(places.flatMap((place) => (place.bed_id === null || place.bed_name === null ? [] : [[pathKey([place.building_name, place.floor_name, place.room_name, place.bed_name]), place.bed_id] as const])));
      for (const line of lines) {
        let binding: BindingInput | null = null;
        if (line.roomKey !== null) {
          const roomId = rooms.get(line.roomKey);
          const bedId = line.bed === '' ? undefined : beds.get(`${line.roomKey}\u0000${line.bed.toLowerCase()}`);
          if (roomId === undefined) {
            problems.add(line.row.rowNumber, line.cells.index('room'), 'room', 'room.notFound');
            continue;
          }
          if (line.bed !== '' && bedId === undefined) {
            problems.add(line.row.rowNumber, line.cells.index('bed'), 'bed', 'bed.notFound');
            continue;
          }
          binding = bedId !== undefined ? { target: 'bed', targetId: bedId } : { target: 'room', targetId: roomId };
        }
        try {
          changed.push(await devices.addIn(tx.devices, providerId, { deviceId: line.deviceId, deviceType: line.deviceType, location: line.location, remark: line.remark, binding, confirm: false }));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          addRefusal(problems, line.row.rowNumber, line.cells, error);
        }
      }
      problems.throwIfAny();
      return { imported: lines.length };
    });
    for (const entry of changed) await devices.announce('added', [entry.id], entry.moved);
    return result;
  }

  return {
    template(session: SessionInfo, language: Language): { fileName: string; bytes: Buffer } {
      const vendor = isVendor(session.scope);
      const columns = vendor ? STOCK_COLUMNS : ADD_COLUMNS;
      const sample = vendor
        ? [['SM-20260001', 'BM8701_2', '861234567890123', '', '', 'WIFI', '']]
        : [['SM-20260001', 'BM8701_2', 'Building A', '1F', '101', '1', 'Bed head, left', '']];
      const bytes = buildWorkbook(formatMessage(language, 'field.deviceId'), templateHeaders(language, columns), sample, { textColumns: textColumns(columns), formattedRows: IMPORT_MAX_ROWS + 1 });
      return { fileName: vendor ? 'device-stock-template.xlsx' : 'device-template.xlsx', bytes };
    },

    async import(session: SessionInfo, language: Language, bytes: Buffer): Promise<{ imported: number }> {
      const vendor = isVendor(session.scope);
      // A care home's import works in its current provider; check that before reading the file.
      if (!vendor) workingProviderId(session.scope);
      const problems = new ImportProblems(language);
      const sheet = await readImportSheet(workers, bytes, vendor ? STOCK_COLUMNS : ADD_COLUMNS, problems, language);
      return vendor ? importStock(sheet, problems) : importAdds(session, sheet, problems);
    },

    async export(session: SessionInfo, language: Language, filter: DeviceFilter): Promise<{ fileName: string; bytes: Buffer }> {
      const rows = await devices.all(session, filter);
      const label = (field: string) => fieldLabel(language, field);
      const headers = ['deviceId', 'deviceType', 'deviceModel', 'cipherId', 'imei', 'moduleImei', 'iccid', 'commMethod', 'online', 'provider', 'area', 'floor', 'room', 'bed', 'resident', 'location', 'firmwareVersion', 'hardwareVersion', 'battery', 'remark'].map(label);
      const data = rows.map((row) => [
        row.deviceId,
        row.typeCode,
        row.model,
        row.cipherId,
        row.imei ?? '',
        row.moduleImei ?? '',
        row.iccid ?? '',
        row.commMethod ?? '',
        formatMessage(language, row.online ? 'device.online' : 'device.offlineState'),
        row.inStock ? formatMessage(language, 'device.inStock') : (row.providerName ?? ''),
        row.binding.buildingName ?? '',
        row.binding.floorName ?? '',
        row.binding.roomName ?? '',
        row.binding.bunkName ?? '',
        row.binding.residentName ?? '',
        row.location,
        row.firmwareVersion ?? '',
        row.hardwareVersion ?? '',
        row.battery,
        row.remark,
      ]);
      return { fileName: `devices-${fileStamp(now())}.xlsx`, bytes: buildWorkbook(formatMessage(language, 'field.deviceId'), headers, data, { textColumns: [0, 3, 4, 5, 6] }) };
    },
  };
}
export type DeviceSpreadsheet = ReturnType<typeof deviceSpreadsheet>;
