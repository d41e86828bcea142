import { alarmRelieveAlert, RELEASE_REASONS, REMARK_MAX, Status, type AlarmRecord, type ReleaseReason } from '@vigil/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { longText } from './alarmText.ts';
import { RELEASE_REASON_LABELS } from './alarmLabels.ts';
import { ALARMS_NS } from './i18n.ts';
import { RadioChoices } from './RadioChoices.tsx';

interface Values {
  reason?: ReleaseReason | 'other';
  note?: string;
}

export interface ReleaseAlarmDialogProps {
  alarm: AlarmRecord | null;
  onClose: () => void;
  /** The alarm is no longer pending: released here, or already handled or released elsewhere. */
  onGone: (id: number, releasedHere: boolean) => void;
}

/**
 * Release with a reason (spec 02 §4, §7 /alarmLog/relieveAlert): a false alarm, maintenance or a test
 * — or another reason, written — takes the alarm off the pending list without handling it; the log
 * shows the reason and the release source (software).
 */
export function ReleaseAlarmDialog({ alarm, onClose, onGone }: ReleaseAlarmDialogProps) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; gone: boolean } | null>(null);
  const reason = Form.useWatch('reason', form);

  useEffect(() => {
    if (!alarm) return;
    form.resetFields();
    setFailure(null);
  }, [alarm, form]);

  const submit = async () => {
    if (!alarm) return;
    const values = await form.validateFields().catch(() => null);
    if (!values?.reason) return;
    const note = values.note?.trim() ?? '';
    // A chosen reason is stored as its code (shown in each reader's language); another reason as written.
    const removeReason = values.reason === 'other' ? note : note ? `${values.reason}: ${note}` : values.reason;
    setSaving(true);
    setFailure(null);
    try {
      await callApi(alarmRelieveAlert, { id: alarm.id, removeReason });
      onGone(alarm.id, true);
      onClose();
    } catch (error) {
      const gone = error instanceof ApiError && error.status === Status.CONFLICT;
      setFailure({ text: errorText(error), gone });
      if (gone) onGone(alarm.id, false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={alarm !== null}
      title={t('alarms.releaseWith.title')}
      okText={failure?.gone ? t('alarms.handle.close') : t('alarms.releaseWith.submit')}
      cancelText={t('alarms.handle.cancel')}
      cancelButtonProps={failure?.gone ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      onOk={() => (failure?.gone ? onClose() : void submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {alarm ? <p className="handle-dialog__alarm">{longText(alarm, i18n.language)}</p> : null}
      {failure ? <Alert type={failure.gone ? 'info' : 'error'} showIcon message={failure.text} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" disabled={failure?.gone} requiredMark>
        <Form.Item name="reason" label={t('alarms.releaseWith.reason')} rules={[{ required: true, message: t('alarms.releaseWith.reasonRequired') }]}>
          <RadioChoices
            label={t('alarms.releaseWith.reason')}
            options={[...RELEASE_REASONS.map((value) => ({ value, label: t(RELEASE_REASON_LABELS[value]) })), { value: 'other' as const, label: t('alarms.releaseWith.other') }]}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('alarms.releaseWith.note')}
          rules={[
            { max: REMARK_MAX, message: t('alarms.handle.remarkTooLong', { max: REMARK_MAX }) },
            { required: reason === 'other', whitespace: true, message: t('alarms.releaseWith.noteRequired') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
