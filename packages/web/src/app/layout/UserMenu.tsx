import { DownOutlined, EditOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { logout } from '@vigil/contracts';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { lazyDialog } from '../../features/shared/lazyDialog.tsx';
import { clearSession, type SessionState } from '../../session/session-store.ts';
import { changeLayoutSetting } from './layout-settings.ts';

// Both validate with contract schemas (zod): they load when first opened, so the shell carries no zod.
const ChangePasswordDialog = lazyDialog(() => import('../../features/password/ChangePasswordDialog.tsx').then((m) => m.ChangePasswordDialog));
const RenamePlatformDialog = lazyDialog(() => import('../../features/platform/RenamePlatformDialog.tsx').then((m) => m.RenamePlatformDialog));

/** The user menu: rename platform (SENIOR_ROLE only), change password, interface settings, sign out. */
export function UserMenu({ session, compact }: { session: SessionState; compact: boolean }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'rename' | 'password' | null>(null);

  const signOut = async () => {
    try {
      await callApi(logout, {}, { sessionCheck: false });
    } catch {
      // The token is forgotten here either way.
    }
    clearSession();
    // A fresh page load drops every cached answer and open tab of this user.
    window.location.assign('/login');
  };

  const items: MenuProps['items'] = [
    ...(session.role === 'SENIOR_ROLE' ? [{ key: 'rename', icon: <EditOutlined />, label: t('shell.topbar.renamePlatform') }] : []),
    { key: 'password', icon: <KeyOutlined />, label: t('shell.topbar.changePassword') },
    { key: 'settings', icon: <SettingOutlined />, label: t('app.settings.open') },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined />, label: t('shell.topbar.signOut'), danger: true },
  ];
  const displayName = session.nickName || session.userName;

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'signOut') void signOut();
            else if (key === 'settings') changeLayoutSetting('showSettings', true);
            else if (key === 'rename' || key === 'password') setDialog(key);
          },
        }}
      >
        <Button type="text" className="user-menu" aria-label={t('shell.topbar.userMenu')}>
          <Avatar size="small" icon={<UserOutlined />} className="user-menu__avatar" />
          {compact ? null : <span className="user-menu__name">{displayName}</span>}
          <DownOutlined className="user-menu__caret" />
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      {session.role === 'SENIOR_ROLE' ? <RenamePlatformDialog open={dialog === 'rename'} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
