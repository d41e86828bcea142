import { formatMessage, ORIGIN_DATA_DOWNLOAD_MAX_ROWS, type Language, type OriginDataKind, type OriginDataRow } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { MessageLogRepository } from '../../ingest/message-log.repository.ts';
import type { TelemetryStore } from '../../ingest/telemetry-store.ts';
import { taskModule } from '../../workers/task-module.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { fileStamp } from '../spreadsheets/workbook.ts';
import { presentMessage, presentSample } from './origin-data.presenter.ts';
import type { tasks } from './origin-data-tasks.ts';

const sheetTasks = taskModule<typeof tasks>(import.meta.url, './origin-data-tasks');

interface RangeQuery {
  deviceId: string;
  startTime: number;
  endTime: number;
  kind: OriginDataKind;
}

/** A time as people read it in the platform's zone: 2026-11-23 14:05:09. */
function localTime(time: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(time);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Original data (spec 02 historyData): what devices sent, paged, downloaded and deleted. */
export function originDataService(deps: { telemetry: TelemetryStore; messages: MessageLogRepository; workers: WorkerPool; timeZone: () => Promise<string>; now: () => number }) {
  const { telemetry, messages } = deps;

  async function rows(query: RangeQuery, offset: number, limit: number): Promise<{ total: number; rows: OriginDataRow[] }> {
    if (query.kind === 'telemetry') {
      const page = await telemetry.page(query.deviceId, query.startTime, query.endTime, offset, limit);
      return { total: page.total, rows: page.samples.map(presentSample) };
    }
    const total = await messages.count(query.deviceId, query.startTime, query.endTime);
    const found = await messages.page(query.deviceId, query.startTime, query.endTime, offset, limit);
    return { total, rows: found.map(presentMessage) };
  }

  return {
    async page(query: RangeQuery & { pageNum: number; pageSize: number }) {
      const found = await rows(query, (query.pageNum - 1) * query.pageSize, query.pageSize);
      return { rows: found.rows, total: found.total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async download(query: RangeQuery, language: Language): Promise<{ fileName: string; bytes: Buffer }> {
      const found = await rows(query, 0, ORIGIN_DATA_DOWNLOAD_MAX_ROWS + 1);
      if (found.total > ORIGIN_DATA_DOWNLOAD_MAX_ROWS) throw errors.badRequest('originData.tooManyRows', { rows: found.total, max: ORIGIN_DATA_DOWNLOAD_MAX_ROWS });
      const timeZone = await deps.timeZone();
      const column = (name: 'time' | 'epoch' | 'receivedAt' | 'channel' | 'hr' | 'rr' | 'move' | 'bed' | 'state' | 'payload') => formatMessage(language, `originData.column.${name}`);
      const telemetryKind = query.kind === 'telemetry';
      const headers = telemetryKind
        ? [column('time'), column('epoch'), column('hr'), column('rr'), column('move'), column('bed'), column('state')]
        : [column('time'), column('epoch'), column('receivedAt'), column('channel'), column('payload')];
      const data = found.rows.map((row) =>
        telemetryKind
          ? [localTime(row.time, timeZone), row.time, row.hr, row.rr, row.move, row.bed, row.state]
          : [localTime(row.time, timeZone), row.time, row.receivedAt === null ? null : localTime(row.receivedAt, timeZone), row.channel, row.payload],
      );
      const bytes = await deps.workers.run(sheetTasks, 'buildOriginSheet', { sheetName: query.deviceId, headers, rows: data }, { timeLimitMs: 60_000 });
      return { fileName: `${query.deviceId}-${query.kind}-${fileStamp(deps.now())}.xlsx`, bytes: Buffer.from(bytes) };
    },

    async deleteRange(query: { deviceId: string; startTime: number; endTime: number }) {
      return {
        samples: await telemetry.deleteRange(query.deviceId, query.startTime, query.endTime),
        messages: await messages.deleteRange(query.deviceId, query.startTime, query.endTime),
      };
    },

    async deleteAll(deviceId: string) {
      return { samples: await telemetry.deleteAll(deviceId), messages: await messages.deleteAll(deviceId) };
    },
  };
}
export type OriginDataService = ReturnType<typeof originDataService>;
