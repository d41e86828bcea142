import { theme as antdTheme, type ThemeConfig } from 'antd';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';

/** Vigil's colours: a calm teal on soft grey, a deep navy sidebar. */
export const BRAND = {
  primary: '#0f7b8a',
  primaryHover: '#0b6874',
  primaryActive: '#08545e',
  sidebar: '#0f2438',
  sidebarActive: '#16384f',
  page: '#f2f5f8',
} as const;

/**
 * Text colours that keep WCAG AA (4.5:1) on white and on the page grey, so grey
 * help text, table captions and placeholders stay readable on a dim night-shift screen.
 * antd's defaults (45 % and 25 % black) fall to 3.4:1 and 1.8:1.
 */
export const TEXT = {
  secondary: 'rgba(0, 0, 0, 0.65)',
  /** Descriptions, table captions, Typography type="secondary", empty states. */
  description: 'rgba(0, 0, 0, 0.62)',
  placeholder: 'rgba(0, 0, 0, 0.56)',
  success: '#2b7a0b',
  warning: '#9e5200',
  error: '#c41d1f',
  info: '#07505a',
} as const;

/** antd's preset tag colours (Tag color="green" and so on). */
const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'] as const;
const TEXT_SHADES = [7, 8, 9, 10] as const;

/** antd's resolved design tokens, palettes included. */
type AliasToken = ReturnType<typeof antdTheme.getDesignToken>;

/**
 * A preset tag writes shade 7 on shade 1, under 4.5:1 for green, cyan, orange, gold and
 * others; each tag text takes the first shade from 7 up that reaches AA on its background.
 */
export function readableTagShades(palette: AliasToken): Record<string, string> {
  const shades: Record<string, string> = {};
  for (const color of PRESET_COLORS) {
    const background = palette[`${color}1`];
    for (const shade of TEXT_SHADES) {
      const text = palette[`${color}${shade}`];
      if (contrastRatio(text, background) >= AA_TEXT_CONTRAST) {
        shades[`${color}7`] = text;
        break;
      }
    }
  }
  return shades;
}

const token: ThemeConfig['token'] = {
  colorPrimary: BRAND.primary,
  // Hover and press darken rather than lighten, so white button text keeps AA under the pointer.
  colorPrimaryHover: BRAND.primaryHover,
  colorPrimaryActive: BRAND.primaryActive,
  colorInfo: BRAND.primary,
  colorBgLayout: BRAND.page,
  colorTextSecondary: TEXT.secondary,
  colorTextTertiary: TEXT.description,
  colorTextDescription: TEXT.description,
  colorTextPlaceholder: TEXT.placeholder,
  // antd greys disabled text to 25% black; a read-only value (a provider's time zone) must stay readable.
  colorTextDisabled: TEXT.placeholder,
  colorSuccessText: TEXT.success,
  colorWarningText: TEXT.warning,
  colorErrorText: TEXT.error,
  // Form messages and danger buttons use the error colour itself, as text and under white text.
  colorError: TEXT.error,
  // A hovered or pressed danger text button ("Delete" in a table) writes these on the error tint:
  // darker, not antd's lighter hover red (4.2:1 under the pointer, an axe finding).
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  borderRadius: 8,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans', 'Malgun Gothic', 'Microsoft YaHei', sans-serif",
};

/** The antd theme of the console. */
export const theme: ThemeConfig = {
  token,
  components: {
    Layout: { siderBg: BRAND.sidebar, headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px' },
    Menu: {
      darkItemBg: BRAND.sidebar,
      darkSubMenuItemBg: '#0b1c2c',
      darkItemSelectedBg: BRAND.primary,
      itemBorderRadius: 6,
    },
    // Status tags write their colour as text on its pale tint: the text takes the darker tone.
    Tag: {
      colorSuccess: TEXT.success,
      colorWarning: TEXT.warning,
      colorError: TEXT.error,
      colorInfo: TEXT.info,
      ...readableTagShades(antdTheme.getDesignToken({ token })),
    },
  },
};
