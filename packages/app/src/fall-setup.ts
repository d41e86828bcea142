import {
  FALL_MODE_LIMITS,
  FALL_SIDES,
  fallDefaultsFor,
  fallSettingsProblems,
  type FallInstallMode,
  type FallRadarSettings,
  type FallSide,
} from '@vigil/contracts';
import type { MessageKey } from './i18n.ts';

/**
 * The fall-monitor wizard's checks (spec 02 §5 "Fall setup"), before anything is sent:
 * the install height of the chosen mode, the four distances of the e-fence (each within
 * the mode's limit, not empty), and the shielded areas inside it. The server checks the
 * same rules again (contracts `fallSettingsProblems`); these give the installer the
 * reason in the app's language, next to the step that has it.
 */
export interface Problem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type FallCheck = 'height' | 'area' | 'shields';

const within = (value: number, max: number) => value <= max + 1e-9;

export function fallProblems(settings: FallRadarSettings, check: FallCheck): Problem[] {
  const limits = FALL_MODE_LIMITS[settings.installMode];
  const problems: Problem[] = [];
  if (check === 'height') {
    const h = settings.installHeight;
    if (!Number.isFinite(h) || h < limits.heightMin - 1e-9 || h > limits.heightMax + 1e-9) {
      problems.push({ key: settings.installMode === 'top' ? 'fall.err.heightTop' : 'fall.err.heightFlush', params: { min: limits.heightMin, max: limits.heightMax } });
    }
    return problems;
  }
  const d = settings.distances;
  if (check === 'area') {
    for (const side of FALL_SIDES) {
      if (!Number.isFinite(d[side]) || d[side] < 0) problems.push({ key: 'fall.err.distanceRequired', params: { side: sideKey(side) } });
      else if (!within(d[side], limits.sideMax[side])) problems.push({ key: 'fall.err.distanceMax', params: { side: sideKey(side), max: limits.sideMax[side] } });
    }
    if (problems.length) return problems;
    if (d.left + d.right <= 0 || d.front + d.back <= 0) problems.push({ key: 'fall.err.fenceEmpty' });
    if (!within(d.left + d.right, limits.widthMax)) problems.push({ key: 'fall.err.width', params: { max: limits.widthMax } });
    if (!within(d.front + d.back, limits.depthMax)) problems.push({ key: 'fall.err.depth', params: { max: limits.depthMax } });
    return problems;
  }
  for (const [path, key] of fallSettingsProblems(settings)) {
    const match = /^shieldedAreas\.(\d+)/.exec(path);
    if (!match) continue;
    problems.push({ key: key === 'fallRadar.shieldOutside' ? 'fall.err.shieldOutside' : 'fall.err.shieldSize', params: { n: Number(match[1]) + 1 } });
  }
  return problems;
}

/** The side's message key, translated by the caller (`{side}` is filled with t(sideKey)). */
export function sideKey(side: FallSide): MessageKey {
  return `fall.side.${side}` as MessageKey;
}

/**
 * A new install mode: the mode's recommended height and full area, and (spec 02 §5)
 * no shielded areas — the wizard asks before calling this when there are some.
 */
export function withInstallMode(settings: FallRadarSettings, mode: FallInstallMode): FallRadarSettings {
  if (mode === settings.installMode) return settings;
  return { ...settings, ...fallDefaultsFor(mode), installMode: mode, shieldedAreas: [], walls: { front: false, back: mode === 'flush', left: false, right: false } };
}

/** Parses a metres field as typed (comma or point); NaN when empty or not a number. */
export function parseMetres(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}
