import { routeChain } from '@vigil/contracts';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RouteIcon } from '../../components/RouteIcon.tsx';
import type { MenuEntry } from '../routing/access.ts';

type MenuItems = NonNullable<MenuProps['items']>;

/** The sidebar menu of the routes the user may open. */
export function SideMenu({ entries, collapsed }: { entries: readonly MenuEntry[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const chain = routeChain(location.pathname).map((route) => route.path);
  const activeParent = chain.length > 1 ? chain[0] : null;
  const [openKeys, setOpenKeys] = useState<string[]>(activeParent ? [activeParent] : []);
  useEffect(() => {
    if (activeParent) setOpenKeys((keys) => (keys.includes(activeParent) ? keys : [...keys, activeParent]));
  }, [activeParent]);

  const toItems = (list: readonly MenuEntry[], topLevel: boolean): MenuItems =>
    list.map((entry) => ({
      key: entry.path,
      icon: topLevel ? <RouteIcon name={entry.icon} /> : undefined,
      label: t(entry.titleKey, { defaultValue: entry.titleKey }),
      children: entry.children ? toItems(entry.children, false) : undefined,
    }));

  return (
    <Menu
      className="side-menu"
      theme="dark"
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={chain}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      items={toItems(entries, true)}
      onClick={({ key }) => navigate(key)}
    />
  );
}
