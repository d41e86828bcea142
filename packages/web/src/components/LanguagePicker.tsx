import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, type Language } from '@vigil/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../session/edition.ts';
import { changeLanguage, useLanguage } from '../i18n/index.ts';

/**
 * Picks the interface language among those the edition offers, as a labelled field
 * (login page). The top bar's compact menu is LanguageMenu, a module of its own so the
 * login page does not load antd's Dropdown and Menu.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { languages } = useEdition();
  return (
    <>
      <label htmlFor="language-picker" className="visually-hidden">
        {t('shell.login.language')}
      </label>
      <Select<Language>
        id="language-picker"
        value={language}
        onChange={(value) => void changeLanguage(value)}
        options={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        style={{ minWidth: 150 }}
        prefix={<GlobalOutlined />}
      />
    </>
  );
}
