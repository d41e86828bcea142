import { Form } from 'antd';
import { FormCascader as Cascader } from '../../components/FormCascader.tsx';
import { FormRadioGroup, FormSelect as Select } from '../../components/FormControls.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindDevice, deviceTypeInfo, Status, type Device } from '@vigil/contracts';
import { ApiError, callApi } from '../../api/client.ts';
import { useLanguage } from '../../i18n/index.ts';
import { useAddressTree } from '../addresses/addressesApi.ts';
import { confirmAsync } from '../care-shared/confirmAsync.ts';
import { useResidentSearch } from '../caregivers/caregiversApi.ts';
import { requiredRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { bindingBedOptions, idAtEnd, roomOptions, type BindingBedOption, type RoomOption } from './bindingOptions.ts';
import { useRefreshDevices } from './devicesApi.ts';
import { DEVICES_NS } from './i18n.ts';

type Target = 'bed' | 'room' | 'resident' | 'none';
interface BindValues {
  target: Target;
  bed?: string[];
  room?: string[];
  residentId?: number;
}

/**
 * Binds a device to what its type allows (catalogue bindsTo: a bed, a room or a resident)
 * or unbinds it. When the bed, resident or device is already linked elsewhere the server
 * asks first (301); the user confirms its message and the request goes again with confirm.
 * Opened from the device list (issue 25 item 17) as well as from the detail drawer.
 */
export function BindingDialog({ device, feedback, onClose }: { device: Pick<Device, 'id' | 'deviceId' | 'deviceType' | 'binding'> | null; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(DEVICES_NS);
  const language = useLanguage();
  const refresh = useRefreshDevices();
  const [form] = Form.useForm<BindValues>();
  const [submitting, setSubmitting] = useState(false);
  const [residentSearch, setResidentSearch] = useState('');
  const tree = useAddressTree();
  const residents = useResidentSearch(residentSearch);
  const target = Form.useWatch('target', form);
  const allowed: Target[] = [...(device ? (deviceTypeInfo(device.deviceType)?.bindsTo ?? []) : []), 'none'];
  const targetLabel: Record<Target, string> = {
    bed: t('devices.bind.bed'),
    room: t('devices.bind.room'),
    resident: t('devices.bind.resident'),
    none: t('devices.bind.none'),
  };

  async function send(values: BindValues, confirm: boolean): Promise<void> {
    if (!device) return;
    const targetId = values.target === 'bed' ? idAtEnd(values.bed, 'bed') : values.target === 'room' ? idAtEnd(values.room, 'room') : values.target === 'resident' ? (values.residentId ?? null) : null;
    try {
      await callApi(bindDevice, { id: device.id, target: values.target, targetId, confirm });
      feedback.message.success(values.target === 'none' ? t('devices.message.unbound', { id: device.deviceId }) : t('devices.message.bound', { id: device.deviceId }));
      await refresh();
      onClose();
    } catch (error) {
      if (!confirm && error instanceof ApiError && error.status === Status.CONFIRM_REQUIRED) {
        const ok = await confirmAsync(feedback, {
          title: t('devices.bind.confirmTitle'),
          content: error.message,
          okText: t('devices.bind.confirmOk'),
          cancelText: t('devices.form.cancel'),
        });
        if (ok) await send(values, true);
        return;
      }
      feedback.message.error(errorText(error));
    }
  }

  async function submit(values: BindValues) {
    setSubmitting(true);
    try {
      await send(values, false);
    } finally {
      setSubmitting(false);
    }
  }

  const current = device?.binding;
  return (
    <FormDialog<BindValues>
      open={device !== null}
      title={t('devices.bind.title', { id: device?.deviceId ?? '' })}
      form={form}
      formName="bind-device"
      okText={t('devices.form.save')}
      cancelText={t('devices.form.cancel')}
      submitting={submitting}
      onCancel={onClose}
      onSubmit={(values) => void submit(values)}
      initialValues={{
        target: current && current.target !== 'none' && allowed.includes(current.target) ? current.target : (allowed[0] ?? 'none'),
        residentId: current?.target === 'resident' ? (current.residentId ?? undefined) : undefined,
      }}
    >
      <Form.Item<BindValues> name="target" label={t('devices.bind.target')}>
        <FormRadioGroup aria-label={t('devices.bind.target')} optionType="button" options={allowed.map((value) => ({ value, label: targetLabel[value] }))} />
      </Form.Item>
      {target === 'bed' && (
        <Form.Item<BindValues> name="bed" label={targetLabel.bed} rules={[requiredRule(language, targetLabel.bed)]}>
          <Cascader<BindingBedOption>
            options={bindingBedOptions(tree.data ?? [], device?.deviceId ?? '')}
            loading={tree.isLoading}
            showSearch={{ filter: (input, path) => path.some((option) => option.label.toLowerCase().includes(input.toLowerCase())) }}
            displayRender={(labels) => labels.join(' / ')}
            optionRender={(option) =>
              [
                option.label,
                option.occupant,
                option.current ? t('devices.bind.bedThis') : null,
                option.devices?.length ? t('devices.bind.bedHas', { ids: option.devices.join(', ') }) : null,
              ].filter(Boolean).join(' · ')
            }
            placeholder={t('devices.bind.bedPlaceholder')}
            notFoundContent={t('devices.bind.noBeds')}
          />
        </Form.Item>
      )}
      {target === 'room' && (
        <Form.Item<BindValues> name="room" label={targetLabel.room} rules={[requiredRule(language, targetLabel.room)]}>
          <Cascader<RoomOption>
            options={roomOptions(tree.data ?? [])}
            loading={tree.isLoading}
            showSearch={{ filter: (input, path) => path.some((option) => option.label.toLowerCase().includes(input.toLowerCase())) }}
            displayRender={(labels) => labels.join(' / ')}
            placeholder={t('devices.bind.roomPlaceholder')}
            notFoundContent={t('devices.bind.noRooms')}
          />
        </Form.Item>
      )}
      {target === 'resident' && (
        <Form.Item<BindValues> name="residentId" label={targetLabel.resident} rules={[requiredRule(language, targetLabel.resident)]}>
          <Select<number>
            showSearch
            filterOption={false}
            onSearch={setResidentSearch}
            loading={residents.isFetching}
            options={residents.data ?? []}
            placeholder={t('devices.bind.residentPlaceholder')}
            notFoundContent={t('devices.bind.noResidents')}
          />
        </Form.Item>
      )}
      {target === 'none' && <p>{t('devices.bind.noneHint')}</p>}
    </FormDialog>
  );
}
