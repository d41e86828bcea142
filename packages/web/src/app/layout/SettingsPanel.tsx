import { Drawer, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLayoutSetting, useLayoutSettings, type LayoutSettings } from './layout-settings.ts';

/** The interface settings drawer (spec 01 §3): tab bar, fixed top bar, sidebar logo. */
export function SettingsPanel() {
  const { t } = useTranslation();
  const settings = useLayoutSettings();
  const row = (key: Exclude<keyof LayoutSettings, 'showSettings'>, label: string) => (
    <Flex justify="space-between" align="center" gap={12}>
      <label htmlFor={`layout-setting-${key}`}>{label}</label>
      <Switch id={`layout-setting-${key}`} checked={settings[key]} onChange={(value) => changeLayoutSetting(key, value)} />
    </Flex>
  );
  return (
    <Drawer title={t('app.settings.title')} open={settings.showSettings} onClose={() => changeLayoutSetting('showSettings', false)} width={320}>
      <Flex vertical gap={20}>
        {row('tagsView', t('app.settings.tagsView'))}
        {row('fixedHeader', t('app.settings.fixedHeader'))}
        {row('sidebarLogo', t('app.settings.sidebarLogo'))}
        <Typography.Text type="secondary">{t('app.settings.hint')}</Typography.Text>
      </Flex>
    </Drawer>
  );
}
