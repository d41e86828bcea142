import { routeChain, routeTitleKey } from '@vigil/contracts';
import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { canOpen, type AccessContext } from '../routing/access.ts';
import { forgetScreens } from './kept-screens.ts';
import { claimViews, closeAllViews, closeOtherViews, closeView, useVisitedViews, visitView, type VisitedView } from './visited-views.ts';

/** The title key of a leaf console path; null for parents (they redirect) and unknown paths. */
function leafTitleKey(path: string, isAbroad: boolean): string | null | undefined {
  const chain = routeChain(path);
  const leaf = chain[chain.length - 1];
  if (!leaf || leaf.children) return undefined;
  return routeTitleKey(leaf, isAbroad) || null;
}

/** The tab bar of visited pages with its right-click menu (spec 01 §2). */
export function TagsView({ userId, landingPath, access }: { userId: number; landingPath: string; access: AccessContext }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const views = useVisitedViews();
  const active = location.pathname;
  const activeTag = useRef<HTMLLIElement>(null);
  // The strip scrolls sideways when the tabs outgrow it; the current page stays in view.
  useEffect(() => {
    const tag = activeTag.current;
    const strip = tag?.parentElement;
    if (!tag || !strip) return;
    if (tag.offsetLeft < strip.scrollLeft) strip.scrollLeft = tag.offsetLeft;
    else if (tag.offsetLeft + tag.offsetWidth > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = tag.offsetLeft + tag.offsetWidth - strip.clientWidth;
  }, [active, views.length]);

  useEffect(() => claimViews(userId), [userId]);
  const landingOpen = canOpen(landingPath, access);
  useEffect(() => {
    const titleKey = leafTitleKey(landingPath, access.isAbroad);
    if (landingOpen && titleKey !== undefined) visitView({ path: landingPath, fullPath: landingPath, titleKey, affix: true });
  }, [landingPath, landingOpen, userId, access.isAbroad]);
  const pathOpen = canOpen(location.pathname, access);
  useEffect(() => {
    const titleKey = leafTitleKey(location.pathname, access.isAbroad);
    if (pathOpen && titleKey !== undefined) {
      visitView({ path: location.pathname, fullPath: location.pathname + location.search, titleKey, affix: false });
    }
  }, [location.pathname, location.search, pathOpen, userId, access.isAbroad]);

  const goToLast = (remaining: readonly VisitedView[]) => navigate(remaining[remaining.length - 1]?.fullPath ?? '/');
  const actions = {
    // The kept screen goes, so the page passes through /redirect and opens fresh.
    refresh: (view: VisitedView) => {
      forgetScreens([view.path]);
      navigate(`/redirect${view.fullPath}`);
    },
    close: (view: VisitedView) => {
      if (view.affix) return;
      closeView(view.path);
      if (view.path === active) goToLast(views.filter((item) => item.path !== view.path));
    },
    closeOthers: (view: VisitedView) => {
      closeOtherViews(view.path);
      if (view.path !== active) navigate(view.fullPath);
    },
    closeAll: () => {
      closeAllViews();
      const affix = views.filter((item) => item.affix);
      if (!affix.some((item) => item.path === active)) goToLast(affix);
    },
  };

  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('shell.tags.refresh') },
      { key: 'close', label: t('shell.tags.close'), disabled: view.affix },
      { key: 'closeOthers', label: t('shell.tags.closeOthers') },
      { key: 'closeAll', label: t('shell.tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') actions.refresh(view);
      else if (key === 'close') actions.close(view);
      else if (key === 'closeOthers') actions.closeOthers(view);
      else actions.closeAll();
    },
  });

  return (
    <nav className="tags-view" aria-label={t('shell.tags.label')}>
      {/* Links in a list, not an ARIA tablist: each tab opens a page, there are no tab panels. */}
      <ul className="tags-view__list">
        {views.map((view) => {
          const title = view.titleKey ? t(view.titleKey, { defaultValue: view.titleKey }) : t('shell.tags.noName');
          const current = view.path === active;
          return (
            <li key={view.path} className={current ? 'tags-view__tag tags-view__tag--active' : 'tags-view__tag'} ref={current ? activeTag : undefined}>
              <Dropdown trigger={['contextMenu']} menu={menuFor(view)}>
                <Link to={view.fullPath} className="tags-view__label" aria-current={current ? 'page' : undefined} data-testid="tags-view-tab">
                  {title}
                </Link>
              </Dropdown>
              {view.affix ? null : (
                <button type="button" className="tags-view__close" aria-label={t('app.tags.close', { title })} onClick={() => actions.close(view)}>
                  <CloseOutlined />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
