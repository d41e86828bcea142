/**
 * Bed labels spoken in Chinese (spec 02 §9: "spoken text reads digits in the bed label as
 * Chinese numerals"). The spec does not say how a run of digits is read; Vigil reads it the
 * way Chinese speakers read bed and room numbers:
 * - one or two digits without a leading zero as a number: 3 → 三, 12 → 十二, 20 → 二十;
 * - longer runs, or runs with a leading zero, digit by digit: 102 → 一零二, 05 → 零五.
 * Only Chinese speech uses this (see voiceText.ts): an English sentence keeps "3".
 */
const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;

function digitName(digit: string): string {
  return DIGITS[Number(digit)] ?? digit;
}

/** One run of ASCII digits as Chinese numerals. */
export function chineseNumber(run: string): string {
  if (!/^[0-9]+$/.test(run)) return run;
  if (run.length > 2 || (run.length === 2 && run[0] === '0')) return [...run].map(digitName).join('');
  const value = Number(run);
  if (value < 10) return digitName(run);
  const tens = Math.floor(value / 10);
  const ones = value % 10;
  return `${tens === 1 ? '' : digitName(String(tens))}十${ones === 0 ? '' : digitName(String(ones))}`;
}

/** A label with every run of digits read as Chinese numerals ("A区3床" → "A区三床", "B-102" → "B-一零二"). */
export function chineseNumeralsIn(label: string): string {
  return label.replace(/[0-9]+/g, (run) => chineseNumber(run));
}
