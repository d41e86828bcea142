import { LOCATION_MAX } from '@vigil/contracts';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/index.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { GATEWAYS_NS } from './i18n.ts';

export interface DeviceIdValues {
  deviceId: string;
  location?: string;
}

export interface DeviceIdDialogProps {
  open: boolean;
  title: string;
  formName: string;
  /** Label of the ID field (device ID, new device ID …). */
  idLabel: string;
  withLocation: boolean;
  feedback: Feedback;
  submit: (values: DeviceIdValues) => Promise<unknown>;
  successText: string;
  onDone: () => void;
  onCancel: () => void;
}

/** A small form for one device ID (typed or scanned in plain text) and, optionally, its location. */
export function DeviceIdDialog(props: DeviceIdDialogProps) {
  const { t } = useTranslation(GATEWAYS_NS);
  const language = useLanguage();
  const [form] = Form.useForm<DeviceIdValues>();
  const [submitting, setSubmitting] = useState(false);
  async function submit(values: DeviceIdValues) {
    setSubmitting(true);
    try {
      await props.submit({ deviceId: values.deviceId.trim(), location: values.location?.trim() ?? '' });
      props.feedback.message.success(props.successText);
      props.onDone();
    } catch (error) {
      props.feedback.message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  }
  return (
    <FormDialog<DeviceIdValues>
      open={props.open} title={props.title} form={form} formName={props.formName} okText={t('gateways.common.save')} cancelText={t('gateways.common.cancel')}
      submitting={submitting} onCancel={props.onCancel} onSubmit={(values) => void submit(values)}
    >
      <Form.Item name="deviceId" label={props.idLabel} rules={[requiredRule(language, props.idLabel), contractRule((schemas) => schemas.deviceIdSchema, language, { field: props.idLabel })]} extra={t('gateways.field.deviceIdHelp')}>
        <Input autoFocus maxLength={64} />
      </Form.Item>
      {props.withLocation && (
        <Form.Item name="location" label={t('gateways.field.location')}>
          <Input maxLength={LOCATION_MAX} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
