import { Alert, Flex, Form, InputNumber, Modal, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isUploadData, LEAVE_BED_MODE_SECONDS, LEAVE_BED_MODES, REPORT_AFTER_WAKE_MINUTES, REPORT_INTERVAL_MAX_S, REPORT_INTERVAL_MIN_S, SENSITIVITIES, updateAlgMode,
  updateInterval, updateSleepSchedule, type DeviceCommand, type DeviceDetail,
} from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { FormRadioGroup } from '../../components/FormControls.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { CommandStateTag } from '../devices-shared/DeviceBadges.tsx';
import { contractRule, requiredRule, usePreloadContractSchemas } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useRefreshDevices } from './devicesApi.ts';
import { changedGroups, settingsToValues, type SleepSettingsValues } from './sleepSettingsForm.ts';
import { DEVICES_NS } from './i18n.ts';

const CLOCK = 'HH:mm';
const SENSITIVITY_KEYS = { high: 'devices.settings.sensitivityHigh', medium: 'devices.settings.sensitivityMedium', low: 'devices.settings.sensitivityLow' } as const;
const LEAVE_BED_KEYS = { balanced: 'devices.settings.leaveBedBalanced', fast: 'devices.settings.leaveBedFast' } as const;

/** A TimePicker that reads and writes "HH:mm" text, as the contract keeps the schedule. */
function ClockInput({ value, onChange, id, ...aria }: { value?: string; onChange?: (value: string) => void; id?: string; 'aria-required'?: boolean | 'true' | 'false' }) {
  const parsed: Dayjs | null = value ? dayjs(`2000-01-01T${value}`) : null;
  return <TimePicker id={id} {...aria} format={CLOCK} minuteStep={5} needConfirm={false} allowClear={false} value={parsed} onChange={(time) => onChange?.(time ? time.format(CLOCK) : '')} />;
}

/**
 * A sleep monitor's settings (spec 02 §3, §9): sensitivity, bed-leaving mode, real-time
 * report interval (1–254, checked as it is typed with the contract's rule), raw-data upload
 * and the normal sleep schedule. Only the changed groups are sent; the dialog then shows
 * whether the device acknowledged (the drawer's polling keeps `device` current).
 */
export function SleepSettingsDialog({ device, open, feedback, onClose }: { device: DeviceDetail; open: boolean; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(DEVICES_NS);
  const language = useLanguage();
  const refresh = useRefreshDevices();
  const [form] = Form.useForm<SleepSettingsValues>();
  usePreloadContractSchemas(open);
  const [submitting, setSubmitting] = useState(false);
  // The last command this dialog sent, as the server answered it; the polled detail then carries its fate.
  const [sent, setSent] = useState<DeviceCommand | null>(null);
  const initial = settingsToValues(device.settings);
  const label = {
    sensitivity: t('devices.settings.sensitivity'),
    leaveBedMode: t('devices.settings.leaveBedMode'),
    reportInterval: t('devices.settings.reportInterval'),
    uploadRaw: t('devices.settings.uploadRaw'),
    bedTime: t('devices.settings.bedTime'),
    wakeTime: t('devices.settings.wakeTime'),
  };
  const command = sent && device.lastCommand?.id === sent.id ? device.lastCommand : sent;

  async function submit(values: SleepSettingsValues) {
    const changed = changedGroups(initial, values);
    if (!Object.values(changed).some(Boolean)) {
      feedback.message.info(t('devices.settings.unchanged'));
      return;
    }
    setSubmitting(true);
    try {
      const answers = [
        changed.algMode ? await callApi(updateAlgMode, { id: device.id, sensitivity: values.sensitivity, leaveBedMode: values.leaveBedMode }) : null,
        changed.interval && values.reportInterval !== null ? await callApi(updateInterval, { id: device.id, interval: values.reportInterval }) : null,
        changed.upload ? await callApi(isUploadData, { id: device.id, isUploadData: values.uploadRaw }) : null,
        changed.schedule ? await callApi(updateSleepSchedule, { id: device.id, bedTime: values.bedTime, wakeTime: values.wakeTime }) : null,
      ];
      setSent(answers.filter((answer) => answer !== null).at(-1)?.command ?? null);
      feedback.message.success(t('devices.settings.saved'));
      await refresh();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  }

  const close = () => {
    setSent(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('devices.settings.title', { id: device.deviceId })}
      okText={t('devices.form.save')}
      cancelText={t('devices.form.close')}
      okButtonProps={{ htmlType: 'submit', loading: submitting }}
      onCancel={close}
      maskClosable={!submitting}
      destroyOnHidden
      width={560}
      modalRender={(dom) => (
        <Form form={form} name="sleep-settings" layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} clearOnDestroy autoComplete="off">
          {dom}
        </Form>
      )}
    >
      <Form.Item<SleepSettingsValues> name="sensitivity" label={label.sensitivity} extra={t('devices.settings.sensitivityHint')}>
        <FormRadioGroup aria-label={label.sensitivity} optionType="button" options={SENSITIVITIES.map((value) => ({ value, label: t(SENSITIVITY_KEYS[value]) }))} />
      </Form.Item>
      <Form.Item<SleepSettingsValues> name="leaveBedMode" label={label.leaveBedMode}>
        <FormRadioGroup
          aria-label={label.leaveBedMode}
          options={LEAVE_BED_MODES.map((value) => ({ value, label: t(LEAVE_BED_KEYS[value], { seconds: LEAVE_BED_MODE_SECONDS[value] }) }))}
        />
      </Form.Item>
      <Form.Item<SleepSettingsValues>
        name="reportInterval"
        label={label.reportInterval}
        extra={t('devices.settings.reportIntervalHint', { min: REPORT_INTERVAL_MIN_S, max: REPORT_INTERVAL_MAX_S })}
        validateTrigger={['onChange', 'onBlur']}
        rules={[requiredRule(language, label.reportInterval, 'validation.reportInterval'), contractRule((schemas) => schemas.ReportIntervalSchema, language, { field: label.reportInterval, optional: true })]}
      >
        <InputNumber<number> style={{ width: 160 }} addonAfter={t('devices.settings.seconds')} precision={0} changeOnWheel={false} />
      </Form.Item>
      <Form.Item<SleepSettingsValues> name="uploadRaw" label={label.uploadRaw} valuePropName="checked" extra={t('devices.settings.uploadRawHint')}>
        <Switch />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item<SleepSettingsValues> name="bedTime" label={label.bedTime} rules={[contractRule((schemas) => schemas.ClockTimeSchema, language, { field: label.bedTime })]}>
          <ClockInput />
        </Form.Item>
        <Form.Item<SleepSettingsValues> name="wakeTime" label={label.wakeTime} extra={t('devices.settings.wakeTimeHint', { minutes: REPORT_AFTER_WAKE_MINUTES })} rules={[contractRule((schemas) => schemas.ClockTimeSchema, language, { field: label.wakeTime })]}>
          <ClockInput />
        </Form.Item>
      </Flex>
      {!device.online && <Alert type="warning" showIcon message={t('devices.settings.offline')} style={{ marginBottom: 12 }} />}
      {command && (
        <Alert
          type={command.state === 'acked' ? 'success' : command.state === 'pending' ? 'info' : 'warning'}
          message={
            <Flex gap={8} align="center" wrap>
              <Typography.Text>{t('devices.settings.lastCommand')}</Typography.Text>
              <CommandStateTag state={command.state} message={command.message} />
            </Flex>
          }
        />
      )}
    </Modal>
  );
}
