import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignGovernmentProviders, governmentProviders, queryProviderList, type Account } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { ACCOUNTS_NS } from './i18n.ts';

interface AssignmentValues {
  providerIds: number[];
}

export interface GovernmentProvidersDialogProps {
  /** The GOVERNMENT account whose statistics providers are edited; null keeps the dialog closed. */
  account: Account | null;
  feedback: Feedback;
  onClose: () => void;
}

const assignmentKey = (accountId: number) => ['accounts', 'governmentProviders', accountId] as const;

/**
 * Which providers a government account sees on the statistics screen (docs/statistics.md):
 * the whole list is shown, changed and saved at once; an empty list leaves it no provider to read.
 */
export function GovernmentProvidersDialog({ account, feedback, onClose }: GovernmentProvidersDialogProps) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const [form] = Form.useForm<AssignmentValues>();
  const queryClient = useQueryClient();
  const accountId = account?.id ?? 0;
  const assigned = useQuery({
    queryKey: assignmentKey(accountId),
    queryFn: () => callApi(governmentProviders, { accountId }),
    enabled: account !== null,
  });
  // Every provider, disabled ones too: an assignment can outlive a provider being disabled.
  const providers = useQuery({
    queryKey: ['providers', 'all-for-statistics'],
    queryFn: () => callApi(queryProviderList, { pageNum: 1, pageSize: 1000 }),
    enabled: account !== null,
    select: (page) => page.rows.map((provider) => ({ value: provider.id, label: provider.enabled ? provider.name : t('accounts.government.disabledProvider', { name: provider.name }) })),
  });

  const save = useMutation({
    mutationFn: (values: AssignmentValues) => callApi(assignGovernmentProviders, { accountId, providerIds: values.providerIds ?? [] }),
    onSuccess: () => {
      feedback.message.success(t('accounts.government.saved'));
      void queryClient.invalidateQueries({ queryKey: assignmentKey(accountId) });
      onClose();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const loading = assigned.isPending || providers.isPending;
  const failed = assigned.error ?? providers.error;
  const label = t('accounts.government.providers');
  return (
    <FormDialog<AssignmentValues>
      open={account !== null}
      title={t('accounts.government.title', { name: account?.userName ?? '' })}
      form={form}
      formName="governmentProviders"
      okText={t('accounts.form.save')}
      cancelText={t('accounts.form.cancel')}
      submitting={save.isPending}
      onCancel={onClose}
      onSubmit={(values) => save.mutate(values)}
    >
      <Typography.Paragraph type="secondary">{t('accounts.government.explain')}</Typography.Paragraph>
      {failed ? (
        <Alert type="error" showIcon message={errorText(failed)} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <Form.Item<AssignmentValues> name="providerIds" label={label} initialValue={assigned.data?.map((entry) => entry.providerId) ?? []} extra={t('accounts.government.emptyMeans')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('accounts.government.placeholder')}
            options={providers.data}
            notFoundContent={t('accounts.government.noProvider')}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
