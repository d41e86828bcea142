import { routeChain, routeTitleKey, SIDEBAR_WIDTH_PX } from '@vigil/contracts';
import { Drawer, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usePlatformName, usePlatformSetting } from '../../api/platform-queries.ts';
import { useBrandingSync, useDocumentTitle } from '../../branding/branding.ts';
import { AlarmCenter } from '../../features/alarms/AlarmCenter.tsx';
import { useLiveConnection } from '../../realtime/live-connection.ts';
import { canOpen, menuEntries } from '../routing/access.ts';
import { ScreenRendererContext, ScreenStackContext } from '../routing/screen-slot.tsx';
import { RouteScreen } from '../routing/screens.tsx';
import { useAccessContext } from '../routing/use-access.ts';
import { useSession } from '../../session/session-store.ts';
import { useKeptScroll } from './kept-scroll.ts';
import { ScreenStack } from './ScreenStack.tsx';
import { useSidebarOpen } from './sidebar-status.ts';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { TopBar } from './TopBar.tsx';
import { useLayoutSettings } from './layout-settings.ts';
import { MAIN_CONTENT_ID, PageTitle, SkipLink } from './PageTitle.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { useIsMobile } from './use-mobile.ts';

const COLLAPSED_WIDTH_PX = 64;

/** The signed-in console: sidebar (drawer below 992 px), top bar, tab bar and the page (spec 01 §2). */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const access = useAccessContext();
  const location = useLocation();
  const mobile = useIsMobile();
  const [sidebarOpen, setSidebarOpen] = useSidebarOpen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const layoutSettings = useLayoutSettings();
  const setting = usePlatformSetting(session?.userId ?? null).data;
  const publicName = usePlatformName().data?.platformName;
  const platformName = setting?.name || publicName || t('shell.app.defaultName');
  const leaf = routeChain(location.pathname).at(-1);
  useBrandingSync(setting?.name || publicName, setting?.logoUrl);
  const leafTitleKey = leaf && access ? routeTitleKey(leaf, access.isAbroad) : leaf?.titleKey;
  useDocumentTitle(leafTitleKey ? t(leafTitleKey, { defaultValue: leafTitleKey }) : '', platformName);
  const alarmsAllowed = access ? canOpen('/alarm-log', access) : false;
  useLiveConnection(alarmsAllowed);

  const mainColumn = useRef<HTMLElement>(null);
  useKeptScroll(mainColumn, location.pathname);

  // Mobile mode: the drawer closes whenever the route changes.
  useEffect(() => setDrawerOpen(false), [location.pathname, mobile]);

  if (!session || !access) return null;
  const menu = menuEntries(access);
  const sidebar = (collapsed: boolean) => (
    <Sidebar session={session} menu={menu} platformName={platformName} logoUrl={setting?.logoUrl} showLogo={layoutSettings.sidebarLogo} collapsed={collapsed} />
  );

  return (
    <Layout className="app-layout" hasSider={!mobile}>
      <SkipLink />
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={SIDEBAR_WIDTH_PX}
          closable={false}
          className="sidebar-drawer"
          styles={{ body: { padding: 0 } }}
          title={null}
        >
          {sidebar(false)}
        </Drawer>
      ) : (
        <Layout.Sider
          className="app-layout__sider"
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={COLLAPSED_WIDTH_PX}
          collapsed={!sidebarOpen}
          trigger={null}
          collapsible
        >
          {sidebar(!sidebarOpen)}
        </Layout.Sider>
      )}
      <Layout className="app-layout__main" ref={mainColumn}>
        <Layout.Header className={layoutSettings.fixedHeader ? 'app-layout__header app-layout__header--fixed' : 'app-layout__header'}>
          <TopBar
            session={session}
            access={access}
            mobile={mobile}
            sidebarOpen={mobile ? drawerOpen : sidebarOpen}
            onToggleSidebar={() => (mobile ? setDrawerOpen(!drawerOpen) : setSidebarOpen(!sidebarOpen))}
          />
        </Layout.Header>
        {layoutSettings.tagsView ? <TagsView userId={session.userId} landingPath={session.landingPath} access={access} /> : null}
        <Layout.Content className="app-layout__content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <PageTitle />
          <ScreenRendererContext.Provider value={RouteScreen}>
            <ScreenStackContext.Provider value={ScreenStack}>
              <Outlet />
            </ScreenStackContext.Provider>
          </ScreenRendererContext.Provider>
        </Layout.Content>
        <SettingsPanel />
        {alarmsAllowed ? <AlarmCenter /> : null}
      </Layout>
    </Layout>
  );
}

// The screens are imported from here, the shell's chunk (see screen-slot.tsx); preloadRoute reaches them through it.
export { preloadScreen } from '../routing/screens.tsx';
