import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { BedGrid } from './BedGrid.tsx';
import { MONITOR_NS } from './i18n.ts';
import { MonitorLegend } from './MonitorLegend.tsx';
import { useBoard, useFocusChange, useFocusUsers } from './monitorApi.ts';
import { useLiveData } from './useLiveData.ts';

/** The shell opened this screen for the user (signing in: fromLogin; the / redirect: landed), rather than the user picking it. */
function openedForUser(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (('fromLogin' in state && state.fromLogin === true) || ('landed' in state && state.landed === true));
}

/**
 * Focus residents, /realMonitor/index: the residents this account follows, added and removed here.
 * It is the care roles' landing screen; with nobody in focus, landing there (signing in, /) opens
 * All households instead, so a nurse starts on the board, not on an empty page (issue 25 item 9).
 */
export function FocusResidentsPage() {
  const { t } = useTranslation(MONITOR_NS);
  useLiveData();
  const feedback = useFeedback();
  const focus = useFocusUsers();
  const everyone = useBoard({});
  const { add } = useFocusChange();
  const [picked, setPicked] = useState<number[]>([]);
  const userIds = useMemo(() => (focus.data ?? []).map((row) => row.userId), [focus.data]);
  const focusedIds = useMemo(() => new Set(userIds), [userIds]);
  const location = useLocation();
  const options = (everyone.data?.rows ?? [])
    .filter((row) => !focusedIds.has(row.userId))
    .map((row) => ({ value: row.userId, label: [row.userName, [row.room, row.bunk].filter(Boolean).join(' ')].filter(Boolean).join(' · ') }));

  const addPicked = async () => {
    try {
      await add.mutateAsync(picked);
      setPicked([]);
      feedback.message.success(t('monitor.focus.added'));
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };

  if (openedForUser(location.state) && focus.data?.length === 0) return <Navigate to="/realMonitor/residentList" replace />;

  return (
    <Card title={t('monitor.focus.title')}>
      {feedback.holder}
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ flex: '1 1 260px', minWidth: 0, maxWidth: 520 }}
          aria-label={t('monitor.focus.pick')}
          placeholder={t('monitor.focus.pick')}
          loading={everyone.isLoading}
          value={picked}
          options={options}
          onChange={setPicked}
        />
        <Button type="primary" icon={<PlusOutlined />} disabled={!picked.length} loading={add.isPending} onClick={() => void addPicked()}>
          {t('monitor.focus.addPicked')}
        </Button>
      </Flex>
      <MonitorLegend />
      {focus.isError ? <Alert type="error" showIcon message={errorText(focus.error)} /> : null}
      {focus.isLoading ? <Spin style={{ display: 'block', margin: '40px auto' }} /> : <BedGrid userIds={userIds} focusedIds={focusedIds} emptyText={t('monitor.focus.empty')} />}
    </Card>
  );
}
