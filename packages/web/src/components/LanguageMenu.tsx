import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES } from '@vigil/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../session/edition.ts';
import { changeLanguage, useLanguage } from '../i18n/index.ts';

/** Picks the interface language among those the edition offers, as a compact menu button (top bar). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { languages } = useEdition();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((value) => ({ key: value, label: LANGUAGE_NAMES[value] })),
        onClick: ({ key }) => {
          const chosen = languages.find((value) => value === key);
          if (chosen) void changeLanguage(chosen);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.topbar.language')} title={t('shell.topbar.language')} />
    </Dropdown>
  );
}
