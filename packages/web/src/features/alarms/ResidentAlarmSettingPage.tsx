import {
  ALARM_GROUPS,
  RESIDENT_ALARM_FIELDS,
  RESIDENT_ALARM_LIMITS,
  RESIDENT_ALARM_RECOMMENDATIONS,
  type ResidentAlarmField,
  type ResidentAlarmSettings,
} from '@vigil/contracts';
import { Alert, Button, Card, Flex, Form, InputNumber, Popconfirm, Skeleton, Switch, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { FIELD_LABELS, GROUP_LABELS } from './alarmLabels.ts';
import { useResidentAlarmSetting, useSaveResidentAlarmSetting } from './alarmsApi.ts';
import './alarms.css';
import { ALARMS_NS } from './i18n.ts';

/** How each field is shown: durations in minutes where the limits are whole minutes (spec 02 §9), else seconds; rates and counts as they are. */
const UNIT: Readonly<Record<ResidentAlarmField, 'min' | 's' | 'bpm' | 'rpm' | 'none'>> = {
  leftBedTime: 'min',
  breathStopDuration: 's',
  manyBodyMoveDuration: 'min',
  noBodyMove: 'min',
  noTurnOver: 'min',
  breathExceptionDuration: 's',
  heartExceptionDuration: 's',
  heartRateMin: 'bpm',
  heartRateMax: 'bpm',
  breathRateMin: 'rpm',
  breathRateMax: 'rpm',
  bodyMoveThreshold: 'none',
  manyBodyMovePerMinute: 'none',
};

const scale = (field: ResidentAlarmField) => (UNIT[field] === 'min' ? 60 : 1);

type FormValues = { enabled: ResidentAlarmSettings['enabled']; values: Record<ResidentAlarmField, number> };

function toForm(settings: ResidentAlarmSettings): FormValues {
  const values = { ...settings.values };
  for (const field of RESIDENT_ALARM_FIELDS) values[field] = settings.values[field] / scale(field);
  return { enabled: settings.enabled, values };
}

function fromForm(form: FormValues): ResidentAlarmSettings {
  const values = { ...form.values };
  for (const field of RESIDENT_ALARM_FIELDS) values[field] = Math.round(form.values[field] * scale(field));
  return { enabled: form.enabled, values };
}

/** A resident's alarm settings, /BunkManage/settingAlarm/alarmSetting/:userId, with the §9 recommendations beside the fields. */
export function ResidentAlarmSettingPage() {
  const { t } = useTranslation(ALARMS_NS);
  const feedback = useFeedback();
  const params = useParams();
  const userId = Number(params.userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const setting = useResidentAlarmSetting(valid ? userId : null);
  const save = useSaveResidentAlarmSetting(userId);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (setting.data) form.setFieldsValue(toForm(setting.data.settings));
  }, [setting.data, form]);

  const run = async (input: { settings?: ResidentAlarmSettings; reset?: boolean }) => {
    try {
      await save.mutateAsync(input);
      feedback.message.success(t('alarms.resident.saved'));
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };

  if (!valid) return <Alert type="error" showIcon message={t('alarms.resident.noResident')} />;
  const unitText = (field: ResidentAlarmField) => {
    const unit = UNIT[field];
    return unit === 'none' ? undefined : t(`alarms.unit.${unit}`);
  };

  return (
    <Card
      title={t('alarms.resident.title')}
      extra={setting.data ? <Tag>{t(`alarms.resident.source.${setting.data.source}`)}</Tag> : null}
    >
      {feedback.holder}
      {setting.isError ? <Alert type="error" showIcon message={errorText(setting.error)} /> : null}
      {setting.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void run({ settings: fromForm(values) })}>
          <Typography.Title level={2} className="form-section-title">
            {t('alarms.resident.enabled')}
          </Typography.Title>
          <div className="level-grid">
            {ALARM_GROUPS.map((group) => (
              <Form.Item key={group} name={['enabled', group]} label={t(GROUP_LABELS[group])} valuePropName="checked">
                <Switch />
              </Form.Item>
            ))}
          </div>
          <Typography.Title level={2} className="form-section-title">
            {t('alarms.resident.values')}
          </Typography.Title>
          <div className="level-grid">
            {RESIDENT_ALARM_FIELDS.map((field) => {
              const limits = RESIDENT_ALARM_LIMITS[field];
              const recommendation = RESIDENT_ALARM_RECOMMENDATIONS[field];
              const min = limits.min / scale(field);
              const max = limits.max / scale(field);
              return (
                <Form.Item
                  key={field}
                  name={['values', field]}
                  label={t(FIELD_LABELS[field], { min, max })}
                  extra={
                    recommendation
                      ? t('alarms.resident.recommend', { value: recommendation.recommended / scale(field), unit: unitText(field) ?? '' })
                      : t('alarms.resident.range', { min, max })
                  }
                  rules={[{ required: true, type: 'number', min, max, message: t('alarms.resident.outOfRange', { min, max }) }]}
                >
                  <InputNumber min={min} max={max} addonAfter={unitText(field)} style={{ width: '100%' }} />
                </Form.Item>
              );
            })}
          </div>
          <Flex gap={12} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('alarms.resident.save')}
            </Button>
            <Popconfirm title={t('alarms.resident.resetConfirm')} okText={t('alarms.resident.reset')} cancelText={t('alarms.handle.cancel')} onConfirm={() => void run({ reset: true })}>
              <Button>{t('alarms.resident.reset')}</Button>
            </Popconfirm>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
