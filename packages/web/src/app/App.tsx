import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useRef } from 'react';
import { BrowserRouter } from 'react-router';
import { useLanguage } from '../i18n/index.ts';
import { antdLocale } from '../i18n/ui-locales.ts';
import { queryClient } from './query-client.ts';
import { ConsoleRoutes } from './routing/route-table.tsx';
import { theme } from './theme.ts';

/** antd in the current language; server-side texts are refetched when it changes. */
function LocalizedApp() {
  const language = useLanguage();
  const shownLanguage = useRef(language);
  useEffect(() => {
    document.documentElement.lang = language;
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void queryClient.invalidateQueries();
  }, [language]);
  // No space between two Chinese characters in buttons (antd's default wrote "处 理"): issue 25 item 18.
  return (
    <ConfigProvider locale={antdLocale(language)} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <BrowserRouter>
          <ConsoleRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}

/** The whole console. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LocalizedApp />
    </QueryClientProvider>
  );
}
