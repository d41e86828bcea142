import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAREGIVERS_NS } from './i18n.ts';

/** The logins an import created, with their one-time passwords (shown this once). */
export function ImportedAccounts({ accounts }: { accounts: ReadonlyArray<{ userName: string; password: string }> }) {
  const { t } = useTranslation(CAREGIVERS_NS);
  if (accounts.length === 0) return null;
  return (
    <div style={{ textAlign: 'left' }}>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('caregivers.import.passwordsOnce')} />
      <Table
        size="small"
        rowKey="userName"
        dataSource={[...accounts]}
        pagination={accounts.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
        columns={[
          { title: t('caregivers.import.login'), dataIndex: 'userName', key: 'userName' },
          {
            title: t('caregivers.import.password'),
            dataIndex: 'password',
            key: 'password',
            render: (password: string) => (
              <Typography.Text code copyable={{ text: password, tooltips: [t('caregivers.import.copy'), t('caregivers.import.copied')] }}>
                {password}
              </Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
