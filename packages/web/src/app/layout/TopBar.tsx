import { BarChartOutlined, HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { PLATFORM_ROLES } from '@vigil/contracts';
import { Button, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { AlarmBell } from '../../features/alarms/AlarmBell.tsx';
import { LiveStatus } from '../../features/alarms/LiveStatus.tsx';
import { SoundPauseButton } from '../../features/alarms/SoundControls.tsx';
import { canOpen, type AccessContext } from '../routing/access.ts';
import type { SessionState } from '../../session/session-store.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Clock } from './Clock.tsx';
import { DownloadGuideDialog } from './DownloadGuideDialog.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface TopBarProps {
  session: SessionState;
  access: AccessContext;
  mobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** The top bar (spec 01 §2): the alarm bell, sound pause and live-connection state where the alarm log is allowed. */
export function TopBar({ session, access, mobile, sidebarOpen, onToggleSidebar }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [guideOpen, setGuideOpen] = useState(false);
  const showStatistics = canOpen('/statistics', access) && !PLATFORM_ROLES.includes(session.role);
  const showHome = pathname === '/statistics' && session.role !== 'GOVERNMENT';
  const showAlarms = canOpen('/alarm-log', access);

  const iconButton = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button type="text" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );

  return (
    <div className="top-bar">
      <Button
        type="text"
        className="top-bar__toggle"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={t('shell.topbar.toggleSidebar')}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      />
      <Breadcrumbs compact={mobile} />
      <div className="top-bar__spacer" />
      <div className="top-bar__actions">
        {mobile ? null : (
          <span className="top-bar__user" data-testid="current-user">
            {session.nickName || session.userName}
          </span>
        )}
        {/* On a phone the screen's name needs the room (issue 25 item 14): no fullscreen toggle there, and statistics stays in the menu. */}
        {mobile ? null : <FullscreenButton />}
        {showStatistics && !mobile ? iconButton(t('shell.topbar.statistics'), <BarChartOutlined />, () => navigate('/statistics')) : null}
        <LanguageMenu />
        {showHome ? iconButton(t('shell.topbar.home'), <HomeOutlined />, () => navigate('/')) : null}
        {showAlarms ? <LiveStatus compact={mobile} /> : null}
        {showAlarms ? <SoundPauseButton /> : null}
        {showAlarms ? <AlarmBell /> : null}
        {iconButton(t('shell.topbar.downloadGuide'), <QuestionCircleOutlined />, () => setGuideOpen(true))}
        {mobile ? null : <Clock />}
        <UserMenu session={session} compact />
      </div>
      <DownloadGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} />
    </div>
  );
}
