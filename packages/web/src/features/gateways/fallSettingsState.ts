import { fallDefaultsFor, fallSettingsProblems, FALL_SIDES, type FallInstallMode, type FallRadarSettings, type ShieldedArea } from '@vigil/contracts';

/** Settings after a mode change: the mode's recommended height and full area, and no shielded areas (they were drawn for the old mode). */
export function withMode(settings: FallRadarSettings, mode: FallInstallMode): FallRadarSettings {
  return { ...settings, installMode: mode, ...fallDefaultsFor(mode), walls: mode === 'flush' ? { ...settings.walls, back: true } : settings.walls, shieldedAreas: [] };
}

/** A new shielded area at the centre of the detection area. */
export function newShieldedArea(settings: FallRadarSettings): ShieldedArea {
  const { front, back, left, right } = settings.distances;
  const round = (value: number) => Math.round(value * 100) / 100;
  return { kind: 'toilet', length: 0.7, width: 0.5, height: 0.5, floorDistance: 0, x: round((right - left) / 2), y: round((front - back) / 2) };
}

/** The first problem per field path (e.g. `installHeight`, `distances.front`, `shieldedAreas.0`), as message keys. */
export function settingsProblemMap(settings: FallRadarSettings): Map<string, string> {
  const problems = new Map<string, string>();
  for (const [path, key] of fallSettingsProblems(settings)) if (!problems.has(path)) problems.set(path, key);
  return problems;
}

/** The problems of one side's distance, including the area-wide ones. */
export function distanceProblem(problems: Map<string, string>, side: (typeof FALL_SIDES)[number]): string | null {
  return problems.get(`distances.${side}`) ?? null;
}
