import { z } from 'zod';
import {
  CARE_CONFIG_BYTES_MAX,
  CARE_CONFIG_KEY_LENGTH_MAX,
  CARE_CONFIG_KEYS_MAX,
  CARE_CONFIG_TEXT_MAX,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  KEYWORD_MAX,
  LATITUDE_MAX,
  LONGITUDE_MAX,
} from '../limits.ts';
import { booleanish, idSchema, nullOutput } from './common.ts';
import { CARE_ROLES, placeNameSchema } from './care-common.ts';
import { defineOperation } from './define.ts';

/**
 * A stored config: flat keys to simple values. Sleep and alarm settings are read by
 * later issues, which own their meaning; here they are kept as given, within size limits.
 */
export const careConfigSchema = z
  .record(
    z.string().min(1, { error: 'validation.config' }).max(CARE_CONFIG_KEY_LENGTH_MAX, { error: 'validation.config' }),
    z.union([z.string().max(CARE_CONFIG_TEXT_MAX, { error: 'validation.config' }), z.number().finite(), z.boolean(), z.null()], { error: 'validation.config' }),
    { error: 'validation.config' },
  )
  .refine((config) => Object.keys(config).length <= CARE_CONFIG_KEYS_MAX, { error: 'validation.config' })
  .refine((config) => JSON.stringify(config).length <= CARE_CONFIG_BYTES_MAX, { error: 'validation.config' });
export type CareConfig = z.infer<typeof careConfigSchema>;

const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * A community's sleep config: any flat keys as stored, and `bedTime` and `wakeTime` (HH:mm), which,
 * when both are given, are applied to the community's sleep monitors as their normal sleep schedule.
 */
export const sleepConfigSchema = careConfigSchema.superRefine((config, context) => {
  // Each time given must be HH:mm; the schedule is applied when both are given.
  for (const key of ['bedTime', 'wakeTime'] as const) {
    const value = config[key];
    if (value !== undefined && (typeof value !== 'string' || !CLOCK.test(value))) context.addIssue({ code: 'custom', message: 'validation.clockTime', path: [key] });
  }
});

export const communitySchema = z.object({
  id: z.number().int().describe('The level-1 area this community is'),
  name: z.string(),
  floorCount: z.number().int(),
  roomCount: z.number().int(),
  bedCount: z.number().int(),
  residentCount: z.number().int(),
  sleepConfig: careConfigSchema.nullable(),
  alarmConfig: careConfigSchema.nullable(),
});

const CARE = CARE_ROLES;

export const insertCommunity = defineOperation({
  id: 'community.insertCommunity', method: 'POST', path: '/community/insertCommunity', tag: 'community', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add a community: a level-1 area (same name rules as /area/insertArea)',
  input: z.object({ name: placeNameSchema }),
  output: z.object({ id: z.number().int() }),
});

export const queryCommunityList = defineOperation({
  id: 'community.queryCommunityList', method: 'POST', path: '/community/queryCommunityList', tag: 'community', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Communities (level-1 areas) with counts and their stored sleep and alarm configs',
  input: z.object({}),
  output: z.array(communitySchema),
});

export const saveUserSleepConfig = defineOperation({
  id: 'community.saveUserSleepConfig', method: 'POST', path: '/community/saveUserSleepConfig', tag: 'community', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Store the sleep config of one community; its bedTime and wakeTime (HH:mm) become the normal sleep schedule of the community\'s sleep monitors',
  input: z.object({ communityId: idSchema, config: sleepConfigSchema }),
  output: nullOutput,
});

export const saveUserSleepConfigs = defineOperation({
  id: 'community.saveUserSleepConfigs', method: 'POST', path: '/community/saveUserSleepConfigs', tag: 'community', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Store one sleep config on several communities (all or nothing), applied to their sleep monitors like saveUserSleepConfig',
  input: z.object({ communityIds: z.array(idSchema).min(1, { error: 'validation.required' }).max(1000), config: sleepConfigSchema }),
  output: nullOutput,
});

export const saveAlarmConfig = defineOperation({
  id: 'community.saveAlarmConfig', method: 'POST', path: '/community/saveAlarmConfig', tag: 'community', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Store the alarm config of one community',
  input: z.object({ communityId: idSchema, config: careConfigSchema }),
  output: nullOutput,
});

export const deleteCommunity = defineOperation({
  id: 'community.deleteCommunity', method: 'POST', path: '/community/deleteCommunity', tag: 'community', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Delete an empty community (refused while it has floors, like /area/deleteAreaById)',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

// ---- Geofences (enclosure) ----------------------------------------------------------------

const latitudeSchema = z.coerce.number({ error: 'validation.latitude' }).min(-LATITUDE_MAX, { error: 'validation.latitude' }).max(LATITUDE_MAX, { error: 'validation.latitude' });
const longitudeSchema = z.coerce.number({ error: 'validation.longitude' }).min(-LONGITUDE_MAX, { error: 'validation.longitude' }).max(LONGITUDE_MAX, { error: 'validation.longitude' });

const enclosureFields = {
  name: placeNameSchema,
  centerLat: latitudeSchema,
  centerLng: longitudeSchema,
  radius: z.coerce.number({ error: 'validation.radius' }).int({ error: 'validation.radius' }).min(GEOFENCE_RADIUS_MIN_M, { error: 'validation.radius' }).max(GEOFENCE_RADIUS_MAX_M, { error: 'validation.radius' }),
  keyword: z.string().trim().max(KEYWORD_MAX, { error: 'validation.tooLong' }).optional().nullable().transform((text) => text ?? ''),
};

export const enclosureSchema = z.object({
  id: z.number().int(),
  areaId: z.number().int(),
  areaName: z.string(),
  name: z.string(),
  centerLat: z.number(),
  centerLng: z.number(),
  radius: z.number().int().describe('metres'),
  keyword: z.string().describe('Location keyword'),
});

export const enclosureConfigSchema = z.object({
  enabled: booleanish,
  alarmOnLeave: booleanish,
  reportIntervalSeconds: z.coerce.number({ error: 'validation.invalid' }).int().min(10, { error: 'validation.invalid' }).max(3600, { error: 'validation.invalid' }),
});

export const enclosureGetByArea = defineOperation({
  id: 'enclosure.getByArea', method: 'GET', path: '/enclosure/getByArea', tag: 'enclosure', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Geofences of an area (or of every area without areaId)',
  input: z.object({ areaId: idSchema.optional() }),
  output: z.array(enclosureSchema),
});

/** The input of `enclosureAdd`, also the console form's rules. */
export const enclosureAddInputSchema = z.object({ areaId: idSchema, ...enclosureFields });

export const enclosureAdd = defineOperation({
  id: 'enclosure.add', method: 'POST', path: '/enclosure/add', tag: 'enclosure', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add a geofence (centre, radius in metres, location keyword) to an area',
  input: enclosureAddInputSchema,
  output: z.object({ id: z.number().int() }),
});

export const enclosureUpdate = defineOperation({
  id: 'enclosure.update', method: 'POST', path: '/enclosure/update', tag: 'enclosure', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Change a geofence',
  input: z.object({ id: idSchema, ...enclosureFields }),
  output: nullOutput,
});

export const enclosureDelete = defineOperation({
  id: 'enclosure.delete', method: 'POST', path: '/enclosure/delete', tag: 'enclosure', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Delete a geofence',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const enclosureConfigGet = defineOperation({
  id: 'enclosure.config.get', method: 'GET', path: '/enclosure/config/get', tag: 'enclosure', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Geofence settings of the provider (defaults until saved)',
  input: z.object({}),
  output: enclosureConfigSchema,
});

export const enclosureConfigSave = defineOperation({
  id: 'enclosure.config.save', method: 'POST', path: '/enclosure/config/save', tag: 'enclosure', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Save the provider\'s geofence settings',
  input: enclosureConfigSchema,
  output: nullOutput,
});
