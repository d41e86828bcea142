import crypto from 'node:crypto';
import { deviceTypeInfo, REPORT_INTERVAL_DEFAULT_S, type DevicePlacement } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { deviceStateRepository, type DirectoryRow } from './device-state.repository.ts';

/** What ingest needs to know about a device, cached so that no message costs a query. */
export interface DirectoryEntry extends DevicePlacement {
  /** devices.id */
  rowId: number;
  deviceId: string;
  deviceType: number;
  key: string;
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

function toEntry(row: DirectoryRow): DirectoryEntry {
  return {
    rowId: row.id,
    deviceId: row.device_id,
    deviceType: row.device_type,
    key: row.device_key,
    previousKey: row.previous_key,
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

/** Constant-time comparison of a presented device key with the stored one. */
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
export function deviceDirectory(db: Db, options: { now: () => number; refreshMs?: number }) {
  const devices = deviceStateRepository(db);
  const byId = new Map<string, DirectoryEntry>();
  const byRow = new Map<number, DirectoryEntry>();
  const unknownUntil = new Map<string, number>();
  const lookups = new Map<string, Promise<DirectoryEntry | null>>();
  let timer: NodeJS.Timeout | null = null;

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
      const fresh = toEntry(row);
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
    const row = await devices.directoryRow(deviceId);
    if (!row) {
      const old = byId.get(deviceId);
      if (old) {
        byId.delete(deviceId);
        byRow.delete(old.rowId);
      }
      unknownUntil.set(deviceId, options.now() + NEGATIVE_TTL_MS);
      return null;
    }
    const fresh = toEntry(row);
    const previous = byId.get(deviceId);
    if (previous && previous.rowId === fresh.rowId) {
      Object.assign(previous, fresh);
      return previous;
    }
    return remember(fresh);
  }

  /** The device uses its new key: the previous one is forgotten (only if no newer rotation happened meanwhile). */
  async function confirmRotation(entry: DirectoryEntry): Promise<void> {
    await devices.forgetPreviousKey(entry.rowId, entry.key);
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
      const until = unknownUntil.get(deviceId);
      if (until === undefined) return false;
      if (until > options.now()) return true;
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
  };
}

export type DeviceDirectory = ReturnType<typeof deviceDirectory>;
