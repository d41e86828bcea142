import type { Language } from '@vigil/contracts';
import { buildWorkbook, fileStamp } from '../spreadsheets/workbook.ts';

/** Column headers of the export, per language. */
const HEADERS: Record<Language, [string, string, string, string, string, string]> = {
  'en-us': ['Care home', 'Figure', 'Real value', 'Shown value', 'Coefficient', 'Coefficient since'],
  'zh-cn': ['养老机构', '指标', '真实值', '展示值', '系数', '系数生效日期'],
  ko: ['요양원', '지표', '실제 값', '표시 값', '계수', '계수 적용일'],
  de: ['Pflegeheim', 'Kennzahl', 'Echter Wert', 'Angezeigter Wert', 'Koeffizient', 'Koeffizient seit'],
  cs: ['Domov', 'Ukazatel', 'Skutečná hodnota', 'Zobrazená hodnota', 'Koeficient', 'Koeficient od'],
  it: ['Struttura', 'Indicatore', 'Valore reale', 'Valore mostrato', 'Coefficiente', 'Coefficiente dal'],
  ja: ['介護施設', '指標', '実際の値', '表示値', '係数', '係数の適用日'],
};

/** One section answer: head plus the same figures real and shown. */
interface SectionAnswer {
  providerName: string;
  date: string | null;
  scale: { factor: number; since: string | null };
  real: object;
  shown: object;
}

/** Flattens the scalar figures of a section (trends left out) to dotted names. */
function flatten(prefix: string, value: unknown, into: Map<string, number>): void {
  if (typeof value === 'number') {
    into.set(prefix, value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'object' || item === null) continue;
      const label = ['kind', 'alertType', 'band', 'name'].map((key) => Reflect.get(item, key)).find((part) => typeof part === 'string');
      const rest = Object.fromEntries(Object.entries(item).filter(([key]) => !['kind', 'alertType', 'band', 'name', 'areaId'].includes(key)));
      flatten(`${prefix}.${String(label)}`, rest, into);
    }
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key.endsWith('Trend') || key === 'dailyByLevel') continue;
      flatten(prefix ? `${prefix}.${key}` : key, child, into);
    }
  }
}

/** The dashboard's figures as an xlsx: one row per figure with its real and shown value and the factor. */
export function statisticsWorkbook(sections: Record<string, SectionAnswer>, language: Language, now: number): { fileName: string; bytes: Buffer } {
  const rows: (string | number | null)[][] = [];
  for (const [name, section] of Object.entries(sections)) {
    const real = new Map<string, number>();
    const shown = new Map<string, number>();
    flatten(name, section.real, real);
    flatten(name, section.shown, shown);
    for (const [figure, value] of real) rows.push([section.providerName, figure, value, shown.get(figure) ?? null, section.scale.factor, section.scale.since ?? '']);
  }
  return { fileName: `statistics-${fileStamp(now)}.xlsx`, bytes: buildWorkbook('statistics', [...HEADERS[language]], rows) };
}
