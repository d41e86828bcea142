import { routeChain, routeTitleKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useEdition } from '../../session/edition.ts';

/** The id of the main content region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page's one h1: the route's title, for screen readers and heading navigation.
 * Sighted users read the same title in the breadcrumb and the active tab, so it is not
 * drawn twice. Every screen under the layout gets it without a line of its own.
 */
export function PageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isAbroad } = useEdition();
  const leaf = routeChain(pathname).at(-1);
  if (!leaf) return null;
  const titleKey = routeTitleKey(leaf, isAbroad);
  return <h1 className="visually-hidden">{t(titleKey, { defaultValue: titleKey })}</h1>;
}

/** "Skip to main content": the first thing a keyboard user reaches, shown when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Moves focus without a hash in the URL, which the router would treat as a navigation.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('app.skipToContent')}
    </a>
  );
}
