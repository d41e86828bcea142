import { z } from 'zod';
import { SensitivitySchema } from './device-settings.ts';
import { FALL_INSTALL_MODES, FALL_SIDES, FALL_MODE_LIMITS, FALL_SHIELDED_AREAS_MAX, FALL_SHIELD_SIZE_MIN, FALL_SHIELD_HEIGHT_MAX, type FallInstallMode } from './fall-radar-values.ts';
export * from './fall-radar-values.ts';

export const SHIELDED_AREA_KINDS = ['toilet', 'other'] as const;

const metres = (key: string) => z.number({ error: key }).finite({ error: key }).min(0, { error: key }).max(10, { error: key });

/**
 * A shielded (ignored) box: an object such as a toilet or a cupboard where a low body is
 * not a fall. `x` and `y` are its centre on the floor: x to the right of the device,
 * y forward (negative behind a ceiling radar).
 */
export const ShieldedAreaSchema = z.object({
  kind: z.enum(SHIELDED_AREA_KINDS, { error: 'validation.invalid' }),
  length: metres('fallRadar.shieldSize').min(FALL_SHIELD_SIZE_MIN, { error: 'fallRadar.shieldSize' }),
  width: metres('fallRadar.shieldSize').min(FALL_SHIELD_SIZE_MIN, { error: 'fallRadar.shieldSize' }),
  height: metres('fallRadar.shieldSize').min(FALL_SHIELD_SIZE_MIN, { error: 'fallRadar.shieldSize' }).max(FALL_SHIELD_HEIGHT_MAX, { error: 'fallRadar.shieldSize' }),
  floorDistance: metres('fallRadar.shieldSize').max(FALL_SHIELD_HEIGHT_MAX, { error: 'fallRadar.shieldSize' }),
  x: z.number({ error: 'fallRadar.shieldOutside' }).finite().min(-10).max(10),
  y: z.number({ error: 'fallRadar.shieldOutside' }).finite().min(-10).max(10),
});
export type ShieldedArea = z.infer<typeof ShieldedAreaSchema>;

const distance = () => metres('fallRadar.distance');

const FallRadarSettingsShape = z.object({
  installMode: z.enum(FALL_INSTALL_MODES, { error: 'fallRadar.installMode' }),
  installHeight: z.number({ error: 'fallRadar.height' }).finite({ error: 'fallRadar.height' }),
  /** The detection area (the e-fence) as distances from the device. */
  distances: z.object({ front: distance(), back: distance(), left: distance(), right: distance() }, { error: 'fallRadar.fenceEmpty' }),
  /** A wall stands at that edge of the area (reflections are filtered there). */
  walls: z.object({ front: z.boolean(), back: z.boolean(), left: z.boolean(), right: z.boolean() }),
  shieldedAreas: z.array(ShieldedAreaSchema).max(FALL_SHIELDED_AREAS_MAX, { error: 'fallRadar.shieldedMax' }),
  buzzer: z.boolean(),
  sensitivity: SensitivitySchema,
});

/** The problems of a settings object against its mode's limits, as [field path, message key]. */
export function fallSettingsProblems(settings: z.infer<typeof FallRadarSettingsShape>): [string, string][] {
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

export const FallRadarSettingsSchema = FallRadarSettingsShape.superRefine((settings, ctx) => {
  for (const [path, key] of fallSettingsProblems(settings)) ctx.addIssue({ code: 'custom', path: path.split('.'), message: key });
});
export type FallRadarSettings = z.infer<typeof FallRadarSettingsSchema>;

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
