import { BULK_HANDLE_MAX, FOLLOW_UPS, RELEASE_CHOICES, REMARK_MAX, Status, type AlarmRecord, type FollowUp, type ReleaseChoice } from '@vigil/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { handleAlarm, handleAlarms } from './alarmsApi.ts';
import { followUpText, longText, releaseChoiceText, shortText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';
import { RadioChoices } from './RadioChoices.tsx';
import { pendingAlarms, useHeldAlarms, type ClosedInfo } from './pendingStore.ts';

/** Statuses with which the server says another console handled the alarm first. */
const ALREADY_HANDLED = new Set<number>([409, Status.CONFLICT]);

interface FormValues {
  dealOption?: ReleaseChoice;
  followUp?: FollowUp;
  remark?: string;
}

export interface HandleAlarmDialogProps {
  /** One alarm to handle; or null (closed) when `alarms` is not given. */
  alarm: AlarmRecord | null;
  /** Bulk handling (issue 25): several alarms, one choice and remark, each recorded as handled by this operator. */
  alarms?: readonly AlarmRecord[] | null;
  onClose: () => void;
  /** The alarm is no longer pending: handled here, or already on another terminal. */
  onGone: (id: number, handledHere: boolean) => void;
  /** Bulk handling finished: how many were handled here. */
  onHandledMany?: (count: number) => void;
}

/** Closed on another terminal (seen live on the socket), not by this dialog. */
function closedElsewhere(id: number): ClosedInfo | undefined {
  const info = pendingAlarms.closedInfo(id);
  return info && !(info.kind === 'handled' && info.here) ? info : undefined;
}

/**
 * Handling an alarm (spec 02 §3): a release choice, a follow-up and a remark of at most 200
 * characters. While it is open, the live socket tells it when another console handles or
 * releases the alarm (issue 25 item 8): it says so at once and Submit is disabled. With several
 * alarms (bulk), those closed elsewhere meanwhile are left out and named.
 */
export function HandleAlarmDialog({ alarm, alarms, onClose, onGone, onHandledMany }: HandleAlarmDialogProps) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; alreadyHandled: boolean } | null>(null);
  const [refusedCount, setRefusedCount] = useState(0);
  // Re-render on every change of the held alarms: a /checkAlarm or a relief notice for this alarm.
  useHeldAlarms();
  const bulk = alarms && alarms.length > 0 ? alarms : null;
  const open = bulk !== null || alarm !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure(null);
    setRefusedCount(0);
  }, [alarm, alarms, open, form]);

  const live = !bulk && alarm ? closedElsewhere(alarm.id) : undefined;
  const stillOpen = bulk ? bulk.filter((entry) => !closedElsewhere(entry.id)) : [];
  const goneCount = bulk ? bulk.length - stillOpen.length : 0;
  const nothingLeft = bulk ? stillOpen.length === 0 : live !== undefined;
  const done = failure?.alreadyHandled === true;

  const submitOne = async (values: FormValues & { dealOption: ReleaseChoice }) => {
    if (!alarm) return;
    try {
      await handleAlarm({ id: alarm.id, dealOption: values.dealOption, followUp: values.followUp ?? null, remark: values.remark?.trim() || null });
      onGone(alarm.id, true);
      onClose();
    } catch (error) {
      const alreadyHandled = error instanceof ApiError && ALREADY_HANDLED.has(error.status);
      setFailure({ text: alreadyHandled && !error.message ? t('alarms.handle.alreadyHandled') : errorText(error), alreadyHandled });
      if (alreadyHandled) onGone(alarm.id, false);
    }
  };

  const submitMany = async (values: FormValues & { dealOption: ReleaseChoice }) => {
    try {
      const ids = stillOpen.map((entry) => entry.id);
      let handledCount = 0;
      let refusedTotal = 0;
      // The server takes at most BULK_HANDLE_MAX a request: "Select all" of a long list goes in several.
      for (let start = 0; start < ids.length; start += BULK_HANDLE_MAX) {
        const result = await handleAlarms({ ids: ids.slice(start, start + BULK_HANDLE_MAX), dealOption: values.dealOption, followUp: values.followUp ?? null, remark: values.remark?.trim() || null });
        for (const handled of result.handled) onGone(handled.id, true);
        for (const refused of result.refused) onGone(refused.id, false);
        handledCount += result.handled.length;
        refusedTotal += result.refused.length;
      }
      onHandledMany?.(handledCount);
      if (refusedTotal === 0) onClose();
      else setRefusedCount(refusedTotal);
    } catch (error) {
      setFailure({ text: errorText(error), alreadyHandled: false });
    }
  };

  const submit = async () => {
    if (!open || nothingLeft) return;
    // A missing choice or a long remark shows under its field; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values?.dealOption) return;
    setSaving(true);
    setFailure(null);
    try {
      await (bulk ? submitMany({ ...values, dealOption: values.dealOption }) : submitOne({ ...values, dealOption: values.dealOption }));
    } finally {
      setSaving(false);
    }
  };

  const liveText = (info: ClosedInfo): string =>
    info.kind === 'relieved' ? t('alarms.handle.relievedElsewhere') : info.handler ? t('alarms.handle.handledElsewhereBy', { handler: info.handler }) : t('alarms.handle.alreadyHandled');

  const who = (entry: AlarmRecord) => [entry.userName, [entry.room, entry.bunk].filter(Boolean).join(' ')].filter(Boolean).join(' · ') || entry.address;

  return (
    <Modal
      open={open}
      title={bulk ? t('alarms.handle.titleMany', { count: bulk.length }) : t('alarms.handle.title')}
      okText={done ? t('alarms.handle.close') : t('alarms.handle.submit')}
      cancelText={nothingLeft || refusedCount > 0 ? t('alarms.handle.close') : t('alarms.handle.cancel')}
      cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ disabled: !done && nothingLeft }}
      confirmLoading={saving}
      onOk={() => (done ? onClose() : void submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {bulk ? (
        <ul className="handle-dialog__list" aria-label={t('alarms.handle.selected')}>
          {bulk.map((entry) => {
            const info = closedElsewhere(entry.id);
            return (
              <li key={entry.id} className={info ? 'handle-dialog__gone' : undefined}>
                <strong>{shortText(entry, i18n.language)}</strong> {who(entry)}
                {info ? <span className="handle-dialog__gone-note"> — {liveText(info)}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : alarm ? (
        <p className="handle-dialog__alarm">{longText(alarm, i18n.language)}</p>
      ) : null}
      {live && !failure ? <Alert type="warning" showIcon role="alert" message={liveText(live)} style={{ marginBottom: 16 }} /> : null}
      {bulk && goneCount > 0 ? (
        <Alert type="warning" showIcon role="alert" message={t('alarms.handle.someGone', { count: goneCount })} style={{ marginBottom: 16 }} />
      ) : null}
      {refusedCount > 0 ? <Alert type="info" showIcon role="alert" message={t('alarms.handle.manyRefused', { count: refusedCount })} style={{ marginBottom: 16 }} /> : null}
      {failure ? <Alert type={failure.alreadyHandled ? 'info' : 'error'} showIcon message={failure.text} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" disabled={done || nothingLeft} requiredMark>
        <Form.Item name="dealOption" label={t('alarms.handle.releaseChoice')} rules={[{ required: true, message: t('alarms.handle.releaseRequired') }]}>
          <RadioChoices label={t('alarms.handle.releaseChoice')} options={RELEASE_CHOICES.map((choice) => ({ value: choice, label: releaseChoiceText(choice, i18n.language) }))} />
        </Form.Item>
        <Form.Item name="followUp" label={t('alarms.handle.followUp')}>
          <RadioChoices label={t('alarms.handle.followUp')} options={FOLLOW_UPS.map((option) => ({ value: option, label: followUpText(option, i18n.language) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('alarms.handle.remark')} rules={[{ max: REMARK_MAX, message: t('alarms.handle.remarkTooLong', { max: REMARK_MAX }) }]}>
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
