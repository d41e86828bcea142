import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, type Language } from '@vigil/contracts';
import { Button, Dropdown, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../session/edition.ts';
import { changeLanguage, useLanguage } from '../i18n/index.ts';

/**
 * Picks the interface language among those the edition offers. `select` shows a
 * labelled field (login page); `icon` a compact menu button (top bar).
 */
export function LanguagePicker({ variant }: { variant: 'select' | 'icon' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { languages } = useEdition();
  const pick = (value: Language) => void changeLanguage(value);

  if (variant === 'select') {
    return (
      <>
        <label htmlFor="language-picker" className="visually-hidden">
          {t('shell.login.language')}
        </label>
        <Select<Language>
          id="language-picker"
          value={language}
          onChange={pick}
          options={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          style={{ minWidth: 150 }}
          prefix={<GlobalOutlined />}
        />
      </>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((value) => ({ key: value, label: LANGUAGE_NAMES[value] })),
        onClick: ({ key }) => {
          const chosen = languages.find((value) => value === key);
          if (chosen) pick(chosen);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.topbar.language')} title={t('shell.topbar.language')} />
    </Dropdown>
  );
}
