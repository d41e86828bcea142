/** The seven interface languages; en-us is the fallback (spec 01 §1). */
export const LANGUAGES = ['zh-cn', 'en-us', 'ko', 'de', 'cs', 'it', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-us';
/** The domestic edition offers Simplified Chinese only. */
export const DOMESTIC_LANGUAGES: readonly Language[] = ['zh-cn'];
/** The overseas edition offers Chinese, English, Czech, Italian and Korean (spec 01 §1); German and Japanese exist as translations only. */
export const OVERSEAS_LANGUAGES: readonly Language[] = ['zh-cn', 'en-us', 'cs', 'it', 'ko'];

export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-cn': '简体中文',
  'en-us': 'English',
  ko: '한국어',
  de: 'Deutsch',
  cs: 'Čeština',
  it: 'Italiano',
  ja: '日本語',
};

/** Picks the best supported language from an Accept-Language header value. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter(Boolean);
  for (const tag of wanted) {
    const exact = LANGUAGES.find((lang) => lang === tag);
    if (exact) return exact;
    const base = tag.split('-')[0];
    const byBase = LANGUAGES.find((lang) => lang.split('-')[0] === base);
    if (byBase) return byBase;
  }
  return DEFAULT_LANGUAGE;
}
