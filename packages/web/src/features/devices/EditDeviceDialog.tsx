import { Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateDevice, type Device } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useRefreshDevices } from './devicesApi.ts';
import { refusedField } from './formErrors.ts';
import { DEVICES_NS } from './i18n.ts';

interface EditValues {
  location?: string;
  remark?: string;
  imei?: string;
  moduleImei?: string;
  iccid?: string;
  commMethod?: string;
  withheld?: boolean;
}
const FIELDS = ['location', 'remark', 'imei', 'moduleImei', 'iccid', 'commMethod', 'withheld'] as const satisfies readonly (keyof EditValues)[];

/** Edit a device: a care home its location and remark; a vendor role its SIM and module data, remark, and whether it is held back from stock. */
export function EditDeviceDialog({ device, vendor, feedback, onClose }: { device: Device | null; vendor: boolean; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(DEVICES_NS);
  const language = useLanguage();
  const refresh = useRefreshDevices();
  const [form] = Form.useForm<EditValues>();
  const [submitting, setSubmitting] = useState(false);
  const label: Record<(typeof FIELDS)[number], string> = {
    location: t('devices.field.location'),
    remark: t('devices.field.remark'),
    imei: t('devices.field.imei'),
    moduleImei: t('devices.field.moduleImei'),
    iccid: t('devices.field.iccid'),
    commMethod: t('devices.field.commMethod'),
    withheld: t('devices.field.withheld'),
  };

  async function submit(values: EditValues) {
    if (!device) return;
    setSubmitting(true);
    try {
      await callApi(
        updateDevice,
        vendor
          ? { id: device.id, remark: values.remark ?? '', imei: values.imei ?? '', moduleImei: values.moduleImei ?? '', iccid: values.iccid ?? '', commMethod: values.commMethod ?? '', withheld: values.withheld ?? false }
          : { id: device.id, location: values.location ?? '', remark: values.remark ?? '' },
      );
      feedback.message.success(t('devices.message.saved', { id: device.deviceId }));
      await refresh();
      onClose();
    } catch (error) {
      const field = refusedField(error, FIELDS, 'remark');
      if (field) form.setFields([{ name: field, errors: [errorText(error)] }]);
      else feedback.message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  }

  const text = (name: Exclude<(typeof FIELDS)[number], 'withheld' | 'remark'>) => (
    <Form.Item<EditValues> name={name} label={label[name]} rules={[contractRule((schemas) => schemas.updateDeviceInputSchema.shape[name], language, { field: label[name], optional: true })]}>
      <Input autoComplete="off" />
    </Form.Item>
  );

  return (
    <FormDialog<EditValues>
      open={device !== null}
      title={t('devices.edit.title', { id: device?.deviceId ?? '' })}
      form={form}
      formName="edit-device"
      okText={t('devices.form.save')}
      cancelText={t('devices.form.cancel')}
      submitting={submitting}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      initialValues={
        device
          ? { location: device.location, remark: device.remark, imei: device.imei ?? '', moduleImei: device.moduleImei ?? '', iccid: device.iccid ?? '', commMethod: device.commMethod ?? '', withheld: device.withheld }
          : undefined
      }
    >
      {vendor ? (
        <>
          {text('imei')}
          {text('moduleImei')}
          {text('iccid')}
          {text('commMethod')}
        </>
      ) : (
        text('location')
      )}
      <Form.Item<EditValues> name="remark" label={label.remark} rules={[contractRule((schemas) => schemas.updateDeviceInputSchema.shape.remark, language, { field: label.remark, optional: true })]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      {vendor && device?.inStock && (
        <Form.Item<EditValues> name="withheld" label={label.withheld} valuePropName="checked" extra={t('devices.field.withheldHint')}>
          <Switch />
        </Form.Item>
      )}
    </FormDialog>
  );
}
