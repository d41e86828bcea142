import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Input, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLATFORM_ROLES, PROVIDER_RESTORE_DAYS, type Provider } from '@vigil/contracts';
import { useSession } from '../../session/session-store.ts';
import { OneTimePasswordModal } from '../password/OneTimePasswordModal.tsx';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { TypedNameConfirm } from '../shared/TypedNameConfirm.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { DeletedProvidersTable } from './DeletedProvidersTable.tsx';
import { providerColumns } from './providerColumns.tsx';
import { useProviderList, type ProviderListQuery } from './providersApi.ts';
import { useProviderActions } from './useProviderActions.ts';
import { PROVIDERS_NS } from './i18n.ts';

// The add and edit forms load when first opened.
const AddProviderDialog = lazyDialog(() => import('./AddProviderDialog.tsx').then((m) => m.AddProviderDialog));
const EditProviderDialog = lazyDialog(() => import('./EditProviderDialog.tsx').then((m) => m.EditProviderDialog), (props) => props.provider !== null);

/** Narrower than this the table scrolls sideways (phones) instead of squeezing its columns. */
const TABLE_MIN_WIDTH = 1080;

/** Permission management > Provider management; `?action=create` opens the add dialog on arrival. */
export function ProviderManagerPage() {
  const { t, i18n } = useTranslation(PROVIDERS_NS);
  const session = useSession();
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const [searchParams, setSearchParams] = useSearchParams();
  const { query, filter, goToPage } = usePagedQuery<ProviderListQuery>({ pageNum: 1, pageSize: 10 });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Provider | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);
  const [tab, setTab] = useState<'providers' | 'deleted'>('providers');
  const [resetResult, setResetResult] = useState<{ account: string; password: string } | null>(null);
  const list = useProviderList(query);
  const actions = useProviderActions(feedback, (provider, password) => setResetResult({ account: provider.userName ?? provider.name, password }));

  // Opened from the "no class II provider" label (spec 01 §2): open the dialog, then drop the
  // parameter so closing it, or reloading, does not open it again.
  useEffect(() => {
    if (searchParams.get('action') !== 'create') return;
    setAdding(true);
    const next = new URLSearchParams(searchParams);
    next.delete('action');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  if (!session) return null;
  const columns = providerColumns({ t, language: i18n.language, pinActions: Boolean(screens.lg), actions: { ...actions, edit: setEditing, remove: setDeleting } });
  // Vendor roles alone restore deleted providers (docs/api.md), so only they see the tab.
  const mayRestore = PLATFORM_ROLES.includes(session.role);
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
      {t('providers.list.add')}
    </Button>
  );
  const emptyText = session.role === 'ONE_ROLE' && !query.keyWord ? t('providers.list.emptyClassTwo') : t('providers.list.empty');

  return (
    <Card title={t('providers.list.title')} extra={addButton}>
      {feedback.holder}
      {mayRestore && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key === 'deleted' ? 'deleted' : 'providers')}
          items={[
            { key: 'providers', label: t('providers.tab.providers') },
            { key: 'deleted', label: t('providers.tab.deleted') },
          ]}
        />
      )}
      {tab === 'deleted' && mayRestore ? (
        <DeletedProvidersTable feedback={feedback} />
      ) : (
        <>
          <Flex wrap gap={12} style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              enterButton
              aria-label={t('providers.list.searchLabel')}
              placeholder={t('providers.list.search')}
              style={{ width: 360, maxWidth: '100%' }}
              onSearch={(value) => filter({ keyWord: value.trim() || undefined })}
            />
          </Flex>
          <PagedTable<Provider>
            columns={columns}
            list={list}
            query={query}
            onPageChange={goToPage}
            minWidth={TABLE_MIN_WIDTH}
            emptyText={emptyText}
            totalText={(total) => t('providers.list.total', { total })}
          />
        </>
      )}
      <TypedNameConfirm
        name={deleting?.name ?? null}
        title={t('providers.confirm.deleteTitle', { name: deleting?.name ?? '' })}
        content={t('providers.confirm.deleteContent', { days: PROVIDER_RESTORE_DAYS })}
        inputLabel={t('providers.confirm.typeName', { name: deleting?.name ?? '' })}
        okText={t('providers.action.delete')}
        cancelText={t('providers.form.cancel')}
        onConfirm={() => (deleting ? actions.remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
      <AddProviderDialog open={adding} myRole={session.role} feedback={feedback} onClose={() => setAdding(false)} />
      <EditProviderDialog provider={editing} feedback={feedback} onClose={() => setEditing(null)} />
      <OneTimePasswordModal account={resetResult?.account ?? null} password={resetResult?.password ?? null} onClose={() => setResetResult(null)} />
    </Card>
  );
}
