import { heReplaceDevice } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { GATEWAYS_KEY, useHostList } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { StandaloneSensorTable } from './StandaloneSensorTable.tsx';
import { SubDeviceTable, type SubDeviceRow } from './SubDeviceTable.tsx';
import { useGatewayActions } from './useGatewayActions.ts';
import './gateways.css';

// The install wizard (steps) and the replace dialog load when first opened.
const DeviceIdDialog = lazyDialog(() => import('./DeviceIdDialog.tsx').then((m) => m.DeviceIdDialog));
const SecurityInstallWizard = lazyDialog(() => import('./SecurityInstallWizard.tsx').then((m) => m.SecurityInstallWizard), (props) => props.device !== null);

/** How often the door and motion states are read again. */
const SENSOR_REFRESH_MS = 5000;

/** Every page of hosts this screen reads at once: 20 hosts carry up to 980 sub-devices. */
const HOSTS_PER_PAGE = 20;

/** Security equipment (overseas, /deviceManage/safeDeviceManage): the door, motion and other sensors behind the gateways, with the install wizard. */
export function SecurityDevicePage() {
  const { t } = useTranslation(GATEWAYS_NS);
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const actions = useGatewayActions(feedback);
  const [keyWord, setKeyWord] = useState<string | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const [installing, setInstalling] = useState<SubDeviceRow | null>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  // Door and motion states are read again every few seconds while the screen is open.
  const list = useHostList({ pageNum, pageSize: HOSTS_PER_PAGE, keyWord }, SENSOR_REFRESH_MS);
  const rows = (list.data?.rows ?? []).flatMap((host) => host.subDevices.map((sub) => ({ ...sub, hostId: host.deviceId })));
  const shown = keyWord ? rows.filter((row) => [row.deviceId, row.hostId, row.location].some((text) => text.toLowerCase().includes(keyWord.toLowerCase()))) : rows;
  const morePages = (list.data?.total ?? 0) > pageNum * HOSTS_PER_PAGE;
  return (
    <Card title={t('gateways.security.listTitle')}>
      {feedback.holder}
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('gateways.security.hint')} />
      <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
        <Input.Search allowClear enterButton aria-label={t('gateways.list.searchLabel')} placeholder={t('gateways.list.search')} onSearch={(value) => { setPageNum(1); setKeyWord(value.trim() || undefined); }} />
      </Flex>
      {list.isError && <Alert type="error" showIcon message={errorText(list.error)} />}
      <SubDeviceTable rows={shown} actions={actions} showHost loading={list.isFetching} emptyText={t('gateways.security.empty')} onInstall={setInstalling} onReplace={(sub) => setReplacing(sub.deviceId)} />
      {(pageNum > 1 || morePages) && (
        <Flex gap={8} justify="end" style={{ marginTop: 12 }}>
          <Button disabled={pageNum === 1} onClick={() => setPageNum(pageNum - 1)}>{t('gateways.common.previousHosts')}</Button>
          <Button disabled={!morePages} onClick={() => setPageNum(pageNum + 1)}>{t('gateways.common.nextHosts')}</Button>
        </Flex>
      )}
      <StandaloneSensorTable keyWord={keyWord} />
      <SecurityInstallWizard device={installing} onClose={() => { setInstalling(null); void queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY }); }} />
      <DeviceIdDialog
        open={replacing !== null} title={t('gateways.action.replaceTitle', { id: replacing ?? '' })} formName="security-replace" idLabel={t('gateways.field.newDeviceId')} withLocation={false} feedback={feedback}
        submit={(values) => callApi(heReplaceDevice, { deviceId: replacing ?? '', newDeviceId: values.deviceId })}
        successText={t('gateways.common.replaced')} onDone={() => { setReplacing(null); void queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY }); }} onCancel={() => setReplacing(null)}
      />
    </Card>
  );
}
