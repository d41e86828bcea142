import {
  REPORT_INTERVAL_DEFAULT_S,
  REPORT_INTERVAL_MAX_S,
  REPORT_INTERVAL_MIN_S,
  TELEMETRY_SAMPLES_MAX,
  type CommandMessage,
  type DeviceEventType,
  type DeviceKind,
  type EventMessage,
  type StatusMessage,
  type TelemetrySample,
} from '@vigil/contracts';
import { createHash } from 'node:crypto';
import { hashString, mix, unit } from '../random.ts';
import type { UplinkChannel } from '../transport/transport.ts';
import { ambientEvents } from './ambient.ts';
import { residentDays } from './resident-day.ts';
import { kindOf, type SimulatedDeviceSpec } from './spec.ts';

/** A message a device sends. */
export interface Outgoing {
  channel: UplinkChannel;
  message: object;
  retain?: boolean;
}

/** What a device may ask of the simulation it lives in. */
export interface DeviceContext {
  /** Simulated time, epoch ms. */
  now(): number;
  send(out: Outgoing): void;
  /** Drops the link as a crash would and comes back after `downMs` real milliseconds. */
  restart(downMs: number): void;
  /** Runs `action` after `ms` real milliseconds, unless the simulation stopped. */
  later(ms: number, action: () => void): void;
  /**
   * Fetches a firmware package by the URL of an `upgrade` command (a path on Vigil's HTTP
   * server with a signed token). Absent when the simulation knows no HTTP base URL: upgrades
   * then only play their acks.
   */
  download?(url: string): Promise<Uint8Array>;
}

/** Kinds that run on mains power; the others on batteries that run low. */
const MAINS: readonly DeviceKind[] = ['sleepMonitor', 'fallRadar', 'gatewayHost'];
const LOW_BATTERY = 20;

interface Member {
  deviceId: string;
  deviceType: number;
  kind: DeviceKind;
  seed: number;
  battery: number | null;
  paired: boolean;
}

function member(deviceId: string, deviceType: number, seed: number): Member {
  const kind = kindOf(deviceType);
  const ownSeed = mix(seed, hashString(deviceId));
  // One battery device in twenty starts with a low battery, so the demo shows one.
  const battery = MAINS.includes(kind) ? null : unit(ownSeed, 77) < 0.05 ? 12 : Math.round(45 + unit(ownSeed, 78) * 55);
  return { deviceId, deviceType, kind, seed: ownSeed, battery, paired: true };
}

const parseInterval = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= REPORT_INTERVAL_MIN_S && value <= REPORT_INTERVAL_MAX_S ? value : null;

/**
 * A simulated device: what it reports and how it answers commands. It knows nothing of
 * MQTT or HTTP; the simulation carries its messages.
 */
export class SimulatedDevice {
  readonly spec: SimulatedDeviceSpec;
  readonly self: Member;
  readonly subs: Member[];
  reportInterval: number;
  firmware = '1.4.2';
  /** A fall radar's settings from its last accepted `configure` (`args.fallRadar`), or null before any. */
  fallRadarSettings: unknown = null;
  /** Packages this device downloaded and verified (size and MD5), oldest first. */
  readonly downloaded: { version: string; md5: string; size: number }[] = [];
  private telemetryCursor: number | null = null;
  private readonly days: ReturnType<typeof residentDays> | null;
  private realtimeUntil = 0;

  constructor(spec: SimulatedDeviceSpec, seed: number, timeZoneOffsetMinutes: number, private readonly context: DeviceContext) {
    this.spec = spec;
    this.self = member(spec.deviceId, spec.deviceType, seed);
    this.subs = (spec.subDevices ?? []).map((sub) => member(sub.deviceId, sub.deviceType, seed));
    this.reportInterval = parseInterval(spec.reportInterval) ?? REPORT_INTERVAL_DEFAULT_S;
    this.days =
      this.self.kind === 'sleepMonitor'
        ? residentDays({ seed: this.self.seed, bedTime: spec.sleepSchedule?.bedTime ?? '21:00', wakeTime: spec.sleepSchedule?.wakeTime ?? '07:00', timeZoneOffsetMinutes })
        : null;
  }

  get deviceId(): string {
    return this.spec.deviceId;
  }

  /** The resident's spells in bed (sleep monitors), for tests that compare with the truth. */
  get residentDays() {
    return this.days;
  }

  status(): StatusMessage {
    const mains = this.self.battery === null;
    return {
      ts: this.context.now(),
      online: true,
      firmware: this.firmware,
      hardware: 'H2',
      ...(mains ? { power: true } : { battery: this.self.battery ?? 100, power: false }),
      signal: 2 + (this.self.seed % 4),
      tamper: 'installed',
    };
  }

  private subStatus(sub: Member): StatusMessage {
    return { ts: this.context.now(), online: true, sub: sub.deviceId, battery: sub.battery ?? 100, signal: 2 + (sub.seed % 4), tamper: 'installed' };
  }

  private event(type: DeviceEventType, status: number, extra: Partial<EventMessage> = {}): void {
    this.context.send({ channel: 'event', message: { ts: this.context.now(), type, status, ...extra } });
  }

  /** The link is up: retained status, sub-device states, low batteries. */
  announce(): void {
    this.context.send({ channel: 'status', message: this.status(), retain: true });
    for (const sub of this.subs) if (sub.paired) this.context.send({ channel: 'status', message: this.subStatus(sub) });
    for (const part of [this.self, ...this.subs]) {
      if (part.battery !== null && part.battery < LOW_BATTERY) this.event('lowPower', 1, part === this.self ? {} : { sub: part.deviceId });
    }
  }

  /** Every report interval (real time): the heartbeat of devices without telemetry. */
  heartbeat(): void {
    if (this.self.kind === 'sleepMonitor') return;
    this.context.send({ channel: 'status', message: this.status(), retain: true });
    for (const sub of this.subs) if (sub.paired) this.context.send({ channel: 'status', message: this.subStatus(sub) });
  }

  /** What happened by itself in simulated [from, to): sensor events, its own and its sub-devices'. */
  ambient(from: number, to: number): void {
    for (const part of [this.self, ...this.subs]) {
      if (!part.paired) continue;
      for (const happening of ambientEvents(part.kind, part.seed, from, to)) {
        const extra = part === this.self ? {} : { sub: part.deviceId };
        this.context.send({ channel: 'event', message: { ts: happening.ts, type: happening.type, status: happening.status, ...extra } });
      }
    }
  }

  /** Sleep monitors: the samples since the last batch up to `until` (simulated), in messages of at most 254. */
  flushTelemetry(until: number): void {
    if (!this.days) return;
    const end = Math.floor(until / 1000) * 1000;
    const start = this.telemetryCursor ?? end - this.reportInterval * 1000;
    let batch: TelemetrySample[] = [];
    for (let time = start; time < end; time += 1000) {
      batch.push(this.days.sampleAt(time));
      if (batch.length === TELEMETRY_SAMPLES_MAX) {
        this.context.send({ channel: 'telemetry', message: { ts: time, samples: batch } });
        batch = [];
      }
    }
    if (batch.length) this.context.send({ channel: 'telemetry', message: { ts: batch[batch.length - 1].t, samples: batch } });
    this.telemetryCursor = end;
  }

  /** Forgets the telemetry cursor: after an outage the device does not resend what it missed. */
  resetTelemetry(): void {
    this.telemetryCursor = null;
  }

  /** The member (itself or a sub-device) with this ID. */
  find(deviceId: string): Member | undefined {
    return [this.self, ...this.subs].find((candidate) => candidate.deviceId === deviceId);
  }

  /** A scenario on this device or one of its sub-devices: an event as the sensor would send it. */
  sense(deviceId: string, type: DeviceEventType, status: number): void {
    const target = this.find(deviceId);
    if (!target) throw new Error(`${deviceId} is not ${this.deviceId} or one of its sub-devices`);
    this.event(type, status, target === this.self ? {} : { sub: target.deviceId });
  }

  lowBattery(deviceId: string): void {
    const target = this.find(deviceId);
    if (!target || target.battery === null) throw new Error(`${deviceId} has no battery`);
    target.battery = 9;
    this.context.send(target === this.self ? { channel: 'status', message: this.status(), retain: true } : { channel: 'status', message: this.subStatus(target) });
    this.sense(deviceId, 'lowPower', 1);
  }

  private ack(command: CommandMessage, ok: boolean, extra: object = {}): void {
    this.context.send({ channel: 'ack', message: { id: command.id, ok, ts: this.context.now(), ...extra } });
  }

  /** Answers a command on `ack`, then does what it asks. */
  command(command: CommandMessage): void {
    const args = command.args;
    switch (command.cmd) {
      case 'configure': {
        if ('reportInterval' in args) {
          const interval = parseInterval(args.reportInterval);
          if (interval === null) return this.ack(command, false, { code: 'invalidArgs', message: `reportInterval must be ${REPORT_INTERVAL_MIN_S}-${REPORT_INTERVAL_MAX_S}` });
          this.reportInterval = interval;
        }
        if ('fallRadar' in args) {
          if (this.self.kind !== 'fallRadar') return this.ack(command, false, { code: 'unsupported', message: 'not a fall radar' });
          this.fallRadarSettings = args.fallRadar;
        }
        return this.ack(command, true);
      }
      case 'restart':
        this.ack(command, true);
        return this.context.later(200, () => this.context.restart(typeof args.downMs === 'number' ? args.downMs : 3000));
      case 'upgrade': {
        const version = typeof args.version === 'string' && args.version.length <= 32 ? args.version : null;
        if (!version) return this.ack(command, false, { code: 'invalidArgs', stage: 'failed', message: 'version required' });
        this.ack(command, true, { stage: 'downloading', progress: 0 });
        const install = () => {
          this.ack(command, true, { stage: 'installing', progress: 60 });
          this.context.later(500, () => {
            this.firmware = version;
            this.ack(command, true, { stage: 'done', progress: 100 });
            this.context.later(200, () => this.context.restart(2000));
          });
        };
        if (!this.context.download || typeof args.url !== 'string') {
          this.context.later(500, install);
          return;
        }
        // A real device downloads the package and installs it only when size and MD5 match.
        void this.context.download(args.url).then(
          (bytes) => {
            const md5 = createHash('md5').update(bytes).digest('hex');
            if (typeof args.md5 === 'string' && md5 !== args.md5.toLowerCase()) {
              return this.ack(command, false, { stage: 'failed', code: 'md5Mismatch', message: `MD5 ${md5} is not ${args.md5}` });
            }
            if (typeof args.size === 'number' && bytes.length !== args.size) {
              return this.ack(command, false, { stage: 'failed', code: 'sizeMismatch', message: `${bytes.length} bytes, expected ${args.size}` });
            }
            this.downloaded.push({ version, md5, size: bytes.length });
            this.ack(command, true, { stage: 'downloading', progress: 50 });
            this.context.later(200, install);
          },
          (error: unknown) => this.ack(command, false, { stage: 'failed', code: 'downloadFailed', message: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      case 'pair':
        return this.pair(command);
      case 'unpair': {
        const target = typeof args.sub === 'string' ? this.subs.find((sub) => sub.deviceId === args.sub) : undefined;
        if (this.self.kind !== 'gatewayHost' || !target) return this.ack(command, false, { code: 'unknownSubDevice' });
        target.paired = false;
        this.ack(command, true);
        return this.event('pairing', 0, { sub: target.deviceId, subType: target.deviceType });
      }
      case 'test': {
        const target = typeof args.sub === 'string' ? this.subs.find((sub) => sub.deviceId === args.sub) : this.self;
        if (!target) return this.ack(command, false, { code: 'unknownSubDevice' });
        this.ack(command, true);
        const extra = target === this.self ? {} : { sub: target.deviceId };
        this.event('test', 1, extra);
        return this.context.later(3000, () => this.event('test', 0, extra));
      }
      case 'realtime':
        return this.realtime(command);
    }
  }

  /** A gateway opens pairing: its sub-devices (all, or those in args.subs) join one by one and report `pairing`. */
  private pair(command: CommandMessage): void {
    if (this.self.kind !== 'gatewayHost') return this.ack(command, false, { code: 'unsupported' });
    const wanted = Array.isArray(command.args.subs) ? command.args.subs.filter((item): item is string => typeof item === 'string') : null;
    const joining = this.subs.filter((sub) => !wanted || wanted.includes(sub.deviceId));
    this.ack(command, true);
    joining.forEach((sub, index) =>
      this.context.later(500 * (index + 1), () => {
        sub.paired = true;
        this.event('pairing', 1, { sub: sub.deviceId, subType: sub.deviceType });
        this.context.send({ channel: 'status', message: this.subStatus(sub) });
      }),
    );
  }

  /** A fall radar in real-time mode reports where the person stands, every second, for args.seconds (default 60). */
  private realtime(command: CommandMessage): void {
    if (this.self.kind !== 'fallRadar') return this.ack(command, false, { code: 'unsupported' });
    if (command.args.on === false) {
      this.realtimeUntil = 0;
      return this.ack(command, true);
    }
    const seconds = typeof command.args.seconds === 'number' && command.args.seconds > 0 ? Math.min(command.args.seconds, 600) : 60;
    const running = this.realtimeUntil > Date.now();
    this.realtimeUntil = Date.now() + seconds * 1000;
    this.ack(command, true);
    if (running) return;
    let x = 0.5;
    let y = 1.5;
    let step = 0;
    const walk = () => {
      if (Date.now() >= this.realtimeUntil) return;
      step++;
      x = Math.max(-2, Math.min(2, x + (unit(this.self.seed, 31, step) - 0.5) * 0.4));
      y = Math.max(0, Math.min(4, y + (unit(this.self.seed, 32, step) - 0.5) * 0.4));
      this.event('site', 1, { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 });
      this.context.later(1000, walk);
    };
    walk();
  }
}
