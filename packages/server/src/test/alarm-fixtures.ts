import { testDeviceKeys } from './device-keys.ts';
import crypto from 'node:crypto';
import { SOCKET_PATH, type DevicePlacement, type ServerFrame } from '@vigil/contracts';
import { WebSocket } from 'ws';
import type { Db } from '../db/database.ts';

/** A random device ID (the shared Mosquitto and Redis see every engineer's tests). */
export const randomDeviceId = (prefix = 'T'): string => `${prefix}-${crypto.randomBytes(5).toString('hex')}`;

/**
 * Adds a device row bound as given, never seen online: ingest's supervision leaves it alone, so
 * the only status changes are the ones a test publishes.
 */
export async function insertDevice(db: Db, device: { deviceId?: string; deviceType: number } & DevicePlacement, now = Date.now()): Promise<string> {
  const deviceId = device.deviceId ?? randomDeviceId();
  await db
    .insertInto('devices')
    .values({
      device_id: deviceId, cipher_id: `C${deviceId}`, device_type: device.deviceType, device_key: testDeviceKeys.seal(crypto.randomBytes(16).toString('hex')),
      provider_id: device.providerId, bed_id: device.bedId, room_id: device.roomId, resident_id: device.residentId,
      pairing: 'none', online: 0, location: '', settings: '{}', remark: '', created_at: now, updated_at: now,
    })
    .execute();
  return deviceId;
}

/** A live-socket client that keeps every frame it receives. */
export interface TestSocket {
  frames: ServerFrame[];
  /** When each frame arrived (epoch ms). */
  frameTimes: Map<ServerFrame, number>;
  closed: Promise<number>;
  send(frame: object): void;
  /** Resolves with the first frame (already received or arriving) that matches. */
  waitFor<P extends ServerFrame['path']>(path: P, match?: (frame: Extract<ServerFrame, { path: P }>) => boolean, timeoutMs?: number): Promise<Extract<ServerFrame, { path: P }>>;
  of<P extends ServerFrame['path']>(path: P): Extract<ServerFrame, { path: P }>[];
  /** How many frames of the path arrived (cheap). */
  count(path: ServerFrame['path']): number;
  close(): void;
}

function isFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string';
}

export async function openSocket(baseUrl: string, options: { key?: string; language?: string } = {}): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${SOCKET_PATH}${options.language ? `?lang=${options.language}` : ''}`;
  const ws = new WebSocket(url);
  const frames: ServerFrame[] = [];
  const frameTimes = new Map<ServerFrame, number>();
  /** Frames by path, so waiting and counting stay cheap with thousands of frames. */
  const byPath = new Map<string, ServerFrame[]>();
  const waiters = new Map<string, Set<(frame: ServerFrame) => void>>();
  ws.on('message', (data) => {
    const parsed: unknown = JSON.parse(data.toString());
    if (!isFrame(parsed)) return;
    frames.push(parsed);
    frameTimes.set(parsed, Date.now());
    const list = byPath.get(parsed.path) ?? [];
    list.push(parsed);
    byPath.set(parsed.path, list);
    for (const wake of [...(waiters.get(parsed.path) ?? [])]) wake(parsed);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const of = <P extends ServerFrame['path']>(path: P): Extract<ServerFrame, { path: P }>[] =>
    (byPath.get(path) ?? []).filter((frame): frame is Extract<ServerFrame, { path: P }> => frame.path === path);
  const socket: TestSocket = {
    frames,
    frameTimes,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    of,
    count: (path) => byPath.get(path)?.length ?? 0,
    waitFor<P extends ServerFrame['path']>(path: P, match: (frame: Extract<ServerFrame, { path: P }>) => boolean = () => true, timeoutMs = 5000) {
      return new Promise<Extract<ServerFrame, { path: P }>>((resolve, reject) => {
        const existing = of(path).find(match);
        if (existing) return resolve(existing);
        const set = waiters.get(path) ?? new Set();
        waiters.set(path, set);
        const isPath = (frame: ServerFrame): frame is Extract<ServerFrame, { path: P }> => frame.path === path;
        const wake = (frame: ServerFrame) => {
          if (!isPath(frame) || !match(frame)) return;
          set.delete(wake);
          clearTimeout(timer);
          resolve(frame);
        };
        const timer = setTimeout(() => {
          set.delete(wake);
          reject(new Error(`no ${path} frame within ${timeoutMs} ms; got ${frames.length} frames (${[...byPath.entries()].map(([name, list]) => `${name} ×${list.length}`).join(', ')})`));
        }, timeoutMs);
        set.add(wake);
      });
    },
    close: () => ws.close(),
  };
  if (options.key) {
    socket.send({ path: '/login', key: options.key });
    const reply = await socket.waitFor('/login');
    if (reply.code !== 200) throw new Error(`socket login refused: ${reply.code}`);
  }
  return socket;
}

/** Waits until the check passes (polling), or fails after the timeout. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} not met within ${timeoutMs} ms`);
}
