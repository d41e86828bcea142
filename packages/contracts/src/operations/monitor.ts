import { z } from 'zod';
import { BED_STATES, SLEEP_STATES } from '../devices/protocol.ts';
import { AlertTypeSchema } from '../devices/alert-types.ts';
import { FOCUS_USERS_MAX, KEYWORD_MAX } from '../limits.ts';
import { CARE_ROLES } from './care-common.ts';
import { idSchema, nullOutput, pageOf } from './common.ts';
import { defineOperation } from './define.ts';
import { residentAbsenceSchema } from './residents.ts';

const CARE = CARE_ROLES;

/**
 * A resident's live state on the real-time monitoring board: the latest sample of their
 * sleep monitor (kept in memory by the process that received it, shared over the event
 * bus), their devices' online state and their open alarms. Also the /dataChange payload.
 */
/** The latest sample of a resident's sleep monitor: the /dataChange payload (a delta the board merges by userId). */
export const residentSampleSchema = z.object({
  userId: z.number().int(),
  /** Latest bed state, or null with no recent sample. */
  bedState: z.enum(BED_STATES).nullable(),
  sleepState: z.enum(SLEEP_STATES).nullable(),
  hr: z.number().nullable(),
  rr: z.number().nullable(),
  /** Body movement of the latest second, 0–100 (the household chart's movement line). */
  move: z.number().nullable(),
  /** Time of the latest sample, epoch ms. */
  sampleAt: z.number().int().nullable(),
});
export type ResidentSample = z.infer<typeof residentSampleSchema>;

export const residentLiveStateSchema = residentSampleSchema.extend({
  userName: z.string(),
  bunk: z.string(),
  room: z.string(),
  /** The room of the resident's bed: room-level alarms (no resident) mark every resident of it. */
  roomId: z.number().int().nullable(),
  floorArea: z.string(),
  /** True when every bound device is online; null with no device bound. */
  deviceOnline: z.boolean().nullable(),
  devices: z.array(z.object({ deviceId: z.string(), deviceType: z.number().int(), online: z.boolean() })),
  openAlarms: z.array(z.object({ id: z.number().int(), alertType: AlertTypeSchema, alertLevel: z.number().int(), timeStamp: z.number().int() })),
  focused: z.boolean(),
  /** Temporary absence in force (spec 02 §7): the board shows the resident as away; their bed raises no alarms. */
  away: residentAbsenceSchema.nullable(),
});
export type ResidentLiveState = z.infer<typeof residentLiveStateSchema>;

export const monitorUserList = defineOperation({
  id: 'monitor.userList', method: 'POST', path: '/monitor/userList', tag: 'monitor', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'All admitted residents of the provider with live state (households); filters: area, floor, keyword, only with open alarms',
  input: z.object({
    areaId: idSchema.optional(),
    floorId: idSchema.optional(),
    keyWord: z.string().trim().max(KEYWORD_MAX, { error: 'validation.tooLong' }).optional(),
    alarmOnly: z.boolean({ error: 'validation.invalid' }).optional(),
    pageNum: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(1_000_000, { error: 'validation.invalid' }).default(1),
    pageSize: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(1000, { error: 'validation.invalid' }).default(100),
  }),
  output: pageOf(residentLiveStateSchema),
});

export const monitorFocusUsers = defineOperation({
  id: 'monitor.focusUsers', method: 'POST', path: '/monitor/focusUsers', tag: 'monitor', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'The signed-in account\'s focus residents with live state (real-time monitoring index)',
  input: z.object({}),
  output: z.array(residentLiveStateSchema),
});

export const monitorAddFocusUser = defineOperation({
  id: 'monitor.addFocusUser', method: 'POST', path: '/monitor/addFocusUser', tag: 'monitor', encoding: 'json', auth: 'session', roles: CARE,
  summary: `Add residents to the account's focus list (at most ${FOCUS_USERS_MAX}; already focused ones are kept)`,
  input: z.object({ userIds: z.array(idSchema).min(1, { error: 'validation.required' }).max(FOCUS_USERS_MAX, { error: 'validation.focusUsers' }) }),
  output: nullOutput,
});

/** How far back the household chart reads (its last 10 minutes). */
export const RECENT_SAMPLES_MS = 10 * 60_000;

/** One second of a sleep monitor, as the household chart draws it. */
export const recentSampleSchema = z.object({ t: z.number().int(), hr: z.number().nullable(), rr: z.number().nullable(), move: z.number().nullable() });

export const monitorRecentSamples = defineOperation({
  id: 'monitor.recentSamples', method: 'POST', path: '/monitor/recentSamples', tag: 'monitor', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'The last 10 minutes of the resident\'s sleep-monitor samples, oldest first (the household chart opens with them)',
  input: z.object({ userId: idSchema }),
  output: z.array(recentSampleSchema),
});

export const monitorDeleteFocusUser = defineOperation({
  id: 'monitor.deleteFocusUser', method: 'POST', path: '/monitor/deleteFocusUser', tag: 'monitor', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Remove a resident from the account\'s focus list',
  input: z.object({ userId: idSchema }),
  output: nullOutput,
});
