import type { DeviceEventType } from '@vigil/contracts';
import { offlineSpells } from './devices/ambient.ts';
import { SimulatedDevice, type Outgoing } from './devices/device.ts';
import type { SimulatedDeviceSpec } from './devices/spec.ts';
import type { NightTruth } from './nights/truth.ts';
import { hashString, mix, unit } from './random.ts';
import { httpTransport } from './transport/http.ts';
import { mqttTransport } from './transport/mqtt.ts';
import type { DeviceLink, Transport, UplinkChannel } from './transport/transport.ts';

export interface SimulationOptions {
  /** `mqtt://host:port` of the broker Vigil listens to (embedded Aedes, Mosquitto, EMQX). */
  brokerUrl?: string;
  /** Or Vigil's base URL, to report over HTTP instead (`http://host:port`). */
  httpBaseUrl?: string;
  /**
   * Vigil's HTTP base URL where devices download firmware (`upgrade` commands carry a path).
   * Defaults to httpBaseUrl; without either, upgrades only play their acks.
   */
  downloadBaseUrl?: string;
  /** HTTP only: real milliseconds between polls for commands. Default 5000. */
  pollMs?: number;
  devices: readonly SimulatedDeviceSpec[];
  /** Same seed, same nights and same sensor events. Default 1. */
  seed?: number;
  /** Simulated seconds per real second. Default 1 (real time). */
  speed?: number;
  /** Simulated time at the start, epoch ms. Default now. */
  startAt?: number;
  /** Local time = UTC + this (bedtimes are local). Default: this machine's zone. */
  timeZoneOffsetMinutes?: number;
  /** Sensors act by themselves and devices drop off now and then. Default true; tests that want only their own scenarios set false. */
  ambient?: boolean;
  /** Real milliseconds between simulation steps. Default 1000. */
  tickMs?: number;
  log?: (line: string) => void;
  /** Sees every message a simulated device sends (after it is handed to the transport). */
  onSend?: (deviceId: string, channel: UplinkChannel, message: object) => void;
}

/** Things a test or the demo can make happen now. A sub-device ID addresses it through its gateway. */
export type Scenario =
  | 'fall'
  | 'suspectedFall'
  | 'fallCleared'
  | 'sos'
  | 'doorOpen'
  | 'doorClose'
  | 'motion'
  | 'motionCleared'
  | 'smoke'
  | 'gas'
  | 'monoxide'
  | 'water'
  | 'badgeSos'
  | 'dismantle'
  | 'breakdown'
  | 'test'
  | 'lowBattery';

const SCENARIO_EVENTS: Record<Exclude<Scenario, 'lowBattery'>, [DeviceEventType, number]> = {
  fall: ['fall', 2],
  suspectedFall: ['fall', 1],
  fallCleared: ['fall', 0],
  sos: ['sos', 1],
  doorOpen: ['door', 1],
  doorClose: ['door', 0],
  motion: ['motion', 1],
  motionCleared: ['motion', 0],
  smoke: ['smoke', 1],
  gas: ['gas', 1],
  monoxide: ['monoxide', 1],
  water: ['water', 1],
  badgeSos: ['badgeSos', 1],
  dismantle: ['dismantle', 1],
  breakdown: ['breakdown', 1],
  test: ['test', 1],
};

export interface SimulationStats {
  sent: number;
  byChannel: Record<UplinkChannel, number>;
  problems: number;
  online: number;
}

export interface SimulationHandle {
  /** Top-level device IDs (gateway sub-devices report through their hosts). */
  readonly deviceIds: readonly string[];
  /** Resolves once every device has connected and announced itself once. */
  readonly ready: Promise<void>;
  /** Simulated time, epoch ms. */
  now(): number;
  trigger(deviceId: string, scenario: Scenario): Promise<void>;
  fallNow(deviceId: string, options?: { suspected?: boolean }): Promise<void>;
  sosNow(deviceId: string): Promise<void>;
  openDoor(deviceId: string): Promise<void>;
  closeDoor(deviceId: string): Promise<void>;
  /** Drops the device as a power cut would (MQTT: the broker publishes its last will); back after `forMs` real ms, or on comeBack. */
  goOffline(deviceId: string, options?: { forMs?: number }): Promise<void>;
  comeBack(deviceId: string): Promise<void>;
  /** A sleep monitor's spell in bed (night or nap) at a simulated moment (default now): the ground truth of what it reports. */
  truth(deviceId: string, at?: number): NightTruth | undefined;
  /** A device's firmware version now and the packages it downloaded and verified (size and MD5). */
  firmware(deviceId: string): { version: string; downloaded: readonly { version: string; md5: string; size: number }[] };
  /** A fall radar's settings as its last `configure` set them (`args.fallRadar`), or null before any. */
  fallRadarSettings(deviceId: string): unknown;
  stats(): SimulationStats;
  /** Stops every device: by default each says it goes offline; `clearRetained` also removes its retained status (tests on a shared broker). */
  stop(options?: { clearRetained?: boolean }): Promise<void>;
}

interface Running {
  device: SimulatedDevice;
  link: DeviceLink | null;
  online: boolean;
  announced: boolean;
  lastAmbient: number;
  lastFlushReal: number;
  pending: Promise<unknown>;
}

/** Downloads a firmware package as a device would: GET on Vigil's server, the whole body. */
async function download(base: string, url: string): Promise<Uint8Array> {
  const response = await fetch(new URL(url, base), { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`download answered HTTP ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) throw new Error(`download refused: ${(await response.text()).slice(0, 200)}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Starts simulated devices speaking Vigil's device protocol. */
export async function startSimulation(options: SimulationOptions): Promise<SimulationHandle> {
  const transport: Transport = options.brokerUrl
    ? mqttTransport(options.brokerUrl)
    : options.httpBaseUrl
      ? httpTransport(options.httpBaseUrl, { pollMs: options.pollMs })
      : (() => {
          throw new Error('startSimulation needs brokerUrl or httpBaseUrl');
        })();
  const seed = options.seed ?? 1;
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new Error('speed must be a positive number');
  const realStart = Date.now();
  const simStart = options.startAt ?? realStart;
  const now = () => simStart + (Date.now() - realStart) * speed;
  const log = options.log ?? (() => {});
  const ambient = options.ambient ?? true;
  const zone = options.timeZoneOffsetMinutes ?? -new Date(simStart).getTimezoneOffset();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const stats: SimulationStats = { sent: 0, byChannel: { status: 0, telemetry: 0, event: 0, ack: 0 }, problems: 0, online: 0 };
  const later = (ms: number, action: () => void) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) action();
    }, ms);
    timers.add(timer);
  };

  const downloadBase = options.downloadBaseUrl ?? options.httpBaseUrl;

  const running = new Map<string, Running>();
  const owners = new Map<string, Running>();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const checkReady = () => {
    if ([...running.values()].every((entry) => entry.announced)) markReady();
  };

  const send = (entry: Running, out: Outgoing) => {
    if (!entry.online || !entry.link) return;
    const link = entry.link;
    stats.sent++;
    stats.byChannel[out.channel]++;
    options.onSend?.(entry.device.deviceId, out.channel, out.message);
    entry.pending = link.publish(out.channel, out.message, { retain: out.retain }).catch((error: unknown) => {
      stats.problems++;
      log(`${entry.device.deviceId}: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  const connect = (entry: Running) => {
    entry.link = transport.open(
      { deviceId: entry.device.deviceId, key: entry.device.spec.key },
      {
        connected: () => {
          if (!entry.online) return;
          entry.device.resetTelemetry();
          entry.device.announce();
          if (!entry.announced) {
            entry.announced = true;
            checkReady();
          }
        },
        command: (message) => {
          if (entry.online) entry.device.command(message);
        },
        problem: (message) => {
          stats.problems++;
          log(message);
        },
      },
    );
  };

  const goOffline = async (entry: Running, forMs?: number) => {
    if (!entry.online) return;
    entry.online = false;
    const link = entry.link;
    entry.link = null;
    await entry.pending;
    await link?.close('crash');
    if (forMs !== undefined) later(forMs, () => comeBack(entry));
  };
  const comeBack = (entry: Running) => {
    if (entry.online || stopped) return;
    entry.online = true;
    entry.lastAmbient = now();
    connect(entry);
  };

  for (const spec of options.devices) {
    if (running.has(spec.deviceId)) throw new Error(`device ${spec.deviceId} is listed twice`);
    // Reports spread over the interval, so a hundred devices do not speak in the same millisecond.
    const phase = unit(seed, hashString(spec.deviceId)) * (spec.reportInterval ?? 10) * 1000;
    const device = new SimulatedDevice(spec, seed, zone, {
      now,
      send: (out) => send(entry, out),
      restart: (downMs) => void goOffline(entry, downMs),
      later,
      ...(downloadBase ? { download: (url: string) => download(downloadBase, url) } : {}),
    });
    const entry: Running = { device, link: null, online: true, announced: false, lastAmbient: simStart, lastFlushReal: realStart - phase, pending: Promise.resolve() };
    running.set(spec.deviceId, entry);
    owners.set(spec.deviceId, entry);
    for (const sub of spec.subDevices ?? []) owners.set(sub.deviceId, entry);
  }
  for (const entry of running.values()) connect(entry);
  if (running.size === 0) markReady();

  const tick = () => {
    const simNow = now();
    const realNow = Date.now();
    for (const entry of running.values()) {
      if (!entry.online || !entry.announced) continue;
      if (ambient) {
        entry.device.ambient(entry.lastAmbient, simNow);
        const spell = offlineSpells(mix(seed, hashString(entry.device.deviceId)), entry.lastAmbient, simNow).find((candidate) => candidate.start >= entry.lastAmbient);
        entry.lastAmbient = simNow;
        if (spell) {
          void goOffline(entry, (spell.end - spell.start) / speed);
          continue;
        }
      }
      entry.lastAmbient = simNow;
      if (realNow - entry.lastFlushReal >= entry.device.reportInterval * 1000) {
        entry.lastFlushReal = realNow;
        entry.device.flushTelemetry(simNow);
        entry.device.heartbeat();
      }
    }
  };
  const ticker = setInterval(tick, options.tickMs ?? 1000);

  const entryOf = (deviceId: string) => {
    const entry = owners.get(deviceId);
    if (!entry) throw new Error(`${deviceId} is not simulated here`);
    return entry;
  };
  const topLevel = (deviceId: string) => {
    const entry = running.get(deviceId);
    if (!entry) throw new Error(`${deviceId} is not a simulated top-level device (sub-devices go offline with their gateway)`);
    return entry;
  };
  const trigger = async (deviceId: string, scenario: Scenario) => {
    const entry = entryOf(deviceId);
    if (scenario === 'lowBattery') entry.device.lowBattery(deviceId);
    else entry.device.sense(deviceId, ...SCENARIO_EVENTS[scenario]);
    await entry.pending;
  };

  return {
    deviceIds: [...running.keys()],
    ready,
    now,
    trigger,
    fallNow: (deviceId, fallOptions) => trigger(deviceId, fallOptions?.suspected ? 'suspectedFall' : 'fall'),
    sosNow: (deviceId) => trigger(deviceId, 'sos'),
    openDoor: (deviceId) => trigger(deviceId, 'doorOpen'),
    closeDoor: (deviceId) => trigger(deviceId, 'doorClose'),
    goOffline: (deviceId, offlineOptions) => goOffline(topLevel(deviceId), offlineOptions?.forMs),
    comeBack: async (deviceId) => comeBack(topLevel(deviceId)),
    truth: (deviceId, at) => topLevel(deviceId).device.residentDays?.spellAt(at ?? now())?.truth,
    fallRadarSettings: (deviceId) => topLevel(deviceId).device.fallRadarSettings,
    firmware: (deviceId) => ({ version: topLevel(deviceId).device.firmware, downloaded: [...topLevel(deviceId).device.downloaded] }),
    stats: () => ({ ...stats, byChannel: { ...stats.byChannel }, online: [...running.values()].filter((entry) => entry.online).length }),
    async stop(stopOptions = {}) {
      if (stopped) return;
      stopped = true;
      clearInterval(ticker);
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        [...running.values()].map(async (entry) => {
          const link = entry.link;
          entry.online = false;
          entry.link = null;
          await entry.pending;
          if (!link) return;
          if (stopOptions.clearRetained) await link.clearRetained().catch(() => {});
          await link.close(stopOptions.clearRetained ? 'silent' : 'announce').catch(() => {});
        }),
      );
    },
  };
}
