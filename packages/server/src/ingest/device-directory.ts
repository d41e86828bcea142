import crypto from 'node:crypto';
import { DEVICE_ID_MAX, DEVICE_ID_PATTERN, deviceTypeInfo, REPORT_INTERVAL_DEFAULT_S, type DevicePlacement } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import type { DeviceKeySeal } from './device-key-seal.ts';
import { deviceStateRepository, type DirectoryRow } from './device-state.repository.ts';

/** What ingest needs to know about a device, cached so that no message costs a query. */
export interface DirectoryEntry extends DevicePlacement {
  /** devices.id */
  rowId: number;
  deviceId: string;
  deviceType: number;
  /** The plain key, opened from the sealed one the registry holds ('' when it does not open: nothing matches it). */
  key: string;
  /** The key as the registry holds it (sealed): names this key in the registry's conditional updates. */
  sealedKey: string;
  /** The key before the last rotation and until when it still works (docs/devices.md "Key rotation"). */
  previousKey: string | null;
  previousKeyUntil: number | null;
  /** devices.id of the gateway host of a sub-device. */
  hostRowId: number | null;
  online: boolean;
  /** Seconds between the reports supervision expects (docs/device-protocol.md "Supervision"). */
  intervalS: number;
}

/** Devices that stream telemetry report every reportInterval; everything else sends status at least this often. */
export const STATUS_HEARTBEAT_S = 60;

/** How long a device ID that is not in the registry stays known as unknown before the next lookup. */
const NEGATIVE_TTL_MS = 30_000;
/** How many unknown IDs are remembered at most (least recently asked for forgotten first): a stream of made-up IDs cannot grow memory. */
export const NEGATIVE_CACHE_MAX = 10_000;

/** Whether a text can be a device ID at all (the registry's length and characters); anything else is unknown without a lookup. */
export function isPossibleDeviceId(deviceId: string): boolean {
  return deviceId.length > 0 && deviceId.length <= DEVICE_ID_MAX && DEVICE_ID_PATTERN.test(deviceId);
}

/** The expected report interval: the device's `reportInterval` setting, else the type's default. */
export function reportIntervalOf(deviceType: number, settingsJson: string): number {
  try {
    const settings: unknown = JSON.parse(settingsJson);
    if (typeof settings === 'object' && settings !== null && 'reportInterval' in settings) {
      const value = Number(settings.reportInterval);
      if (Number.isFinite(value) && value > 0) return value;
    }
  } catch {
    // Unreadable settings fall back to the default.
  }
  return deviceTypeInfo(deviceType)?.kind === 'sleepMonitor' ? REPORT_INTERVAL_DEFAULT_S : STATUS_HEARTBEAT_S;
}

function toEntry(row: DirectoryRow, deviceKeys: DeviceKeySeal): DirectoryEntry {
  return {
    rowId: row.id,
    deviceId: row.device_id,
    deviceType: row.device_type,
    // A value this installation did not seal (written around Vigil, or under another secret) opens no device.
    key: deviceKeys.open(row.device_key) ?? '',
    sealedKey: row.device_key,
    previousKey: row.previous_key === null ? null : deviceKeys.open(row.previous_key),
    previousKeyUntil: row.previous_key_until === null ? null : Number(row.previous_key_until),
    providerId: row.provider_id,
    bedId: row.bed_id,
    roomId: row.room_id ?? row.bed_room_id ?? null,
    residentId: row.resident_id ?? row.bed_resident_id ?? null,
    hostRowId: row.host_id,
    online: Number(row.online) === 1,
    intervalS: reportIntervalOf(row.device_type, row.settings),
  };
}

/** Constant-time comparison of a presented device key with the device's (plain) key: both are hashed first, so neither length shows. */
export function keyMatches(stored: string, presented: string): boolean {
  const a = crypto.createHash('sha256').update(stored).digest();
  const b = crypto.createHash('sha256').update(presented).digest();
  return crypto.timingSafeEqual(a, b) && stored.length > 0;
}

/**
 * The device registry as ingest sees it: loaded whole at start, reloaded every
 * `refreshMs`, a miss looked up once (unknown IDs are remembered for a while), and
 * `invalidate(deviceId)` for modules that change a device (binding, key, provider).
 */
export function deviceDirectory(db: Db, options: { now: () => number; deviceKeys: DeviceKeySeal; refreshMs?: number; negativeMax?: number }) {
  const devices = deviceStateRepository(db);
  const byId = new Map<string, DirectoryEntry>();
  const byRow = new Map<number, DirectoryEntry>();
  const unknownUntil = new Map<string, number>();
  const lookups = new Map<string, Promise<DirectoryEntry | null>>();
  let timer: NodeJS.Timeout | null = null;
  const negativeMax = options.negativeMax ?? NEGATIVE_CACHE_MAX;

  /** Remembers an unknown ID (LRU: a Map keeps insertion order, the oldest is evicted first). */
  function rememberUnknown(deviceId: string): void {
    unknownUntil.delete(deviceId);
    unknownUntil.set(deviceId, options.now() + NEGATIVE_TTL_MS);
    while (unknownUntil.size > negativeMax) {
      const oldest = unknownUntil.keys().next();
      if (oldest.done) break;
      unknownUntil.delete(oldest.value);
    }
  }

  function remember(entry: DirectoryEntry): DirectoryEntry {
    byId.set(entry.deviceId, entry);
    byRow.set(entry.rowId, entry);
    unknownUntil.delete(entry.deviceId);
    return entry;
  }

  async function reload(): Promise<void> {
    const rows = await devices.directoryRows();
    const seen = new Set<string>();
    for (const row of rows) {
      const fresh = toEntry(row, options.deviceKeys);
      const previous = byId.get(fresh.deviceId);
      if (previous && previous.rowId === fresh.rowId) Object.assign(previous, fresh);
      else remember(fresh);
      seen.add(fresh.deviceId);
    }
    for (const [deviceId, entry] of byId) {
      if (!seen.has(deviceId)) {
        byId.delete(deviceId);
        byRow.delete(entry.rowId);
      }
    }
  }

  async function fetch(deviceId: string): Promise<DirectoryEntry | null> {
    if (!isPossibleDeviceId(deviceId)) return null;
    const row = await devices.directoryRow(deviceId);
    if (!row) {
      const old = byId.get(deviceId);
      if (old) {
        byId.delete(deviceId);
        byRow.delete(old.rowId);
      }
      rememberUnknown(deviceId);
      return null;
    }
    const fresh = toEntry(row, options.deviceKeys);
    const previous = byId.get(deviceId);
    if (previous && previous.rowId === fresh.rowId) {
      Object.assign(previous, fresh);
      return previous;
    }
    return remember(fresh);
  }

  /** The device uses its new key: the previous one is forgotten (only if no newer rotation happened meanwhile). */
  async function confirmRotation(entry: DirectoryEntry): Promise<void> {
    await devices.forgetPreviousKey(entry.rowId, entry.sealedKey);
    await devices.confirmRotateCommand(entry.rowId, entry.sealedKey, options.now());
    entry.previousKey = null;
    entry.previousKeyUntil = null;
  }

  return {
    /** Loads every device and starts the periodic reload. */
    async start(): Promise<void> {
      await reload();
      timer = setInterval(() => void reload().catch(() => {}), options.refreshMs ?? 30_000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** The cached entry, or undefined when not cached (then `lookup`). */
    cached(deviceId: string): DirectoryEntry | undefined {
      return byId.get(deviceId);
    },
    /** True when the ID was looked up recently and is not in the registry. */
    knownUnknown(deviceId: string): boolean {
      if (!isPossibleDeviceId(deviceId)) return true;
      const until = unknownUntil.get(deviceId);
      if (until === undefined) return false;
      if (until > options.now()) {
        // Asked for again: it becomes the most recently used.
        unknownUntil.delete(deviceId);
        unknownUntil.set(deviceId, until);
        return true;
      }
      unknownUntil.delete(deviceId);
      return false;
    },
    /** The entry from cache or the database (one query per ID at a time). */
    async lookup(deviceId: string): Promise<DirectoryEntry | null> {
      const hit = byId.get(deviceId);
      if (hit) return hit;
      if (this.knownUnknown(deviceId)) return null;
      let pending = lookups.get(deviceId);
      if (!pending) {
        pending = fetch(deviceId).finally(() => lookups.delete(deviceId));
        lookups.set(deviceId, pending);
      }
      return pending;
    },
    /** Reads the device afresh (a device connecting: its key may just have changed). */
    refresh: (deviceId: string) => fetch(deviceId),
    byRowId: (rowId: number) => byRow.get(rowId),
    /** Forget what is cached about a device (or all): the next message reads it again. */
    invalidate(deviceId?: string): void {
      if (deviceId === undefined) {
        void reload().catch(() => {});
        return;
      }
      unknownUntil.delete(deviceId);
      void fetch(deviceId).catch(() => {});
    },
    /**
     * Whether the presented key opens the device: its key, or the key before a rotation while that
     * one's grace lasts. Presenting the new key confirms the rotation: the previous key stops at once.
     */
    async checkKey(entry: DirectoryEntry, presented: string): Promise<boolean> {
      if (keyMatches(entry.key, presented)) {
        if (entry.previousKey !== null) await confirmRotation(entry);
        return true;
      }
      return entry.previousKey !== null && entry.previousKeyUntil !== null && entry.previousKeyUntil > options.now() && keyMatches(entry.previousKey, presented);
    },
    reload,
    size: () => byId.size,
    /** How many unknown IDs are remembered now (at most NEGATIVE_CACHE_MAX). */
    unknownCount: () => unknownUntil.size,
  };
}

export type DeviceDirectory = ReturnType<typeof deviceDirectory>;
