import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { insertDevice, registerDevice, type DeviceTypeInfo } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { KIND_LABEL_KEYS } from '../devices-shared/deviceTypes.ts';
import { DEVICES_SHARED_NS } from '../devices-shared/i18n.ts';
import { contractRule, requiredRule, type ContractSchemas, type SchemaPicker } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useRefreshDevices } from './devicesApi.ts';
import { refusedField } from './formErrors.ts';
import { DEVICES_NS } from './i18n.ts';

interface AddValues {
  deviceId: string;
  deviceType: number;
  location?: string;
  remark?: string;
  imei?: string;
  moduleImei?: string;
  iccid?: string;
  commMethod?: string;
}

const FIELDS = ['deviceId', 'deviceType', 'location', 'remark', 'imei', 'moduleImei', 'iccid', 'commMethod'] as const satisfies readonly (keyof AddValues)[];
/** The contract's schema of a field a vendor registers a device with. */
const registerField = (name: keyof ContractSchemas['registerDeviceInputSchema']['shape']): SchemaPicker => (schemas) => schemas.registerDeviceInputSchema.shape[name];
/** The contract's schema of a field a care home adds a device with. */
const insertField = (name: keyof ContractSchemas['insertDeviceInputSchema']['shape']): SchemaPicker => (schemas) => schemas.insertDeviceInputSchema.shape[name];

/**
 * Add a device. A care home adds a device from the vendor's stock by its plain ID (the
 * server's refusals — not in stock, added by another provider, not registered, wrong type —
 * come back as its msg on the ID field). A vendor role registers a new ID into stock.
 * Answers the new device's row id so the caller can open it.
 */
export function AddDeviceDialog(props: { open: boolean; vendor: boolean; types: readonly DeviceTypeInfo[]; feedback: Feedback; onClose: () => void; onAdded: (id: number) => void }) {
  const { open, vendor, types, feedback, onClose, onAdded } = props;
  const { t } = useTranslation(DEVICES_NS);
  const { t: ts } = useTranslation(DEVICES_SHARED_NS);
  const language = useLanguage();
  const refresh = useRefreshDevices();
  const [form] = Form.useForm<AddValues>();
  const [submitting, setSubmitting] = useState(false);
  const label = {
    deviceId: t('devices.field.deviceId'),
    deviceType: t('devices.field.deviceType'),
    location: t('devices.field.location'),
    remark: t('devices.field.remark'),
    imei: t('devices.field.imei'),
    moduleImei: t('devices.field.moduleImei'),
    iccid: t('devices.field.iccid'),
    commMethod: t('devices.field.commMethod'),
  };

  async function submit(values: AddValues) {
    setSubmitting(true);
    try {
      const { id } = vendor
        ? await callApi(registerDevice, {
            deviceId: values.deviceId, deviceType: values.deviceType, imei: values.imei, moduleImei: values.moduleImei, iccid: values.iccid, commMethod: values.commMethod, remark: values.remark,
          })
        : await callApi(insertDevice, { deviceId: values.deviceId, deviceType: values.deviceType, location: values.location, remark: values.remark });
      feedback.message.success(vendor ? t('devices.message.registered', { id: values.deviceId }) : t('devices.message.added', { id: values.deviceId }));
      await refresh();
      onAdded(id);
    } catch (error) {
      // A refusal (not in stock, another provider's, not registered …) belongs to the ID the user typed.
      const field = refusedField(error, FIELDS, 'deviceId');
      if (field) form.setFields([{ name: field, errors: [errorText(error)] }]);
      else feedback.message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  }

  const text = (name: keyof typeof label, schema: SchemaPicker, max?: number) => (
    <Form.Item<AddValues> name={name} label={label[name]} rules={[contractRule(schema, language, { field: label[name], optional: true })]}>
      <Input maxLength={max} />
    </Form.Item>
  );

  return (
    <FormDialog<AddValues>
      open={open}
      title={vendor ? t('devices.add.registerTitle') : t('devices.add.title')}
      form={form}
      formName="add-device"
      okText={vendor ? t('devices.add.register') : t('devices.add.add')}
      cancelText={t('devices.form.cancel')}
      submitting={submitting}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      initialValues={types.length === 1 ? { deviceType: types[0].type } : undefined}
    >
      <Form.Item<AddValues>
        name="deviceId"
        label={label.deviceId}
        extra={vendor ? t('devices.add.registerHint') : t('devices.add.hint')}
        rules={[requiredRule(language, label.deviceId), contractRule((schemas) => schemas.plainDeviceIdSchema, language, { field: label.deviceId, optional: true })]}
      >
        <Input autoFocus autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item<AddValues> name="deviceType" label={label.deviceType} rules={[requiredRule(language, label.deviceType)]}>
        <Select<number> options={types.map((info) => ({ value: info.type, label: `${info.model} · ${ts(KIND_LABEL_KEYS[info.kind])}` }))} placeholder={t('devices.field.deviceTypePlaceholder')} />
      </Form.Item>
      {vendor ? (
        <>
          {text('imei', registerField('imei'))}
          {text('moduleImei', registerField('moduleImei'))}
          {text('iccid', registerField('iccid'))}
          {text('commMethod', registerField('commMethod'))}
        </>
      ) : (
        text('location', insertField('location'))
      )}
      <Form.Item<AddValues> name="remark" label={label.remark} rules={[contractRule(insertField('remark'), language, { field: label.remark, optional: true })]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormDialog>
  );
}
