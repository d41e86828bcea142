import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Caregiver } from '@vigil/contracts';
import { useEdition } from '../../session/edition.ts';
import { OneTimePasswordModal } from '../password/OneTimePasswordModal.tsx';
import { loadContractSchemas, usePreloadContractSchemas } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { caregiverEditionView } from './caregiverEdition.ts';
import { CaregiverFields } from './CaregiverFields.tsx';
import { caregiverToForm, EMPTY_CAREGIVER_FORM, formToBody, type CaregiverFormValues } from './caregiverFormValues.ts';
import { CAREGIVER_LIST_PATH } from './caregiverPaths.ts';
import { useCaregiver } from './caregiversApi.ts';
import { useSaveCaregiver } from './useSaveCaregiver.ts';
import './caregivers.css';
import { CAREGIVERS_NS } from './i18n.ts';

/** Reads `?id=`: a positive whole number edits that caregiver, anything else adds one. */
function idFromQuery(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** The row the list passed in the navigation state, when the contract's schema reads it as a caregiver. */
async function caregiverFromState(state: unknown): Promise<Caregiver | null> {
  if (typeof state !== 'object' || state === null || !('caregiver' in state)) return null;
  const { caregiverSchema } = await loadContractSchemas();
  const parsed = caregiverSchema.safeParse(state.caregiver);
  return parsed.success ? parsed.data : null;
}

/** /nurse-manage/addAndEdit/addAndEditNurse: add a caregiver, or edit one with `?id=`. */
export function CaregiverFormPage() {
  const { t } = useTranslation(CAREGIVERS_NS);
  const navigate = useNavigate();
  const location = useLocation();
  const feedback = useFeedback();
  const [searchParams] = useSearchParams();
  const id = idFromQuery(searchParams.get('id'));
  const caregiver = useCaregiver(id, () => caregiverFromState(location.state));
  const edition = caregiverEditionView(useEdition().isAbroad);
  const [form] = Form.useForm<CaregiverFormValues>();
  usePreloadContractSchemas();
  const [created, setCreated] = useState<{ account: string; password: string } | null>(null);
  const back = () => navigate(CAREGIVER_LIST_PATH);
  const save = useSaveCaregiver(feedback, (saved) => {
    if (saved.userName && saved.password) setCreated({ account: saved.userName, password: saved.password });
    else back();
  });
  const current = caregiver.data ?? null;

  const header = (
    <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('caregivers.form.back')} onClick={back} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {id === null ? t('caregivers.form.addTitle') : t('caregivers.form.editTitle', { name: current?.name ?? '' })}
      </Typography.Title>
      {current && (
        <>
          <Tag>{t(edition.loginLabelKey)}: {current.userName}</Tag>
          {current.enabled ? <Tag color="success">{t('caregivers.status.enabled')}</Tag> : <Tag>{t('caregivers.status.disabled')}</Tag>}
        </>
      )}
    </Flex>
  );

  if (id !== null && caregiver.isLoading) {
    return (
      <>
        {header}
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </>
    );
  }
  if (id !== null && !current) {
    return (
      <Result
        status="warning"
        title={t('caregivers.form.notFound')}
        subTitle={caregiver.isError ? errorText(caregiver.error) : undefined}
        extra={<Button onClick={back}>{t('caregivers.form.backToList')}</Button>}
      />
    );
  }

  return (
    <>
      {feedback.holder}
      {header}
      <Card>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t(edition.signInHintKey)} />
        <Form<CaregiverFormValues>
          key={current?.id ?? 'new'}
          form={form}
          name="caregiver"
          layout="vertical"
          autoComplete="off"
          initialValues={current ? caregiverToForm(current) : EMPTY_CAREGIVER_FORM}
          onFinish={(values) => save.mutate({ id, body: formToBody(values, edition.showIdNumber, current?.idNumber ?? ''), userName: values.userName })}
        >
          <CaregiverFields adding={id === null} edition={edition} />
          <Flex justify="flex-end" gap={8}>
            <Button onClick={back} disabled={save.isPending}>
              {t('caregivers.form.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {id === null ? t('caregivers.form.create') : t('caregivers.form.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
      <OneTimePasswordModal
        account={created?.account ?? null}
        password={created?.password ?? null}
        onClose={() => {
          setCreated(null);
          back();
        }}
      />
    </>
  );
}
