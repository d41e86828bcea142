import { Button, Card, Col, Flex, Form, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetRelativePassword, type Resident } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useAddressTree } from '../addresses/addressesApi.ts';
import { OneTimePasswordModal } from '../password/OneTimePasswordModal.tsx';
import { usePreloadContractSchemas } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { bedOptions, pathLabel } from './bedOptions.ts';
import { ContactsField } from './ContactsField.tsx';
import { PlacementFields } from './PlacementFields.tsx';
import { ResidentBasicFields } from './ResidentBasicFields.tsx';
import { formToInput, type ResidentFormValues } from './residentFormValues.ts';
import { ResidentHealthFields } from './ResidentHealthFields.tsx';
import { useSaveResident } from './useSaveResident.ts';
import { RESIDENTS_NS } from './i18n.ts';

export interface ResidentFormProps {
  /** The resident being edited, or null to register one. */
  resident: Resident | null;
  initialValues: ResidentFormValues;
  feedback: Feedback;
  onSaved: () => void;
  onCancel: () => void;
}

/** The register/edit form: every resident field in four sections; Enter or Save submits. */
export function ResidentForm({ resident, initialValues, feedback, onSaved, onCancel }: ResidentFormProps) {
  const { t } = useTranslation(RESIDENTS_NS);
  const [form] = Form.useForm<ResidentFormValues>();
  usePreloadContractSchemas();
  const tree = useAddressTree();
  const { save, saving } = useSaveResident(feedback);
  const [relativeReset, setRelativeReset] = useState<{ account: string; password: string } | null>(null);

  const submit = async (values: ResidentFormValues) => {
    const bedName = pathLabel(bedOptions(tree.data ?? [], resident?.id ?? null), values.bed);
    if (await save(formToInput(values), resident?.id ?? null, bedName)) onSaved();
  };

  const resetRelative = (contact: Resident['contacts'][number]) =>
    feedback.modal.confirm({
      title: t('residents.confirm.resetRelativeTitle', { name: contact.name }),
      content: t('residents.confirm.resetRelativeContent'),
      okText: t('residents.contact.resetPassword'),
      cancelText: t('residents.form.cancel'),
      onOk: async () => {
        try {
          const result = await callApi(resetRelativePassword, { id: contact.id });
          setRelativeReset({ account: result.userName, password: result.password });
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });

  return (
    <Form<ResidentFormValues>
      form={form}
      name="resident"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      scrollToFirstError
      autoComplete="off"
      className="resident-form"
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title={t('residents.section.basic')}>
              <ResidentBasicFields />
            </Card>
            <Card title={t('residents.section.health')}>
              <ResidentHealthFields />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title={t('residents.section.placement')}>
              <PlacementFields resident={resident} />
            </Card>
            <Card title={t('residents.section.contacts')}>
              <ContactsField saved={resident?.contacts ?? []} onResetRelative={resetRelative} />
            </Card>
          </Flex>
        </Col>
      </Row>
      <Flex justify="flex-end" gap={8} className="resident-form__actions">
        <Button onClick={onCancel} disabled={saving}>
          {t('residents.form.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {resident ? t('residents.form.save') : t('residents.form.register')}
        </Button>
      </Flex>
      <OneTimePasswordModal account={relativeReset?.account ?? null} password={relativeReset?.password ?? null} onClose={() => setRelativeReset(null)} />
    </Form>
  );
}
