import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/** A CONNECT (ID, key, last will) is a few hundred bytes; anything past this is refused before it is read. */
export const MQTT_CONNECT_MAX_BYTES = 8 * 1024;
/** Any later packet: a device message (64 KiB) plus its topic and header. */
export const MQTT_PACKET_MAX_BYTES = 64 * 1024 + 1024;

export type FrameVerdict = 'notMqtt' | 'tooLarge';

/**
 * Follows the MQTT framing of a byte stream without buffering it: reads each fixed header
 * (type byte and remaining length) and skips the body. The first packet must be a CONNECT of
 * at most `connectMax` bytes, every later one at most `packetMax`; a violation is seen as soon
 * as the header arrives, before the body is read, so a 100 MB CONNECT costs a few bytes.
 */
export function mqttFrameGuard(limits: { connectMax: number; packetMax: number } = { connectMax: MQTT_CONNECT_MAX_BYTES, packetMax: MQTT_PACKET_MAX_BYTES }) {
  let packets = 0;
  /** Body bytes of the current packet still to come. */
  let skip = 0;
  /** Within a fixed header: -1 before the type byte, else the length bytes read so far. */
  let lengthBytes = -1;
  let length = 0;
  let multiplier = 1;
  return {
    /** Packets whose header has been read so far. */
    packets: 0,
    /** Checks the next chunk of the stream: null when it is fine. */
    check(chunk: Buffer): FrameVerdict | null {
      let index = 0;
      while (index < chunk.length) {
        if (skip > 0) {
          const step = Math.min(skip, chunk.length - index);
          skip -= step;
          index += step;
          continue;
        }
        const byte = chunk[index++] ?? 0;
        if (lengthBytes === -1) {
          if (packets === 0 && byte !== 0x10) return 'notMqtt';
          lengthBytes = 0;
          length = 0;
          multiplier = 1;
          continue;
        }
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes++;
        if ((byte & 0x80) !== 0) {
          if (lengthBytes >= 4) return 'notMqtt';
          continue;
        }
        if (length > (packets === 0 ? limits.connectMax : limits.packetMax)) return 'tooLarge';
        packets++;
        this.packets = packets;
        skip = length;
        lengthBytes = -1;
      }
      return null;
    },
  };
}

/**
 * The socket as a stream whose every incoming chunk passed `check` first; a chunk that fails it
 * destroys the socket (`onRefused` says why) and is never passed on. Aedes and the MQTT 5 bridge
 * read this instead of the socket.
 */
export class GuardedSocket extends Duplex {
  readonly remoteAddress: string | undefined;
  /** Reading is paused until then (performance.now()) because the connection sends packets too fast. */
  private throttledUntil = 0;
  private resumeTimer: NodeJS.Timeout | null = null;

  /**
   * `throttle` answers how long to stop reading after a chunk (0: go on): a connection sending more
   * packets than any device should gets TCP backpressure instead of the broker's CPU.
   */
  constructor(
    private readonly socket: Socket,
    check: (chunk: Buffer) => FrameVerdict | null,
    onRefused: (verdict: FrameVerdict) => void,
    throttle: () => number = () => 0,
  ) {
    super();
    this.remoteAddress = socket.remoteAddress;
    socket.on('data', (chunk: Buffer) => {
      const verdict = check(chunk);
      if (verdict) {
        onRefused(verdict);
        socket.destroy();
        return;
      }
      const full = !this.push(chunk);
      const wait = throttle();
      if (wait > 0) {
        socket.pause();
        this.throttledUntil = performance.now() + wait;
        this.resumeTimer ??= setTimeout(() => {
          this.resumeTimer = null;
          this.throttledUntil = 0;
          if (!socket.destroyed) socket.resume();
        }, wait);
      } else if (full) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('close', () => this.destroy());
    socket.on('error', () => socket.destroy());
  }

  override _read(): void {
    if (performance.now() >= this.throttledUntil) this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.socket.destroyed) return callback();
    this.socket.write(chunk, () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.socket.destroy();
    callback(error);
  }
}

/**
 * New connections per address: a token bucket each, refilled at `perSecond` up to `burst`.
 * At most `maxAddresses` buckets are kept (the least recently used go first; a forgotten
 * address starts full again, which only errs toward letting a device in).
 */
export function connectRate(options: { perSecond: number; burst: number; exempt: string[]; maxAddresses?: number }) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const exempt = new Set(options.exempt);
  const max = options.maxAddresses ?? 50_000;
  return {
    take(address: string, now: number): boolean {
      if (exempt.has(address)) return true;
      const bucket = buckets.get(address) ?? { tokens: options.burst, at: now };
      buckets.delete(address);
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond);
      bucket.at = now;
      buckets.set(address, bucket);
      if (buckets.size > max) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    size: () => buckets.size,
  };
}

/** Packets a connection may send per second on average, and in a burst, before its reading is paused (5× ingest's per-device flood limit). */
export const PACKETS_PER_S = 100;
export const PACKET_BURST = 300;

/** A per-connection packet budget: answers how many ms to stop reading once it is spent. */
export function packetThrottle(packetsSoFar: () => number, perSecond = PACKETS_PER_S, burst = PACKET_BURST): () => number {
  let tokens = burst;
  let at = performance.now();
  let counted = 0;
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    const total = packetsSoFar();
    tokens -= total - counted;
    counted = total;
    return tokens >= 0 ? 0 : Math.ceil((-tokens / perSecond) * 1000);
  };
}
