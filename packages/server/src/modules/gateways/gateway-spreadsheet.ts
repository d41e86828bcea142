import { formatMessage, GATEWAY_HOST_TYPE, IMPORT_MAX_ROWS, deviceIdSchema, LOCATION_MAX, type Language } from '@vigil/contracts';
import { z } from 'zod';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { checkCell, ImportProblems, readImportSheet, rowCells, templateHeaders, textColumns, type ColumnSpec } from '../spreadsheets/import-sheet.ts';
import { buildWorkbook } from '../spreadsheets/workbook.ts';
import type { GatewayRepository } from './gateway.repository.ts';
import { assertTakeable, isSubDeviceType, type GatewayService } from './gateway.service.ts';

export const HOST_COLUMNS: readonly ColumnSpec[] = [
  { field: 'deviceId', required: true, text: true },
  { field: 'location', required: false },
];
export const SUB_DEVICE_COLUMNS: readonly ColumnSpec[] = [
  { field: 'deviceId', required: true, text: true },
  { field: 'hostId', required: true, text: true },
  { field: 'location', required: false },
];

const locationCell = z.string().trim().max(LOCATION_MAX, { error: 'validation.tooLong' });

interface Line { rowNumber: number; deviceId: string; hostId: string; location: string }

/** What the gateway spreadsheet works with: a transaction over its repository, and the gateway service. */
export interface GatewaySpreadsheetDeps {
  transaction: Transactional<{ gateways: GatewayRepository }>;
  gateways: GatewayService;
  now: () => number;
  workers: WorkerPool;
}

/** Host and sub-device templates (headers in `lan`) and imports: all or nothing, each problem with its row and column. */
export function gatewaySpreadsheet({ transaction, gateways, now, workers }: GatewaySpreadsheetDeps) {
  async function readLines(language: Language, bytes: Buffer, columns: readonly ColumnSpec[], problems: ImportProblems): Promise<Line[]> {
    const sheet = await readImportSheet(workers, bytes, columns, problems, language);
    const lines: Line[] = [];
    const seen = new Map<string, number>();
    for (const row of sheet.rows) {
      const cells = rowCells(row.cells, sheet.columns);
      const check = (field: string, schema: z.ZodType<string>): string | null => {
        const text = cells.cell(field).text;
        const checked = checkCell(schema, text);
        if (checked.ok) return checked.value;
        problems.add(row.rowNumber, cells.index(field), field, checked.key);
        return null;
      };
      const deviceId = check('deviceId', deviceIdSchema);
      const hostId = columns.some((column) => column.field === 'hostId') ? check('hostId', deviceIdSchema) : '';
      const location = check('location', locationCell);
      if (deviceId === null || hostId === null || location === null) continue;
      const earlier = seen.get(deviceId);
      if (earlier !== undefined) {
        problems.add(row.rowNumber, cells.index('deviceId'), 'deviceId', 'gateway.duplicateRow', { row: earlier });
        continue;
      }
      seen.set(deviceId, row.rowNumber);
      lines.push({ rowNumber: row.rowNumber, deviceId, hostId, location });
    }
    // Rows with format problems are left out; the stock checks below add theirs, then the whole file is refused.
    return lines;
  }

  /** Runs one row's rule; a refused row becomes a problem on its device ID column. */
  async function rowRule(problems: ImportProblems, line: Line, column: number, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problems.add(line.rowNumber, column, 'deviceId', error.messageKey, error.params);
    }
  }

  return {
    template(kind: 'host' | 'sub', language: Language): { fileName: string; bytes: Buffer } {
      const columns = kind === 'host' ? HOST_COLUMNS : SUB_DEVICE_COLUMNS;
      const sample = kind === 'host' ? [['LHD8100-0001', 'Ground floor hall']] : [['HO033FK-0001', 'LHD8100-0001', 'Room 101 door']];
      const sheetName = formatMessage(language, kind === 'host' ? 'field.hostId' : 'field.deviceId');
      return {
        fileName: kind === 'host' ? 'gateway-host-template.xlsx' : 'gateway-sub-device-template.xlsx',
        bytes: buildWorkbook(sheetName, templateHeaders(language, columns), sample, { textColumns: textColumns(columns), formattedRows: IMPORT_MAX_ROWS + 1 }),
      };
    },

    async importHosts(session: SessionInfo, language: Language, bytes: Buffer) {
      const providerId = workingProviderId(session.scope);
      const problems = new ImportProblems(language);
      const lines = await readLines(language, bytes, HOST_COLUMNS, problems);
      return transaction(async ({ gateways: repo }) => {
        for (const line of lines) {
          const row = await repo.findByDeviceId(line.deviceId);
          if (row && row.device_type !== GATEWAY_HOST_TYPE) {
            problems.add(line.rowNumber, 0, 'deviceId', 'gateway.notHost');
            continue;
          }
          await rowRule(problems, line, 0, async () => {
            assertTakeable(row, providerId);
            await repo.takeFromStock(row.id, providerId, { location: line.location, hostId: null, pairing: 'none' }, now());
          });
        }
        problems.throwIfAny();
        return { imported: lines.length };
      });
    },

    async importSubDevices(session: SessionInfo, language: Language, bytes: Buffer) {
      const providerId = workingProviderId(session.scope);
      const problems = new ImportProblems(language);
      const lines = await readLines(language, bytes, SUB_DEVICE_COLUMNS, problems);
      return transaction(async ({ gateways: repo }) => {
        for (const line of lines) {
          const host = await repo.findByDeviceId(line.hostId);
          if (!host || host.provider_id !== providerId || host.device_type !== GATEWAY_HOST_TYPE) {
            problems.add(line.rowNumber, 1, 'hostId', 'gateway.hostNotInProvider', { id: line.hostId });
            continue;
          }
          const row = await repo.findByDeviceId(line.deviceId);
          if (row && !isSubDeviceType(row.device_type)) {
            problems.add(line.rowNumber, 0, 'deviceId', 'gateway.notSubDevice');
            continue;
          }
          await rowRule(problems, line, 0, () => gateways.attach(repo, providerId, host.id, line.deviceId, line.location));
        }
        problems.throwIfAny();
        return { imported: lines.length };
      });
    },
  };
}
export type GatewaySpreadsheet = ReturnType<typeof gatewaySpreadsheet>;
