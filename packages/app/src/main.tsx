import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initLanguage } from './i18n.ts';
import './styles.css';

if ('serviceWorker' in navigator) {
  // Installable and opens offline to the "no connection" page (public/sw.js).
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch((error: unknown) => console.warn('[app] service worker not registered', error));
  });
}

void initLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
