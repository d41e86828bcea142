import { OFFLINE_AFTER_INTERVALS } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { reportIntervalOf } from './device-directory.ts';
import { deviceStateRepository } from './device-state.repository.ts';
import type { Ingest, IngestLog } from './ingest.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/**
 * Supervision (docs/device-protocol.md): a device that is online but silent longer than
 * OFFLINE_AFTER_INTERVALS report intervals goes offline (device.status, reason silence).
 * Runs in every Vigil process; the conditional update lets one of them make the change.
 */
export function supervision(deps: { db: Db; ingest: Ingest; telemetry: TelemetryStore; now: () => number; log: IngestLog; everyMs: number }) {
  const devices = deviceStateRepository(deps.db);
  let lastRun = 0;
  let running: Promise<number> | null = null;
  // A device online when this process starts gets a full silence window from the start: its
  // last-seen time may be from before a restart, and its next report is on its way.
  const startedAt = deps.now();

  async function check(): Promise<number> {
    const time = deps.now();
    const rows = await devices.online();
    const silent: { deviceId: string; seen: number }[] = [];
    for (const row of rows) {
      const seen = Math.max(row.last_seen_at ?? row.online_changed_at ?? 0, deps.ingest.lastSeenOf(row.device_id) ?? 0, startedAt);
      if (time - seen > OFFLINE_AFTER_INTERVALS * reportIntervalOf(row.device_type, row.settings) * 1000) silent.push({ deviceId: row.device_id, seen });
    }
    return deps.ingest.markOffline(silent, time);
  }

  function runNow(): Promise<number> {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    const time = deps.now();
    deps.ingest.tick();
    deps.telemetry.closeIdle(time);
    if (time - lastRun < deps.everyMs) return;
    lastRun = time;
    void runNow().catch((error: unknown) => deps.log.error({ err: error }, 'device supervision failed; it runs again shortly'));
  }, Math.min(1000, deps.everyMs));
  timer.unref();

  return {
    /** Checks every online device now; answers how many went offline. */
    runNow,
    async stop(): Promise<void> {
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
