import { routeChain, routeTitleKey } from '@vigil/contracts';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEdition } from '../../session/edition.ts';

/** Where the user is, from the route titles; parents link to their first child. Compact shows the page only. */
export function Breadcrumbs({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isAbroad } = useEdition();
  const chain = routeChain(pathname);
  const title = (route: (typeof chain)[number]) => t(routeTitleKey(route, isAbroad), { defaultValue: routeTitleKey(route, isAbroad) });
  return (
    <nav aria-label={t('shell.topbar.breadcrumb')} className={compact ? 'top-bar__breadcrumb top-bar__breadcrumb--compact' : 'top-bar__breadcrumb'}>
      <Breadcrumb
        items={chain.map((route, index) => ({
          key: route.path,
          title: index < chain.length - 1 ? <Link to={route.path}>{title(route)}</Link> : title(route),
        }))}
      />
    </nav>
  );
}
