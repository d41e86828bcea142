import type { FrameCodec } from './socket-client.ts';

/** A server frame: its path and the rest of its fields (narrowed by the contracts' frame union). */
export interface IncomingFrame {
  path: string;
  code?: number;
  data?: unknown;
}

function isFrame(value: unknown): value is IncomingFrame {
  return typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string';
}

/** JSON frames `{path, …}` both ways. */
export const socketFrameCodec: FrameCodec<IncomingFrame> = {
  login: (key) => JSON.stringify({ path: '/login', key }),
  heartbeat: (key) => JSON.stringify({ path: '/hearBeat', key, msg: 'ping' }),
  log: (key, message) => JSON.stringify({ path: '/wsLog', key, msg: message }),
  decode(text) {
    try {
      const value: unknown = JSON.parse(text);
      return isFrame(value) ? value : null;
    } catch {
      return null;
    }
  },
  loginAccepted: (frame) => (frame.path === '/login' ? frame.code === 200 : null),
};
