import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { BED_STATES, OriginDataRow, SLEEP_STATES } from '@vigil/contracts';
import { formatDateTime } from '../../shared/formatDateTime.ts';

const DASH = '—';
const num = (value: number | null) => (value === null ? DASH : String(value));

const BED_KEYS = {
  in: 'devices.origin.bed.in',
  out: 'devices.origin.bed.out',
  sitting: 'devices.origin.bed.sitting',
  suspectedSitting: 'devices.origin.bed.suspectedSitting',
  dropped: 'devices.origin.bed.dropped',
} as const satisfies Record<(typeof BED_STATES)[number], string>;
const SLEEP_KEYS = {
  awake: 'devices.origin.sleep.awake',
  fallingAsleep: 'devices.origin.sleep.fallingAsleep',
  light: 'devices.origin.sleep.light',
  deep: 'devices.origin.sleep.deep',
} as const satisfies Record<(typeof SLEEP_STATES)[number], string>;

/** Columns of the original-data table: the samples' vital signs, or the messages' channel and payload; on phones two wrapping columns. */
export function originColumns(t: TFunction<'devices'>, language: string, kind: 'telemetry' | 'messages', compact: boolean): TableColumnsType<OriginDataRow> {
  const time = {
    title: t('devices.origin.column.time'),
    key: 'time',
    render: (_: unknown, row: OriginDataRow) => <span style={{ whiteSpace: compact ? 'normal' : 'nowrap' }}>{formatDateTime(row.time, language)}</span>,
  };
  const bed = (row: OriginDataRow) => (row.bed ? t(BED_KEYS[row.bed]) : DASH);
  const sleep = (row: OriginDataRow) => (row.state ? t(SLEEP_KEYS[row.state]) : DASH);
  const payload = (row: OriginDataRow) => <code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{row.payload ?? DASH}</code>;
  if (kind === 'messages') {
    if (compact) return [time, { title: t('devices.origin.column.payload'), key: 'payload', render: (_, row) => <>{row.channel}: {payload(row)}</> }];
    return [
      time,
      { title: t('devices.origin.column.channel'), key: 'channel', dataIndex: 'channel' },
      { title: t('devices.origin.column.payload'), key: 'payload', render: (_, row) => payload(row) },
      {
        title: t('devices.origin.column.receivedAt'),
        key: 'receivedAt',
        render: (_, row) => (row.receivedAt === null ? DASH : <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.receivedAt, language)}</span>),
      },
    ];
  }
  if (compact) {
    return [
      time,
      {
        title: t('devices.origin.column.values'),
        key: 'values',
        render: (_, row) =>
          t('devices.origin.compact', { hr: num(row.hr), rr: num(row.rr), move: num(row.move), bed: bed(row), state: sleep(row) }),
      },
    ];
  }
  return [
    time,
    { title: t('devices.origin.column.heartRate'), key: 'hr', render: (_, row) => num(row.hr) },
    { title: t('devices.origin.column.breathRate'), key: 'rr', render: (_, row) => num(row.rr) },
    { title: t('devices.origin.column.movement'), key: 'move', render: (_, row) => num(row.move) },
    { title: t('devices.origin.column.bed'), key: 'bed', render: (_, row) => bed(row) },
    { title: t('devices.origin.column.state'), key: 'state', render: (_, row) => sleep(row) },
  ];
}
