import type { Language } from '@vigil/contracts';
import { currentLanguage, LANGUAGE_NAMES, offeredLanguages, setLanguage, useT } from './i18n.ts';

export function LanguagePicker() {
  const t = useT();
  return (
    <label className="language">
      <span className="visually-hidden">{t('app.language')}</span>
      <select aria-label={t('app.language')} value={currentLanguage()} onChange={(event) => void setLanguage(event.target.value as Language)}>
        {offeredLanguages().map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
