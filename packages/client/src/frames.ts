import type { ServerFrame } from '@vigil/contracts';
import type { FrameCodec } from './socket-client.ts';

const SERVER_PATHS: ReadonlySet<string> = new Set<ServerFrame['path']>([
  '/login', '/heartBeatResp', '/dataChange', '/alertNotify', '/safeAlertNotify', '/userStatusNotify', '/checkAlarm', '/deviceData',
]);

function isServerFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string' && SERVER_PATHS.has(value.path);
}

export type IncomingFrame = ServerFrame;

/** JSON frames `{path, …}` both ways (contracts realtime/socket-frames.ts); unknown paths are ignored. */
export const socketFrameCodec: FrameCodec<ServerFrame> = {
  login: (key) => JSON.stringify({ path: '/login', key }),
  heartbeat: (key) => JSON.stringify({ path: '/hearBeat', key, msg: 'ping' }),
  log: (key, message) => JSON.stringify({ path: '/wsLog', key, msg: message.slice(0, 4000) }),
  decode(text) {
    try {
      const value: unknown = JSON.parse(text);
      return isServerFrame(value) ? value : null;
    } catch {
      return null;
    }
  },
  loginAccepted: (frame) => (frame.path === '/login' ? frame.code === 200 : null),
};
