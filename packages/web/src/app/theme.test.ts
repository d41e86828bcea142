import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { theme as antdTheme } from 'antd';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';
import { BRAND, readableTagShades, TEXT, theme } from './theme.ts';

describe('contrastRatio', () => {
  test('matches the WCAG figures for known pairs', () => {
    assert.equal(contrastRatio('#000000', '#ffffff').toFixed(1), '21.0');
    assert.equal(contrastRatio('#8c8c8c', '#ffffff').toFixed(2), '3.36');
    assert.equal(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff').toFixed(1), '3.4', 'antd\'s 45 % black is about #8c8c8c on white');
    assert.equal(contrastRatio('#ffffff', '#ffffff'), 1);
  });

  test('refuses colours it cannot read rather than guessing', () => {
    assert.throws(() => contrastRatio('teal', '#ffffff'), /cannot read colour teal/);
  });
});

describe('the console theme', () => {
  const computed = antdTheme.getDesignToken(theme);

  for (const background of ['#ffffff', BRAND.page, '#fafafa']) {
    test(`every text colour reaches AA on ${background}`, () => {
      for (const name of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorSuccessText', 'colorWarningText', 'colorErrorText', 'colorError', 'colorLink'] as const) {
        const ratio = contrastRatio(computed[name], background);
        assert.ok(ratio >= AA_TEXT_CONTRAST, `${name} ${computed[name]} on ${background}: ${ratio.toFixed(2)}:1`);
      }
    });
  }

  test('white text on the primary and error colours (buttons), hovered and pressed too, reaches AA', () => {
    for (const name of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'] as const) {
      assert.ok(contrastRatio('#ffffff', computed[name]) >= AA_TEXT_CONTRAST, `${name} ${computed[name]}`);
    }
    assert.ok(contrastRatio('#ffffff', computed.colorError) >= AA_TEXT_CONTRAST);
  });

  test('a hovered or pressed danger text button stays readable on the error tint, and white on it too', () => {
    for (const name of ['colorErrorHover', 'colorErrorActive'] as const) {
      for (const background of ['#ffffff', computed.colorErrorBg, computed.colorErrorBgHover]) {
        const ratio = contrastRatio(computed[name], background);
        assert.ok(ratio >= AA_TEXT_CONTRAST, `${name} ${computed[name]} on ${background}: ${ratio.toFixed(2)}:1`);
      }
    }
  });

  test('status tags write readable text on their tint', () => {
    const pairs: [string, string][] = [
      [TEXT.success, computed.colorSuccessBg],
      [TEXT.warning, computed.colorWarningBg],
      [TEXT.error, computed.colorErrorBg],
      [TEXT.info, computed.colorInfoBg],
    ];
    for (const [text, background] of pairs) {
      assert.ok(contrastRatio(text, background) >= AA_TEXT_CONTRAST, `${text} on ${background}`);
    }
  });

  test('preset tag colours (green "Admitted", cyan, orange …) get a shade that reaches AA on their tint', () => {
    const palette = antdTheme.getDesignToken();
    assert.ok(contrastRatio(palette.green7, palette.green1) < AA_TEXT_CONTRAST, 'antd\'s own green tag is below AA');
    const shades = readableTagShades(palette);
    for (const color of ['green', 'cyan', 'orange', 'gold', 'lime', 'blue', 'red', 'volcano', 'magenta', 'purple', 'geekblue'] as const) {
      const text = shades[`${color}7`];
      assert.ok(text, `${color} has a readable shade`);
      assert.ok(contrastRatio(text, palette[`${color}1`]) >= AA_TEXT_CONTRAST, `${color}: ${text}`);
    }
  });
});
