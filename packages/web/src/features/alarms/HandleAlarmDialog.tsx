import { FOLLOW_UPS, RELEASE_CHOICES, REMARK_MAX, Status, type AlarmRecord, type FollowUp, type ReleaseChoice } from '@vigil/contracts';
import { Alert, Form, Input, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { handleAlarm } from './alarmsApi.ts';
import { longText } from './alarmText.ts';
import { FOLLOW_UP_LABELS, RELEASE_LABELS } from './alarmLabels.ts';
import { ALARMS_NS } from './i18n.ts';

/** Statuses with which the server says another console handled the alarm first. */
const ALREADY_HANDLED = new Set<number>([409, Status.CONFLICT]);

interface FormValues {
  dealOption?: ReleaseChoice;
  followUp?: FollowUp;
  remark?: string;
}

export interface HandleAlarmDialogProps {
  alarm: AlarmRecord | null;
  onClose: () => void;
  /** The alarm is no longer pending: handled here, or already on another terminal. */
  onGone: (id: number, handledHere: boolean) => void;
}

/** Handling an alarm (spec 02 §3): a release choice, a follow-up and a remark of at most 200 characters. */
export function HandleAlarmDialog({ alarm, onClose, onGone }: HandleAlarmDialogProps) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; alreadyHandled: boolean } | null>(null);

  useEffect(() => {
    if (!alarm) return;
    form.resetFields();
    setFailure(null);
  }, [alarm, form]);

  const submit = async () => {
    if (!alarm) return;
    // A missing choice or a long remark shows under its field; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values?.dealOption) return;
    setSaving(true);
    setFailure(null);
    try {
      await handleAlarm({ id: alarm.id, dealOption: values.dealOption, followUp: values.followUp ?? null, remark: values.remark?.trim() || null });
      onGone(alarm.id, true);
      onClose();
    } catch (error) {
      const alreadyHandled = error instanceof ApiError && ALREADY_HANDLED.has(error.status);
      setFailure({ text: alreadyHandled && !error.message ? t('alarms.handle.alreadyHandled') : errorText(error), alreadyHandled });
      if (alreadyHandled) onGone(alarm.id, false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={alarm !== null}
      title={t('alarms.handle.title')}
      okText={failure?.alreadyHandled ? t('alarms.handle.close') : t('alarms.handle.submit')}
      cancelText={t('alarms.handle.cancel')}
      cancelButtonProps={failure?.alreadyHandled ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      onOk={() => (failure?.alreadyHandled ? onClose() : void submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {alarm ? <p className="handle-dialog__alarm">{longText(alarm, i18n.language)}</p> : null}
      {failure ? <Alert type={failure.alreadyHandled ? 'info' : 'error'} showIcon message={failure.text} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" disabled={failure?.alreadyHandled} requiredMark>
        <Form.Item name="dealOption" label={t('alarms.handle.releaseChoice')} rules={[{ required: true, message: t('alarms.handle.releaseRequired') }]}>
          <RadioChoices label={t('alarms.handle.releaseChoice')} options={RELEASE_CHOICES.map((choice) => ({ value: choice, label: t(RELEASE_LABELS[choice]) }))} />
        </Form.Item>
        <Form.Item name="followUp" label={t('alarms.handle.followUp')}>
          <RadioChoices label={t('alarms.handle.followUp')} options={FOLLOW_UPS.map((option) => ({ value: option, label: t(FOLLOW_UP_LABELS[option]) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('alarms.handle.remark')} rules={[{ max: REMARK_MAX, message: t('alarms.handle.remarkTooLong', { max: REMARK_MAX }) }]}>
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface RadioChoicesProps<Value extends string> {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  id?: string;
  value?: Value;
  onChange?: (value: Value) => void;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/**
 * Radio buttons one per line as a named radiogroup: the form's aria-required and
 * aria-invalid land on the group (antd puts them on a role-less div otherwise).
 */
function RadioChoices<Value extends string>({ label, options, id, value, onChange, ...aria }: RadioChoicesProps<Value>) {
  return (
    <div role="radiogroup" id={id} aria-label={label} {...aria}>
      <Radio.Group
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange?.(chosen.value);
        }}
      >
        <Space direction="vertical">
          {options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </div>
  );
}
