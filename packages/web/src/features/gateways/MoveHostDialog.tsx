import { heChangProvider } from '@vigil/contracts';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { useSession } from '../../session/session-store.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { GATEWAYS_NS } from './i18n.ts';

/** Moves a host with all its sub-devices to another of the class I provider's homes (changProvider). */
export function MoveHostDialog({ hostId, feedback, onDone, onCancel }: { hostId: string | null; feedback: Feedback; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const session = useSession();
  const [form] = Form.useForm<{ providerId: number }>();
  const [submitting, setSubmitting] = useState(false);
  const options = (session?.providerList ?? []).filter((provider) => provider.available).map((provider) => ({ value: provider.providerId, label: provider.providerName }));
  async function submit(values: { providerId: number }) {
    if (!hostId) return;
    setSubmitting(true);
    try {
      const result = await callApi(heChangProvider, { deviceId: hostId, providerId: values.providerId });
      feedback.message.success(t('gateways.move.done', { count: result.moved }));
      onDone();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  }
  return (
    <FormDialog<{ providerId: number }>
      open={hostId !== null} title={t('gateways.move.title', { id: hostId ?? '' })} form={form} formName="gateway-move" okText={t('gateways.move.ok')} cancelText={t('gateways.common.cancel')}
      submitting={submitting} onCancel={onCancel} onSubmit={(values) => void submit(values)}
    >
      <Form.Item name="providerId" label={t('gateways.move.provider')} rules={[{ required: true, message: t('gateways.move.providerRequired') }]} extra={t('gateways.move.help')}>
        <Select options={options} />
      </Form.Item>
    </FormDialog>
  );
}
