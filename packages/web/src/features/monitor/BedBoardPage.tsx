import { Alert, Card, Flex, Input, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressTree } from '../addresses/addressesApi.ts';
import '../care-shared/care.css';
import { errorText } from '../shared/errorText.ts';
import { BedGrid } from './BedGrid.tsx';
import { MONITOR_NS } from './i18n.ts';
import { MonitorLegend } from './MonitorLegend.tsx';
import { useBoard, type BoardFilter } from './monitorApi.ts';
import { useLiveData } from './useLiveData.ts';

/** All households, /realMonitor/residentList: a board of bed cards, filtered by building and floor. */
export function BedBoardPage() {
  const { t } = useTranslation(MONITOR_NS);
  useLiveData();
  const tree = useAddressTree();
  const [filter, setFilter] = useState<BoardFilter>({});
  const [keyWord, setKeyWord] = useState('');
  const board = useBoard(filter);
  const rows = board.data?.rows;
  const floors = tree.data?.find((area) => area.id === filter.areaId)?.floors ?? [];
  const shown = useMemo(() => {
    const word = keyWord.trim().toLowerCase();
    return (rows ?? []).filter((row) => !word || [row.userName, row.room, row.bunk].some((part) => part.toLowerCase().includes(word)));
  }, [rows, keyWord]);
  const userIds = useMemo(() => shown.map((row) => row.userId), [shown]);
  const focusedIds = useMemo(() => new Set(shown.filter((row) => row.focused).map((row) => row.userId)), [shown]);

  return (
    <Card title={t('monitor.board.title', { count: rows?.length ?? 0 })}>
      <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 12 }}>
        <Select<number>
          allowClear
          aria-label={t('monitor.filter.building')}
          placeholder={t('monitor.filter.allBuildings')}
          loading={tree.isLoading}
          options={(tree.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
          onChange={(areaId) => setFilter({ areaId: areaId ?? undefined })}
        />
        <Select<number>
          allowClear
          aria-label={t('monitor.filter.floor')}
          placeholder={t('monitor.filter.allFloors')}
          disabled={!filter.areaId}
          value={filter.floorId}
          options={floors.map((floor) => ({ value: floor.id, label: floor.name }))}
          onChange={(floorId) => setFilter((current) => ({ ...current, floorId: floorId ?? undefined }))}
        />
        <Input.Search allowClear aria-label={t('monitor.filter.searchLabel')} placeholder={t('monitor.filter.search')} onSearch={setKeyWord} onChange={(event) => !event.target.value && setKeyWord('')} />
      </Flex>
      {/* What the title's count counts: other screens count residents differently on purpose (issue 25 item 12). */}
      <p className="care-count-note">{t('monitor.board.counts')}</p>
      <MonitorLegend />
      {board.isError ? <Alert type="error" showIcon message={errorText(board.error)} /> : null}
      {board.isLoading ? <Spin style={{ display: 'block', margin: '40px auto' }} /> : <BedGrid userIds={userIds} focusedIds={focusedIds} emptyText={t('monitor.board.empty')} />}
    </Card>
  );
}
