import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { querySystemConfig } from '@vigil/contracts';
import { callApi } from './api.ts';
import { applyEdition, initLanguage } from './i18n.ts';
import { takeAlarmFromUrl } from './push.ts';
import './styles.css';

if ('serviceWorker' in navigator) {
  // Installable and opens offline to the "no connection" page (public/sw.js).
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch((error: unknown) => console.warn('[app] service worker not registered', error));
  });
}

// A tapped alarm notification opened the app at /app/?alarm=<id>.
takeAlarmFromUrl();

void initLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(<App />);
  // The platform's edition decides the languages offered (spec 01 §1); offline, the last one answered holds.
  callApi(querySystemConfig, {}).then((config) => applyEdition(config.edition)).catch(() => undefined);
});
