import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryCommunityList, RESIDENT_ALARM_LIMITS, saveAlarmConfig, saveUserSleepConfig } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { ADDRESSES_KEY } from '../care-shared/careQueryKeys.ts';
import { useRefreshCare, type AreaNode } from './addressesApi.ts';
import { ADDRESSES_NS } from './i18n.ts';

interface Values {
  bedTime?: string;
  wakeTime?: string;
  leftBedMinutes?: number | null;
}

const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const LEFT_BED = RESIDENT_ALARM_LIMITS.leftBedTime;

/**
 * A community's sleep and alarm configs (spec 02 §7 /community/*): the sleep schedule goes to the
 * community's sleep monitors when saved; the out-of-bed time is the starting point of its
 * residents' alarm settings (a resident's own settings still win).
 */
export function CommunityConfigDialog({ area, feedback, onClose }: { area: AreaNode | null; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(ADDRESSES_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshCare();
  const list = useQuery({ queryKey: [...ADDRESSES_KEY, 'communities'], queryFn: () => callApi(queryCommunityList, {}), enabled: area !== null });
  const community = list.data?.find((row) => row.id === area?.id) ?? null;

  useEffect(() => {
    if (!community) return;
    const sleep = community.sleepConfig ?? {};
    const alarm = community.alarmConfig ?? {};
    form.setFieldsValue({
      bedTime: typeof sleep.bedTime === 'string' ? sleep.bedTime : undefined,
      wakeTime: typeof sleep.wakeTime === 'string' ? sleep.wakeTime : undefined,
      leftBedMinutes: typeof alarm.leftBedTime === 'number' ? Math.round(alarm.leftBedTime / 60) : null,
    });
  }, [community, form]);

  async function save(values: Values) {
    if (!area) return;
    setSaving(true);
    try {
      const sleep = { ...(community?.sleepConfig ?? {}) };
      if (values.bedTime && values.wakeTime) Object.assign(sleep, { bedTime: values.bedTime, wakeTime: values.wakeTime });
      await callApi(saveUserSleepConfig, { communityId: area.id, config: sleep });
      const alarm = { ...(community?.alarmConfig ?? {}) };
      if (values.leftBedMinutes) alarm.leftBedTime = values.leftBedMinutes * 60;
      else delete alarm.leftBedTime;
      await callApi(saveAlarmConfig, { communityId: area.id, config: alarm });
      feedback.message.success(t('addresses.community.saved', { name: area.name }));
      await refresh();
      await list.refetch();
      onClose();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  const clockRule = { pattern: CLOCK, message: t('addresses.community.clockFormat') };
  const bothTimes = ({ getFieldValue }: { getFieldValue: (name: keyof Values) => unknown }) => ({
    validator: async () => {
      if (Boolean(getFieldValue('bedTime')) !== Boolean(getFieldValue('wakeTime'))) throw new Error(t('addresses.community.bothTimes'));
    },
  });
  return (
    <FormDialog<Values>
      open={area !== null}
      title={t('addresses.community.title', { name: area?.name ?? '' })}
      form={form}
      formName="community-config"
      okText={t('addresses.form.save')}
      cancelText={t('addresses.form.cancel')}
      submitting={saving}
      onCancel={onClose}
      onSubmit={(values) => void save(values)}
    >
      <p>{t('addresses.community.hint')}</p>
      <Form.Item name="bedTime" label={t('addresses.community.bedTime')} rules={[clockRule, bothTimes]} dependencies={['wakeTime']}>
        <Input placeholder="21:00" inputMode="numeric" maxLength={5} />
      </Form.Item>
      <Form.Item name="wakeTime" label={t('addresses.community.wakeTime')} rules={[clockRule, bothTimes]} dependencies={['bedTime']} extra={t('addresses.community.scheduleHint')}>
        <Input placeholder="07:00" inputMode="numeric" maxLength={5} />
      </Form.Item>
      <Form.Item name="leftBedMinutes" label={t('addresses.community.leftBed')} extra={t('addresses.community.leftBedHint', { min: LEFT_BED.min / 60, max: LEFT_BED.max / 60 })}>
        <InputNumber min={LEFT_BED.min / 60} max={LEFT_BED.max / 60} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
