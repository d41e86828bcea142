import './zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, loadRegisteredNamespaces } from './i18n/index.ts';
import { SHELL_NS } from './i18n/shell.ts';
import { SHARED_NS } from './features/shared/i18n.ts';
// antd's styles, made at build time (build-tools/antd-styles): first, so the console's own CSS wins ties.
import 'virtual:antd-styles.css';
import './app/shell.css';
import { App } from './app/App.tsx';
import { preloadRoute } from './app/routing/route-table.tsx';
import { currentLanguage } from './i18n/language.ts';
import { loadUiLocale } from './i18n/ui-locales.ts';
import { prefetchPlatformQueries } from './api/platform-queries.ts';
import { queryClient } from './app/query-client.ts';
import { readSession, readToken } from './session/session-store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// The shell's and the shared strings come first (each screen loads its own namespace),
// with antd's and dayjs's locale, so the first render already speaks the stored language,
// and with the code of the pages the address opens (the shell, /404 …), so it renders at once.
// Without a session the console sends every signed-in address to /login: load that page's code,
// not the shell's. The screen's code loads beside the shell's; once it is in, the strings of
// every namespace it registered load all at once, while the shell renders, rather than one
// after another as each part of the screen asks for its own.
const signedIn = Boolean(readToken());
const opening = signedIn ? window.location.pathname : '/login';
// The platform's name, logo, edition and version, which the first page shows, are on their way too.
prefetchPlatformQueries(queryClient, signedIn ? (readSession()?.userId ?? null) : null);
const strings = initI18n([SHELL_NS, SHARED_NS]);
const code = preloadRoute(opening);
void Promise.all([strings, code.screen]).then(loadRegisteredNamespaces);
// The first render is a transition: React renders the shell in slices and lets the browser in
// between (network callbacks, a click) instead of holding the main thread for the whole tree.
void Promise.all([strings, loadUiLocale(currentLanguage()), code.pages]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
