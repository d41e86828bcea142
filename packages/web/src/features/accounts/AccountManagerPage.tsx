import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREATABLE_ROLES, GOVERNMENT_ASSIGNER_ROLES, type Account, type Role } from '@vigil/contracts';
import { useSession } from '../../session/session-store.ts';
import { OneTimePasswordModal } from '../password/OneTimePasswordModal.tsx';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { accountColumns } from './accountColumns.tsx';
import { useAccountList, type AccountListQuery } from './accountsApi.ts';
import { ROLE_LABEL_KEYS } from './roleLabels.ts';
import { useAccountActions } from './useAccountActions.ts';
import { ACCOUNTS_NS } from './i18n.ts';

// The add, edit and provider-assignment forms load when first opened.
const AddAccountDialog = lazyDialog(() => import('./AddAccountDialog.tsx').then((m) => m.AddAccountDialog));
const EditAccountDialog = lazyDialog(() => import('./EditAccountDialog.tsx').then((m) => m.EditAccountDialog), (props) => props.account !== null);
const GovernmentProvidersDialog = lazyDialog(() => import('./GovernmentProvidersDialog.tsx').then((m) => m.GovernmentProvidersDialog), (props) => props.account !== null);

/** Narrower than this the table scrolls sideways (phones) instead of squeezing its columns. */
const TABLE_MIN_WIDTH = 1040;

/** Permission management > Account management: the caller's accounts, with add, edit and row actions. */
export function AccountManagerPage() {
  const { t, i18n } = useTranslation(ACCOUNTS_NS);
  const session = useSession();
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const { query, filter, goToPage } = usePagedQuery<AccountListQuery>({ pageNum: 1, pageSize: 10 });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [assigning, setAssigning] = useState<Account | null>(null);
  const [resetResult, setResetResult] = useState<{ account: string; password: string } | null>(null);
  const list = useAccountList(query);
  const actions = useAccountActions(feedback, (account, password) => setResetResult({ account: account.userName, password }));

  if (!session) return null;
  const roles: readonly Role[] = CREATABLE_ROLES[session.role] ?? [];
  const assigns = (GOVERNMENT_ASSIGNER_ROLES as readonly Role[]).includes(session.role);
  const columns = accountColumns({
    t,
    language: i18n.language,
    selfUserName: session.userName,
    pinActions: Boolean(screens.lg),
    showProvider: session.role !== 'TWO_ROLE',
    showDataPermission: roles.includes('SUB_ROLE'),
    actions: { ...actions, edit: setEditing, statisticsProviders: assigns ? setAssigning : undefined },
  });

  return (
    <Card
      title={t('accounts.list.title')}
      extra={
        roles.length > 0 && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('accounts.list.add')}
          </Button>
        )
      }
    >
      {feedback.holder}
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton
          aria-label={t('accounts.list.searchLabel')}
          placeholder={t('accounts.list.search')}
          style={{ width: 320, maxWidth: '100%' }}
          onSearch={(value) => filter({ keyWord: value.trim() || undefined })}
        />
        <Select<Role>
          allowClear
          aria-label={t('accounts.list.roleFilter')}
          placeholder={t('accounts.list.allRoles')}
          style={{ width: 220, maxWidth: '100%' }}
          options={roles.map((value) => ({ value, label: t(ROLE_LABEL_KEYS[value]) }))}
          onChange={(role) => filter({ role })}
        />
      </Flex>
      <PagedTable<Account>
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={TABLE_MIN_WIDTH}
        emptyText={t('accounts.list.empty')}
        totalText={(total) => t('accounts.list.total', { total })}
      />
      <AddAccountDialog open={adding} myRole={session.role} feedback={feedback} onClose={() => setAdding(false)} />
      <EditAccountDialog account={editing} feedback={feedback} onClose={() => setEditing(null)} />
      <GovernmentProvidersDialog account={assigning} feedback={feedback} onClose={() => setAssigning(null)} />
      <OneTimePasswordModal account={resetResult?.account ?? null} password={resetResult?.password ?? null} onClose={() => setResetResult(null)} />
    </Card>
  );
}
