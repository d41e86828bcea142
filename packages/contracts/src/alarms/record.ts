import { z } from 'zod';
import { AlertTypeSchema } from '../devices/alert-types.ts';
import { AlarmGroupSchema } from './groups.ts';
import { DealStateSchema, FollowUpSchema, ReleaseChoiceSchema, ReleaseSourceSchema } from './handling.ts';

const textKey = z.string();

/**
 * An alarm record (spec 02 §3 "Alarm record"): what /alarmLog and /alarmLog/unDeal rows
 * and the socket's /alertNotify and /safeAlertNotify notices carry. The §7 notice fields
 * (userId, duration, floorArea, room, bunk, userName, alertLevel, timeStamp, alertType,
 * deviceType) are all here. One open alarm exists per device and alert type: a repeat
 * updates it (repeatCount, lastAt) and does not add a second.
 */
export const AlarmRecordSchema = z.object({
  id: z.number().int(),
  /** Same as id (the original client reads either). */
  alertRecordId: z.number().int(),
  /** The alarm group (the level-setting key). */
  type: AlarmGroupSchema,
  alertType: AlertTypeSchema,
  deviceId: z.string(),
  deviceType: z.number().int(),
  /** 1 red (an error), 2 orange (a warning). */
  alertLevel: z.union([z.literal(1), z.literal(2)]),
  /** Raised at, epoch seconds (spec 02 §3). */
  timeStamp: z.number().int(),
  /** Raised at, epoch ms. */
  raisedAt: z.number().int(),
  /** Latest repeat, epoch ms. */
  lastAt: z.number().int(),
  repeatCount: z.number().int(),
  /** Seconds the condition had lasted when raised (from the message configuration), or null. */
  duration: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  /** The room of the alarm's place (a room-level alarm, such as a bathroom fall radar's, has a room and no resident). */
  roomId: z.number().int().nullable(),
  userName: z.string(),
  bunk: z.string(),
  room: z.string(),
  floorArea: z.string(),
  /** Building / floor / room / bed joined for display. */
  address: z.string(),
  /** Device state: CONNECTION 0 offline / 1 online; other alert types 1 on / 0 cleared (see isRelieved). */
  status: z.union([z.literal(0), z.literal(1)]),
  isRelieve: z.boolean(),
  releaseSource: ReleaseSourceSchema,
  relievedAt: z.number().int().nullable(),
  /** Voice mode of its level (the provider's alertTypeL1/L2) and whether the PC console pops it up. */
  voiceWay: z.number().int(),
  popup: z.boolean(),
  /** Loops per speech round (5 when speaking repeatedly, 1 once, 0 otherwise). */
  speechCount: z.number().int(),
  /** Epoch seconds the speech started (= timeStamp). */
  speechStartTime: z.number().int(),
  showHandler: z.boolean(),
  /** Alarm-text keys (contracts alarms/texts) and the context to fill them with. */
  longKey: textKey,
  shortKey: textKey,
  promptKey: textKey.nullable(),
  removeKey: textKey.nullable(),
  /** The long text already filled in the request's language (Accept-Language); '' for an unknown pair. */
  text: z.string(),
  dealState: DealStateSchema,
  handlerId: z.number().int().nullable(),
  handler: z.string().nullable(),
  /** Handled at, epoch ms. */
  dealTime: z.number().int().nullable(),
  dealOption: ReleaseChoiceSchema.nullable(),
  followUp: FollowUpSchema.nullable(),
  remark: z.string().nullable(),
  /** Raised to handled, ms. */
  responseMs: z.number().int().nullable(),
  removeReason: z.string().nullable(),
});
export type AlarmRecord = z.infer<typeof AlarmRecordSchema>;
