import type { FallRadarSettings } from './fall-radar.ts';

// Fall-radar numbers, names, defaults and the settings check without schemas: messages and screens read them without zod.

/**
 * Fall-monitor (ED719W / ED719N radar) settings (spec 02 §3 "Fall-monitor settings",
 * §5 fall setup, §9 numbers). Distances are metres from the device, measured on the floor:
 * `front` is the direction the radar faces, `left`/`right` across, `back` behind it.
 */
export const FALL_INSTALL_MODES = ['top', 'flush'] as const;
export type FallInstallMode = (typeof FALL_INSTALL_MODES)[number];

export const FALL_SIDES = ['front', 'back', 'left', 'right'] as const;
export type FallSide = (typeof FALL_SIDES)[number];

export interface FallModeLimits {
  heightMin: number;
  heightMax: number;
  heightRecommended: number;
  /** Largest distance on each side. */
  sideMax: Readonly<Record<FallSide, number>>;
  /** Largest left + right (area width) and front + back (area depth). */
  widthMax: number;
  depthMax: number;
}

/**
 * §9: top (ceiling) mount 2.2–3 m, 2.4 recommended, area 4×4 m (within 2 m each way);
 * flush (wall) mount 1.35–1.5 m, 1.35 recommended, area 3×4 m (up to 2 m each side,
 * 3 m wide, 4 m forward; nothing behind the wall).
 */
export const FALL_MODE_LIMITS: Readonly<Record<FallInstallMode, FallModeLimits>> = {
  top: { heightMin: 2.2, heightMax: 3, heightRecommended: 2.4, sideMax: { front: 2, back: 2, left: 2, right: 2 }, widthMax: 4, depthMax: 4 },
  flush: { heightMin: 1.35, heightMax: 1.5, heightRecommended: 1.35, sideMax: { front: 4, back: 0, left: 2, right: 2 }, widthMax: 3, depthMax: 4 },
};

/** Detection range per sensitivity, metres (spec 02 §3: high about 12, medium about 10, low about 8). */
export const FALL_SENSITIVITY_RANGE_M = { high: 12, medium: 10, low: 8 } as const;
/** The test step asks for a simulated fall held at least this long (§9). */
export const FALL_TEST_HOLD_S = 15;
/** After mounting, the radar initialises for 3 minutes before it detects (§9). */
export const FALL_INIT_WAIT_S = 180;
/** At most this many shielded areas (toilet or other object) per radar. */
export const FALL_SHIELDED_AREAS_MAX = 4;
/** Shielded-area sizes, metres. */
export const FALL_SHIELD_SIZE_MIN = 0.1;
export const FALL_SHIELD_HEIGHT_MAX = 3;
/** Real-time mode (the person's site every second) switches itself off after this long. */
export const FALL_REALTIME_MAX_S = 600;

export const SHIELDED_AREA_KINDS = ['toilet', 'other'] as const;

/** The problems of a settings object against its mode's limits, as [field path, message key]. */
export function fallSettingsProblems(settings: FallRadarSettings): [string, string][] {
  const limits = FALL_MODE_LIMITS[settings.installMode];
  const problems: [string, string][] = [];
  const h = settings.installHeight;
  if (h < limits.heightMin || h > limits.heightMax) problems.push(['installHeight', 'fallRadar.height']);
  const d = settings.distances;
  for (const side of FALL_SIDES) if (d[side] > limits.sideMax[side]) problems.push([`distances.${side}`, 'fallRadar.distance']);
  if (d.left + d.right > limits.widthMax + 1e-9 || d.front + d.back > limits.depthMax + 1e-9) problems.push(['distances', 'fallRadar.distance']);
  // §5: the e-fence position must not be empty: the area needs a width and a depth.
  if (d.left + d.right <= 0 || d.front + d.back <= 0) problems.push(['distances', 'fallRadar.fenceEmpty']);
  settings.shieldedAreas.forEach((area, index) => {
    const inside = area.x - area.width / 2 >= -d.left - 1e-9 && area.x + area.width / 2 <= d.right + 1e-9
      && area.y - area.length / 2 >= -d.back - 1e-9 && area.y + area.length / 2 <= d.front + 1e-9;
    if (!inside) problems.push([`shieldedAreas.${index}`, 'fallRadar.shieldOutside']);
    if (area.floorDistance + area.height > h + 1e-9) problems.push([`shieldedAreas.${index}.height`, 'fallRadar.shieldSize']);
  });
  return problems;
}

/** A radar's settings before anyone saved any: top mount at the recommended height, the full 4×4 m area. */
export const FALL_RADAR_DEFAULTS: FallRadarSettings = {
  installMode: 'top',
  installHeight: FALL_MODE_LIMITS.top.heightRecommended,
  distances: { front: 2, back: 2, left: 2, right: 2 },
  walls: { front: false, back: false, left: false, right: false },
  shieldedAreas: [],
  buzzer: true,
  sensitivity: 'medium',
};

/** Default area for a mode: its full size (used when the mode changes). */
export function fallDefaultsFor(mode: FallInstallMode): Pick<FallRadarSettings, 'installHeight' | 'distances'> {
  const limits = FALL_MODE_LIMITS[mode];
  return {
    installHeight: limits.heightRecommended,
    distances: mode === 'top' ? { front: 2, back: 2, left: 2, right: 2 } : { front: 4, back: 0, left: 1.5, right: 1.5 },
  };
}
