import { z } from 'zod';
import { AlarmGroupSchema } from '../alarms/groups.ts';
import { DealStateSchema, FollowUpSchema, ReleaseChoiceSchema } from '../alarms/handling.ts';
import { AlarmLevelSchema, AlertLevelSettingInputSchema, AlertLevelSettingSchema } from '../alarms/levels.ts';
import { AlarmRecordSchema } from '../alarms/record.ts';
import { ResidentAlarmSettingsSchema } from '../alarms/resident-settings.ts';
import { AlertTypeSchema } from '../devices/alert-types.ts';
import { KEYWORD_MAX, PAGE_SIZE_MAX, REMARK_MAX } from '../limits.ts';
import { CARE_ROLES } from './care-common.ts';
import { booleanish, idSchema, pageOf } from './common.ts';
import { fileOutput } from './care-common.ts';
import { defineOperation } from './define.ts';

// The console's shell reads these numbers; they live apart from the schemas (zod-free module).
export { ALARM_EXPORT_ROWS_MAX, ALARM_RETENTION_DAYS, BULK_HANDLE_MAX, PENDING_LOOKBACK_MS, PENDING_PAGE_SIZE } from '../alarms/log-limits.ts';
import { BULK_HANDLE_MAX } from '../alarms/log-limits.ts';

const CARE = CARE_ROLES;
const epochMs = z.coerce.number({ error: 'validation.time' }).int({ error: 'validation.time' }).min(0, { error: 'validation.time' }).max(8_640_000_000_000_000, { error: 'validation.time' });
const oneOrMany = <T extends z.ZodType>(schema: T) => z.union([schema, z.array(schema).max(64)]).transform((value): z.output<T>[] => (Array.isArray(value) ? value : [value]));

/** Filters of the alarm log (spec 02 §7 and issue 10): time (epoch ms), type, level, state, place, keyword. */
export const alarmLogFilterSchema = z.object({
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  alertType: oneOrMany(AlertTypeSchema).optional(),
  /** Alarm group(s) (the level-setting keys). */
  type: oneOrMany(AlarmGroupSchema).optional(),
  alertLevel: AlarmLevelSchema.optional(),
  dealState: DealStateSchema.optional(),
  /** Building (level-1 area), floor, room. */
  areaId: idSchema.optional(),
  floorId: idSchema.optional(),
  roomId: idSchema.optional(),
  userId: idSchema.optional(),
  /** Matches resident name, device ID, room or bed. */
  keyWord: z.string().trim().max(KEYWORD_MAX, { error: 'validation.tooLong' }).optional(),
  pageNum: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(1_000_000, { error: 'validation.invalid' }).default(1),
  pageSize: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(PAGE_SIZE_MAX, { error: 'validation.invalid' }).default(10),
  orderBy: z.literal('timeStamp', { error: 'validation.invalid' }).default('timeStamp'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('desc'),
});
export type AlarmLogFilter = z.output<typeof alarmLogFilterSchema>;

export const alarmLogList = defineOperation({
  id: 'alarmLog.list', method: 'POST', path: '/alarmLog', tag: 'alarms', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Alarm log: a page of alarm records (both states) with filters; times in epoch ms',
  input: alarmLogFilterSchema,
  output: pageOf(AlarmRecordSchema),
});

/**
 * The pending list's input: the log's filters (the time filters are ignored, see below) and a
 * cursor: the next page holds the open alarms older than (beforeTime, beforeId), so alarms
 * handled between two pages never shift one out of sight (an offset would skip them).
 */
export const pendingListInputSchema = alarmLogFilterSchema.extend({
  /** Raised-at of the last alarm already shown (epoch ms); with beforeId. */
  beforeTime: epochMs.optional(),
  beforeId: idSchema.optional(),
});
export type PendingListInput = z.output<typeof pendingListInputSchema>;

export const alarmLogUnDeal = defineOperation({
  id: 'alarmLog.unDeal', method: 'POST', path: '/alarmLog/unDeal', tag: 'alarms', encoding: 'json', auth: 'session', roles: [...CARE, 'NURSING'],
  summary:
    'Pending list: every alarm neither handled nor relieved, whatever its age, newest first. Deviation from spec 02 §7 (issue 25): startTime/endTime are ignored, an open alarm never ages out; total counts them all; the next page is asked with beforeTime/beforeId of the last row shown',
  input: pendingListInputSchema,
  output: pageOf(AlarmRecordSchema),
});

export const alarmLogExport = defineOperation({
  id: 'alarmLog.exportAlarmLog', method: 'GET', path: '/alarmLog/exportAlarmLog', tag: 'alarms', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'The filtered alarm log as an .xlsx spreadsheet (at most 20,000 rows), in the caller\'s language',
  input: alarmLogFilterSchema.omit({ pageNum: true, pageSize: true }),
  output: fileOutput,
});

export const alarmDealStatus = defineOperation({
  id: 'alarm.dealStatus', method: 'POST', path: '/alarm/dealStatus', tag: 'alarms', encoding: 'json', auth: 'session', roles: [...CARE, 'NURSING'],
  summary: 'Handle an alarm: release choice, follow-up, remark. One console wins; the others get status 300 (CONFLICT) "already handled on another terminal" and a /checkAlarm notice',
  input: z.object({
    id: idSchema,
    dealOption: ReleaseChoiceSchema,
    followUp: FollowUpSchema.optional().nullable(),
    remark: z.string().trim().max(REMARK_MAX, { error: 'validation.tooLong' }).optional().nullable(),
  }),
  output: AlarmRecordSchema,
});


export const alarmDealMany = defineOperation({
  id: 'alarm.dealStatusMany', method: 'POST', path: '/alarm/dealStatusMany', tag: 'alarms', encoding: 'json', auth: 'session', roles: [...CARE, 'NURSING'],
  summary:
    'Bulk handling (issue 25): one release choice, follow-up and remark for several alarms; each alarm is checked on its own (the caller\'s care home, still pending) and recorded as handled by the caller; refused ones are listed with the reason',
  input: z.object({
    ids: z.array(idSchema, { error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(BULK_HANDLE_MAX, { error: 'validation.invalid' }),
    dealOption: ReleaseChoiceSchema,
    followUp: FollowUpSchema.optional().nullable(),
    remark: z.string().trim().max(REMARK_MAX, { error: 'validation.tooLong' }).optional().nullable(),
  }),
  output: z.object({
    handled: z.array(AlarmRecordSchema),
    /** Alarms not handled: already handled or relieved elsewhere (alarm.alreadyHandled), or not found in the care home (alarm.notFound); msg is localized. */
    refused: z.array(z.object({ id: z.number().int(), code: z.number().int(), msg: z.string() })),
  }),
});

export const alarmRelieveAlert = defineOperation({
  id: 'alarmLog.relieveAlert', method: 'POST', path: '/alarmLog/relieveAlert', tag: 'alarms', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Release an alarm from the console (release source 1, software) with an optional removal reason; it leaves the pending list',
  input: z.object({ id: idSchema, removeReason: z.string().trim().max(REMARK_MAX, { error: 'validation.tooLong' }).optional().nullable() }),
  output: AlarmRecordSchema,
});

export const monitorAlertFlag = defineOperation({
  id: 'monitor.alertFlag', method: 'GET', path: '/monitor/alertFlag', tag: 'alarms', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'True while the provider has a pending alarm (the bell\'s dot)',
  input: z.object({}),
  output: z.boolean(),
});

// ---- Levels (provider) -------------------------------------------------------------------

export const queryAlertLevel = defineOperation({
  id: 'system.queryAlertLevel', method: 'GET', path: '/system/queryAlertLevel', tag: 'alarms', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'The provider\'s alarm levels per group, voice mode per level (alertTypeL1/L2) and escalation time; defaults until saved',
  input: z.object({}),
  output: AlertLevelSettingSchema,
});

export const queryAlertLevelPost = defineOperation({
  id: 'system.queryAlertLevel.post', method: 'POST', path: '/system/queryAlertLevel', tag: 'alarms', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Same as GET /system/queryAlertLevel',
  input: z.object({}),
  output: AlertLevelSettingSchema,
});

export const saveAlertLevel = defineOperation({
  id: 'system.saveAlertLevel', method: 'POST', path: '/system/saveAlertLevel', tag: 'alarms', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Save the provider\'s alarm levels; alertTypeL1/L2 as objects or JSON text {pc, globalVoiceWay}. New alarms use them',
  input: AlertLevelSettingInputSchema,
  output: AlertLevelSettingSchema,
});

// ---- Resident alarm settings -------------------------------------------------------------

export const residentAlarmSettingOutput = z.object({
  userId: z.number().int(),
  settings: ResidentAlarmSettingsSchema,
  /** Where the values come from: the resident's own, the community's alarm config, or Vigil's defaults. */
  source: z.enum(['resident', 'community', 'default']),
  /** The community's (or default) settings, for "reset to community". */
  community: ResidentAlarmSettingsSchema,
});

export const getResidentAlarmSetting = defineOperation({
  id: 'alarmSetting.get', method: 'GET', path: '/alarmSetting/get', tag: 'alarms', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'A resident\'s alarm settings (route /BunkManage/settingAlarm/alarmSetting/:userId): enable flags per group, thresholds, durations (s)',
  input: z.object({ userId: idSchema }),
  output: residentAlarmSettingOutput,
});

export const saveResidentAlarmSetting = defineOperation({
  id: 'alarmSetting.save', method: 'POST', path: '/alarmSetting/save', tag: 'alarms', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Save a resident\'s alarm settings; reset: true drops them so the community\'s apply again',
  input: z.object({ userId: idSchema, settings: ResidentAlarmSettingsSchema.optional(), reset: booleanish.optional() }),
  output: residentAlarmSettingOutput,
});
