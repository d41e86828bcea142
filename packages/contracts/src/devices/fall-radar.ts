import { z } from 'zod';
import { SensitivitySchema } from './device-settings.ts';
import { FALL_INSTALL_MODES, FALL_SHIELDED_AREAS_MAX, FALL_SHIELD_SIZE_MIN, FALL_SHIELD_HEIGHT_MAX, SHIELDED_AREA_KINDS, fallSettingsProblems } from './fall-radar-values.ts';

// The schemas; the limits, defaults and the settings check live in fall-radar-values.ts (no zod),
// which the fall-radar screens read.
export * from './fall-radar-values.ts';

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

export const FallRadarSettingsSchema = FallRadarSettingsShape.superRefine((settings, ctx) => {
  for (const [path, key] of fallSettingsProblems(settings)) ctx.addIssue({ code: 'custom', path: path.split('.'), message: key });
});
export type FallRadarSettings = z.infer<typeof FallRadarSettingsSchema>;
