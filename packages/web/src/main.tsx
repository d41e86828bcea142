import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './app/shell.css';
import { App } from './app/App.tsx';
import { currentLanguage } from './i18n/language.ts';
import { loadUiLocale } from './i18n/ui-locales.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// antd's and dayjs's locale for a language other than English load first, so the
// first render already shows dates and pickers in the stored language.
void loadUiLocale(currentLanguage()).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
