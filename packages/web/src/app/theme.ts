import type { ThemeConfig } from 'antd';

/** Vigil's colours: a calm teal on soft grey, a deep navy sidebar. */
export const BRAND = {
  primary: '#0f7b8a',
  sidebar: '#0f2438',
  sidebarActive: '#16384f',
  page: '#f2f5f8',
} as const;

/** The antd theme of the console. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorBgLayout: BRAND.page,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Malgun Gothic', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Layout: { siderBg: BRAND.sidebar, headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px' },
    Menu: {
      darkItemBg: BRAND.sidebar,
      darkSubMenuItemBg: '#0b1c2c',
      darkItemSelectedBg: BRAND.primary,
      itemBorderRadius: 6,
    },
  },
};
