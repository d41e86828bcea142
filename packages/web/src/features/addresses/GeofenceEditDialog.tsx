import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { enclosureAdd, enclosureUpdate, GEOFENCE_RADIUS_MAX_M, GEOFENCE_RADIUS_MIN_M, KEYWORD_MAX, PLACE_NAME_MAX } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule, type ContractSchemas, type SchemaPicker } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import type { Geofence } from './addressesApi.ts';
import { ADDRESSES_NS } from './i18n.ts';

interface GeofenceValues {
  name: string;
  centerLat: number | null;
  centerLng: number | null;
  radius: number | null;
  keyword: string;
}

export interface GeofenceEditDialogProps {
  /** The area a new geofence goes to; null keeps the dialog closed. */
  areaId: number | null;
  /** The geofence to change, or null to add one. */
  geofence: Geofence | null;
  feedback: Feedback;
  onSaved: () => void;
  onClose: () => void;
}

/** The contract's schema of one geofence field. */
const field = (name: keyof ContractSchemas['enclosureAddInputSchema']['shape']): SchemaPicker => (schemas) => schemas.enclosureAddInputSchema.shape[name];
const DEFAULT_RADIUS_M = 200;

/** An empty number box must fail the schema (z.coerce would read it as 0). */
function requiredNumber(value: unknown): unknown {
  return value === null || value === undefined ? 'missing' : value;
}

/** Adds or changes one geofence of an area: name, centre, radius in metres and location keyword. */
export function GeofenceEditDialog({ areaId, geofence, feedback, onSaved, onClose }: GeofenceEditDialogProps) {
  const { t } = useTranslation(ADDRESSES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<GeofenceValues>();
  const labels = {
    name: t('addresses.geofence.name'),
    lat: t('addresses.geofence.latitude'),
    lng: t('addresses.geofence.longitude'),
    radius: t('addresses.geofence.radius'),
    keyword: t('addresses.geofence.keyword'),
  };
  const mutation = useMutation({
    mutationFn: (values: GeofenceValues) => {
      const body = {
        name: values.name.trim(),
        centerLat: values.centerLat ?? Number.NaN,
        centerLng: values.centerLng ?? Number.NaN,
        radius: values.radius ?? Number.NaN,
        keyword: values.keyword.trim(),
      };
      return geofence ? callApi(enclosureUpdate, { id: geofence.id, ...body }) : callApi(enclosureAdd, { areaId: areaId ?? 0, ...body });
    },
    onSuccess: () => {
      feedback.message.success(t('addresses.message.geofenceSaved'));
      onSaved();
      onClose();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const initialValues: GeofenceValues = geofence
    ? { name: geofence.name, centerLat: geofence.centerLat, centerLng: geofence.centerLng, radius: geofence.radius, keyword: geofence.keyword }
    : { name: '', centerLat: null, centerLng: null, radius: DEFAULT_RADIUS_M, keyword: '' };

  return (
    <FormDialog<GeofenceValues>
      open={areaId !== null}
      title={geofence ? t('addresses.geofence.editTitle', { name: geofence.name }) : t('addresses.geofence.addTitle')}
      form={form}
      formName="geofence"
      okText={t('addresses.form.save')}
      cancelText={t('addresses.form.cancel')}
      submitting={mutation.isPending}
      onCancel={onClose}
      onSubmit={(values) => mutation.mutate(values)}
      initialValues={initialValues}
    >
      <Form.Item<GeofenceValues> name="name" label={labels.name} required rules={[contractRule(field('name'), language, { field: labels.name })]}>
        <Input maxLength={PLACE_NAME_MAX} autoFocus />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', columnGap: 12 }}>
        <Form.Item<GeofenceValues> name="centerLat" label={labels.lat} required
          rules={[contractRule(field('centerLat'), language, { field: labels.lat, toInput: requiredNumber })]}>
          <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item<GeofenceValues> name="centerLng" label={labels.lng} required
          rules={[contractRule(field('centerLng'), language, { field: labels.lng, toInput: requiredNumber })]}>
          <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item<GeofenceValues> name="radius" label={labels.radius} required
        rules={[contractRule(field('radius'), language, { field: labels.radius, toInput: requiredNumber })]}>
        <InputNumber min={GEOFENCE_RADIUS_MIN_M} max={GEOFENCE_RADIUS_MAX_M} precision={0} addonAfter={t('addresses.geofence.metres')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item<GeofenceValues> name="keyword" label={labels.keyword} extra={t('addresses.geofence.keywordHint')}
        rules={[contractRule(field('keyword'), language, { field: labels.keyword, optional: true })]}>
        <Input maxLength={KEYWORD_MAX} />
      </Form.Item>
    </FormDialog>
  );
}
