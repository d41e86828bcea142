import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAddressTree } from '../addresses/addressesApi.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { bedPathOf } from './bedOptions.ts';
import { ResidentForm } from './ResidentForm.tsx';
import { EMPTY_RESIDENT_FORM, residentToForm } from './residentFormValues.ts';
import { RESIDENT_LIST_PATH } from './residentPaths.ts';
import { useResident } from './residentsApi.ts';
import './residents.css';
import { RESIDENTS_NS } from './i18n.ts';

/** Reads `?id=`: a positive whole number edits that resident, anything else registers a new one. */
function idFromQuery(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** /people-manage/addAndEdit/addAndEditUser: register a resident, or edit one with `?id=`. */
export function ResidentFormPage() {
  const { t } = useTranslation(RESIDENTS_NS);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [searchParams] = useSearchParams();
  const id = idFromQuery(searchParams.get('id'));
  const resident = useResident(id);
  const tree = useAddressTree();
  const back = () => navigate(RESIDENT_LIST_PATH);

  const header = (
    <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('residents.form.back')} onClick={back} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {id === null ? t('residents.form.registerTitle') : t('residents.form.editTitle', { name: resident.data?.name ?? '' })}
      </Typography.Title>
    </Flex>
  );

  // An edit waits for the resident and the address tree (to place the bed in the picker).
  const loading = (id !== null && resident.isLoading) || tree.isLoading;
  const missing = id !== null && !loading && (resident.isError || !resident.data);
  const current = resident.data ?? null;
  const body = loading ? (
    <Card>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  ) : missing ? (
    <Result
      status="warning"
      title={t('residents.form.notFound')}
      subTitle={resident.isError ? errorText(resident.error) : undefined}
      extra={<Button onClick={back}>{t('residents.form.backToList')}</Button>}
    />
  ) : (
    <ResidentForm
      key={current?.id ?? 'new'}
      resident={current}
      initialValues={current ? residentToForm(current, (bedId) => bedPathOf(tree.data ?? [], bedId)) : EMPTY_RESIDENT_FORM}
      feedback={feedback}
      onSaved={back}
      onCancel={back}
    />
  );

  return (
    <>
      {feedback.holder}
      {header}
      {body}
    </>
  );
}
