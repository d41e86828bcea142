import type { AlarmRecord } from '../alarms/record.ts';
import type { DealState, FollowUp, ReleaseChoice, ReleaseSource } from '../alarms/handling.ts';
import type { AlertType } from '../devices/alert-types.ts';
import type { ResidentSample } from '../operations/monitor.ts';
import type { LiveDeviceMessage } from '../operations/origin-data.ts';

/**
 * The live socket (spec 02 §7 "Live socket protocol"). One WebSocket at SOCKET_PATH on the
 * server's own port; every frame is one JSON text message `{ path, ... }`.
 *
 * Client → server: `/login` {key} first (the `key` of the login answer, or the session
 * token), then `/hearBeat` {key, msg} every 10 s, and `/wsLog` {key, msg} for client logs.
 * Server → client: `/login` {code: 200 opens the session; 401 refused, then closed},
 * `/heartBeatResp`, `/dataChange` (live resident state), `/alertNotify` (bed monitors,
 * badges, watches, fall radars), `/safeAlertNotify` (home-safety sensors and gateway
 * sub-devices), `/userStatusNotify` (alertType RELIVE_ALERT: an alarm was relieved),
 * `/checkAlarm` (an alarm was handled, possibly at another terminal), `/deviceData` (live data of
 * devices the session subscribed to with `/websocket/subscribe/`).
 *
 * A socket hears only its session's current provider; a class I session hears the child
 * it switched to. Logging out, revoking the session, disabling the account or provider
 * closes it with code SOCKET_CLOSE_SESSION_ENDED. Clients reconnect after 4 s and fetch
 * the pending list again (/alarmLog/unDeal).
 */
export const SOCKET_PATH = '/api/socket';
export const SOCKET_HEARTBEAT_MS = 10_000;
export const SOCKET_RECONNECT_MS = 4_000;
/** Without a frame for this long the server closes the socket. */
export const SOCKET_IDLE_CLOSE_MS = 35_000;
/** The client must log in within this long after connecting. */
export const SOCKET_LOGIN_TIMEOUT_MS = 10_000;
export const SOCKET_FRAME_MAX_BYTES = 16 * 1024;
/** Close codes (4000–4999 are the application's). */
export const SOCKET_CLOSE_SESSION_ENDED = 4001;
export const SOCKET_CLOSE_LOGIN_FAILED = 4002;
export const SOCKET_CLOSE_IDLE = 4003;
/**
 * The server's event bus between processes was interrupted (a Redis disconnect or stall): frames may
 * have been missed, so the console reconnects (after SOCKET_RECONNECT_MS) and fetches the pending list again.
 */
export const SOCKET_CLOSE_REFETCH = 4004;

export const SOCKET_LOGIN_OK = 200;
export const SOCKET_LOGIN_REFUSED = 401;

// ---- Client → server ------------------------------------------------------------------

// ClientFrameSchema is in client-frames.ts: the console's shell reads the constants here, and
// a module's code lands in one chunk, so the schema beside them would bring zod into the shell.

// ---- Server → client ------------------------------------------------------------------

export interface LoginReplyFrame { path: '/login'; code: number; msg: string }
export interface HeartbeatReplyFrame { path: '/heartBeatResp'; ts: number }
/** Latest samples of residents whose state changed (a delta; the board merges it by userId), at most every 2 s. */
export interface DataChangeFrame { path: '/dataChange'; data: ResidentSample[] }
/** A new alarm, or a repeat of an open one (data.repeatCount > 0); data.text is in the socket's language. */
export interface AlertNotifyFrame { path: '/alertNotify'; data: AlarmRecord }
/** The same for home-safety sensors and gateway sub-devices. */
export interface SafeAlertNotifyFrame { path: '/safeAlertNotify'; data: AlarmRecord }

/** An alarm left the pending list because its condition ended or an operator released it. */
export interface ReliefNotice {
  alertType: 'RELIVE_ALERT';
  id: number;
  /** The alarm's own alert type. */
  relievedAlertType: AlertType;
  deviceId: string;
  deviceType: number;
  userId: number | null;
  /** Device state after relief (see isRelieved: CONNECTION 1, others 0; 1 as well for a software release). */
  status: 0 | 1;
  releaseSource: ReleaseSource;
  timeStamp: number;
  removeKey: string | null;
}
export interface UserStatusNotifyFrame { path: '/userStatusNotify'; data: ReliefNotice }

/** An alarm was handled (at this or another terminal): drop it from the popup and the pending list. */
export interface CheckAlarmNotice {
  id: number;
  dealState: DealState;
  handlerId: number | null;
  handler: string | null;
  dealTime: number | null;
  dealOption: ReleaseChoice | null;
  followUp: FollowUp | null;
  remark: string | null;
  responseMs: number | null;
}
export interface CheckAlarmFrame { path: '/checkAlarm'; data: CheckAlarmNotice }

/**
 * Live data of a device the session subscribed to with `/websocket/subscribe/` (its status,
 * samples or events as the domain event carries them): the device list updates from these.
 */
export interface DeviceDataFrame { path: '/deviceData'; data: LiveDeviceMessage }

export type ServerFrame = LoginReplyFrame | HeartbeatReplyFrame | DataChangeFrame | AlertNotifyFrame | SafeAlertNotifyFrame | UserStatusNotifyFrame | CheckAlarmFrame | DeviceDataFrame;
export type ServerFramePath = ServerFrame['path'];
