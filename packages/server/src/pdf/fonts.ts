import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '@vigil/contracts';

/**
 * Fonts of the PDF files (docs/pdf.md). Latin-script languages use Source Sans 3 (npm
 * `source-sans`, Adobe, OFL: Latin with Czech, German and Italian letters). Chinese,
 * Korean and Japanese use Noto Sans CJK from Debian's `fonts-noto-cjk` (one .ttc holding
 * the SC, KR and JP faces), at VIGIL_PDF_CJK_FONT or its Debian path.
 */
export const DEFAULT_CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Where the font files are, as the worker receives them (paths, so nothing large is copied between threads). */
export interface PdfFontPaths {
  latinRegular: string;
  latinBold: string;
  cjkRegular: string;
  /** The bold collection beside the regular one, or the regular one when there is none. */
  cjkBold: string;
}

/** The font files on this machine: VIGIL_PDF_CJK_FONT overrides the CJK collection's path. */
export function pdfFontPaths(env: NodeJS.ProcessEnv = process.env): PdfFontPaths {
  const sourceSans = path.dirname(createRequire(import.meta.url).resolve('source-sans/package.json'));
  const cjkRegular = env.VIGIL_PDF_CJK_FONT || DEFAULT_CJK_FONT;
  const boldSibling = cjkRegular.replace(/Regular(\.tt[cf]|\.otf)$/, 'Bold$1');
  return {
    latinRegular: path.join(sourceSans, 'TTF/SourceSans3-Regular.ttf'),
    latinBold: path.join(sourceSans, 'TTF/SourceSans3-Bold.ttf'),
    cjkRegular,
    cjkBold: boldSibling !== cjkRegular && fs.existsSync(boldSibling) ? boldSibling : cjkRegular,
  };
}

/** The face of the CJK collection that draws a language's own glyph forms. */
export function cjkFaceOf(language: Language, weight: 'Regular' | 'Bold'): string {
  const region = language === 'ko' ? 'kr' : language === 'ja' ? 'jp' : 'sc';
  return `NotoSansCJK${region}-${weight}`;
}

/** Languages written in Chinese characters, Hangul or kana: their text is set in the CJK font. */
export function usesCjkFont(language: Language): boolean {
  return language === 'zh-cn' || language === 'ko' || language === 'ja';
}

/** The font files a language needs that are missing (empty when the PDF can be made). */
export function missingFonts(paths: PdfFontPaths, language: Language): string[] {
  const needed = usesCjkFont(language) ? [paths.cjkRegular, paths.latinRegular] : [paths.latinRegular];
  return needed.filter((file) => !fs.existsSync(file));
}

// Han, kana, Hangul, CJK punctuation and full-width forms.
const CJK_TEXT = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
// Latin letters beyond Latin-1 (Czech ř, ů, ě …), which the CJK fonts lack.
const EXTENDED_LATIN = /[\u0100-\u024f]/;

/**
 * The text cut into runs each set in one font: the language's font, except letters it
 * lacks (a Chinese name in an English report, a Czech name in a Chinese one).
 */
export function scriptRuns(text: string, language: Language): { script: 'latin' | 'cjk'; text: string }[] {
  const home = usesCjkFont(language) ? 'cjk' : 'latin';
  const runs: { script: 'latin' | 'cjk'; text: string }[] = [];
  for (const char of text) {
    const script = CJK_TEXT.test(char) ? 'cjk' : EXTENDED_LATIN.test(char) ? 'latin' : (runs.at(-1)?.script ?? home);
    const last = runs.at(-1);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
