import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlatformLogo } from '../../components/PlatformLogo.tsx';
import type { MenuEntry } from '../routing/access.ts';
import type { SessionState } from '../../session/session-store.ts';
import { ProviderSwitcher } from './ProviderSwitcher.tsx';
import { SideMenu } from './SideMenu.tsx';
import { VersionLabel } from './VersionLabel.tsx';

export interface SidebarProps {
  session: SessionState;
  menu: readonly MenuEntry[];
  platformName: string;
  logoUrl?: string;
  /** The sidebarLogo interface setting. */
  showLogo: boolean;
  collapsed: boolean;
}

/** Logo and platform name, provider switcher, menu and version label (spec 01 §2). */
export function Sidebar({ session, menu, platformName, logoUrl, showLogo, collapsed }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <div className={collapsed ? 'sidebar sidebar--collapsed' : 'sidebar'}>
      <Link to="/" className="sidebar__brand" title={platformName}>
        {showLogo || collapsed ? <PlatformLogo url={logoUrl} size={32} alt="" /> : null}
        {collapsed ? null : <span className="sidebar__name">{platformName}</span>}
      </Link>
      {collapsed ? null : <ProviderSwitcher session={session} />}
      <nav className="sidebar__nav" aria-label={t('shell.sidebar.navigation')}>
        <SideMenu entries={menu} collapsed={collapsed} />
      </nav>
      {collapsed ? null : <VersionLabel />}
    </div>
  );
}
