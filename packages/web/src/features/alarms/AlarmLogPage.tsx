import { ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ALARM_GROUPS, alarmLogExport, type AlarmGroup, type AlarmRecord, type DealState } from '@vigil/contracts';
import { Button, Card, Flex, Grid, Input, List, Select, Table, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../components/LazyDatePicker.tsx';
import { useAddressTree } from '../addresses/addressesApi.ts';
import '../care-shared/care.css';
import { useDownload } from '../care-shared/useDownload.ts';
import { listEmptyText } from '../shared/ListEmpty.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { alarmLogColumns, handlingText, LevelTag } from './alarmLogColumns.tsx';
import { GROUP_LABELS } from './alarmLabels.ts';
import { ALARMS_KEY, useAlarmLog, type AlarmLogQuery } from './alarmsApi.ts';
import { longText, shortText } from './alarmText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { HandleAlarmDialog } from './HandleAlarmDialog.tsx';
import { ReleaseAlarmDialog } from './ReleaseAlarmDialog.tsx';
import './alarms.css';
import { ALARMS_NS } from './i18n.ts';
import { pendingAlarms } from './pendingStore.ts';
import { AlarmState } from './AlarmState.tsx';

const TABLE_MIN_WIDTH = 1100;

// An alarm's detail (who the escalation chain told, who handled it) loads when a row is first opened.
const AlarmNotificationsPanel = lazy(() => import('../escalation/AlarmNotificationsPanel.tsx').then((m) => ({ default: m.AlarmNotificationsPanel })));
const alarmDetail = (alarm: AlarmRecord) => (
  <Suspense fallback={null}>
    <AlarmNotificationsPanel alarmId={alarm.id} />
  </Suspense>
);

/** The reminder record, /alarm-log/alarmIndex: every alarm with filters, handling and export (spec 02 §2, §7). */
export function AlarmLogPage() {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const downloads = useDownload(feedback);
  const queryClient = useQueryClient();
  const tree = useAddressTree();
  const [query, setQuery] = useState<AlarmLogQuery>({ pageNum: 1, pageSize: 10 });
  const [handling, setHandling] = useState<AlarmRecord | null>(null);
  const [releasing, setReleasing] = useState<AlarmRecord | null>(null);
  const log = useAlarmLog(query);
  const filter = (patch: Partial<AlarmLogQuery>) => setQuery((current) => ({ ...current, ...patch, pageNum: 1 }));
  const { pageNum: _page, pageSize: _size, ...filters } = query;
  const columns = alarmLogColumns({ t, language: i18n.language, onHandle: setHandling, onRelease: setReleasing });
  const areaOptions = (tree.data ?? []).map((area) => ({ value: `a${area.id}`, title: area.name, children: area.floors.map((floor) => ({ value: `f${floor.id}`, title: floor.name })) }));

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    filter({ startTime: range?.[0]?.startOf('day').valueOf(), endTime: range?.[1]?.endOf('day').valueOf() });

  const exportButton = (
    <Button icon={<ExportOutlined />} loading={downloads.running === 'export'} onClick={() => void downloads.download('export', alarmLogExport, filters)}>
      {t('alarms.log.export')}
    </Button>
  );

  return (
    <Card title={t('alarms.log.title')} extra={exportButton}>
      {feedback.holder}
      <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
        <Input.Search allowClear enterButton aria-label={t('alarms.log.searchLabel')} placeholder={t('alarms.log.search')} onSearch={(value) => filter({ keyWord: value.trim() || undefined })} />
        <RangePicker aria-label={t('alarms.log.period')} placeholder={[t('alarms.log.from'), t('alarms.log.to')]} onChange={onRange} />
        <Select<1 | 2>
          allowClear
          aria-label={t('alarms.log.level')}
          placeholder={t('alarms.log.allLevels')}
          options={[
            { value: 1, label: t('alarms.level.red') },
            { value: 2, label: t('alarms.level.orange') },
          ]}
          onChange={(alertLevel) => filter({ alertLevel: alertLevel ?? undefined })}
        />
        <Select<DealState>
          allowClear
          aria-label={t('alarms.log.state')}
          placeholder={t('alarms.log.allStates')}
          options={[
            { value: 'unDeal', label: t('alarms.state.pending') },
            { value: 'processed', label: t('alarms.state.processed') },
          ]}
          onChange={(dealState) => filter({ dealState: dealState ?? undefined })}
        />
        <Select<AlarmGroup>
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('alarms.log.group')}
          placeholder={t('alarms.log.allGroups')}
          options={ALARM_GROUPS.map((group) => ({ value: group, label: t(GROUP_LABELS[group]) }))}
          onChange={(group) => filter({ type: group ? [group] : undefined })}
        />
        <TreeSelect<string>
          allowClear
          aria-label={t('alarms.log.place')}
          placeholder={t('alarms.log.allPlaces')}
          treeData={areaOptions}
          onChange={(value) =>
            filter({
              areaId: value?.startsWith('a') ? Number(value.slice(1)) : undefined,
              floorId: value?.startsWith('f') ? Number(value.slice(1)) : undefined,
            })
          }
        />
      </Flex>
      {screens.md ? (
        <Table<AlarmRecord>
          rowKey="id"
          size="middle"
          className="care-table"
          columns={columns}
          dataSource={log.data?.rows ?? []}
          loading={log.isFetching}
          tableLayout="auto"
          scroll={{ x: TABLE_MIN_WIDTH }}
          expandable={{ expandedRowRender: alarmDetail }}
          locale={{ emptyText: listEmptyText(log, t('alarms.log.empty')) }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: log.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('alarms.log.total', { total }),
            onChange: (pageNum, pageSize) => setQuery((current) => ({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
          }}
        />
      ) : (
        <List<AlarmRecord>
          loading={log.isFetching}
          dataSource={log.data?.rows ?? []}
          locale={{ emptyText: listEmptyText(log, t('alarms.log.empty')) }}
          pagination={{ current: query.pageNum, pageSize: query.pageSize, total: log.data?.total ?? 0, simple: true, onChange: (pageNum) => setQuery((current) => ({ ...current, pageNum })) }}
          renderItem={(alarm) => (
            <List.Item>
              {/* A phone reads when and who first, without scrolling sideways (issue 25 item 14). */}
              <article className="alarm-log-card" aria-label={t('alarms.log.cardLabel', { type: shortText(alarm, i18n.language), name: alarm.userName || '—' })}>
                <Flex gap={8} wrap align="center" justify="space-between">
                  <time className="alarm-log-card__time" dateTime={new Date(alarm.raisedAt).toISOString()}>
                    {formatDateTime(alarm.raisedAt, i18n.language)}
                  </time>
                  <LevelTag alarm={alarm} t={t} />
                </Flex>
                <p className="alarm-log-card__who">
                  <strong>{alarm.userName || '—'}</strong>
                  {alarm.address ? <span> · {alarm.address}</span> : null}
                </p>
                <p className="alarm-log-card__text">{longText(alarm, i18n.language)}</p>
                <Flex gap={8} wrap align="center" className="alarm-log-card__state">
                  <AlarmState alarm={alarm} onHandle={setHandling} onRelease={setReleasing} />
                  {alarm.dealOption ? <span>{handlingText(alarm, i18n.language)}</span> : null}
                  {alarm.dealTime ? <span>{t('alarms.log.handledAt', { time: formatDateTime(alarm.dealTime, i18n.language) })}</span> : null}
                </Flex>
                <AlarmDetailToggle alarm={alarm} label={t('alarms.log.whoWasTold')} />
              </article>
            </List.Item>
          )}
        />
      )}
      <ReleaseAlarmDialog
        alarm={releasing}
        onClose={() => setReleasing(null)}
        onGone={(id, here) => {
          pendingAlarms.handled({ id });
          if (here) feedback.message.success(t('alarms.releaseWith.done'));
          void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
        }}
      />
      <HandleAlarmDialog
        alarm={handling}
        onClose={() => setHandling(null)}
        onGone={(id, here) => {
          pendingAlarms.handled({ id });
          if (here) feedback.message.success(t('alarms.handle.done'));
          void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
        }}
      />
    </Card>
  );
}

/** On a narrow screen, the alarm's detail opens below its card. */
function AlarmDetailToggle({ alarm, label }: { alarm: AlarmRecord; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{label}</summary>
      {open ? alarmDetail(alarm) : null}
    </details>
  );
}
