import fs from 'node:fs';
import type { DatabaseHandle } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Metrics } from './metrics.ts';
import { deviceCountsByCareHome, type CareHomeDeviceCount } from './platform-metrics.repository.ts';

/** How long the per-care-home device counts are reused between scrapes (several scrapers, one query). */
const DEVICE_COUNTS_TTL_MS = 10_000;
const PING_TIMEOUT_MS = 2_000;

/**
 * The metrics deploy/'s dashboard and alerts read that no feature owns (README "Deployment"):
 * whether the database answers, free space where the data lives, worker pools, devices online
 * and offline per care home, and how long a raised alarm takes to reach this process's sockets.
 */
export function platformMetrics(deps: {
  metrics: Metrics;
  database: DatabaseHandle;
  dataDir: string;
  bus: EventBus;
  now: () => number;
  pools: Record<string, { stats(): { alive: number; busy: number; waiting: number; capacity: number } }>;
}): void {
  const { metrics, database } = deps;
  metrics.gauge({
    name: 'vigil_db_up',
    help: 'Whether the database answered a query within 2 s at this scrape (1) or not (0)',
    async collect() {
      this.set((await database.ping(PING_TIMEOUT_MS)) ? 1 : 0);
    },
  });
  const disk = (name: string, help: string, read: (stats: fs.StatsFs) => number) =>
    metrics.gauge({
      name,
      help,
      collect() {
        try {
          this.set(read(fs.statfsSync(deps.dataDir)));
        } catch {
          // The data dir is gone: no value rather than a wrong one.
        }
      },
    });
  disk('vigil_data_disk_free_bytes', 'Space available to Vigil on the file system of VIGIL_DATA_DIR', (stats) => stats.bavail * stats.bsize);
  disk('vigil_data_disk_size_bytes', 'Size of the file system of VIGIL_DATA_DIR', (stats) => stats.blocks * stats.bsize);
  const pools = Object.entries(deps.pools);
  const poolGauge = (name: string, help: string, read: (stats: ReturnType<(typeof pools)[number][1]['stats']>) => number) =>
    metrics.gauge({
      name,
      help,
      labelNames: ['pool'],
      collect() {
        for (const [pool, source] of pools) this.set({ pool }, read(source.stats()));
      },
    });
  poolGauge('vigil_workers_alive', 'Worker threads alive, by pool', (stats) => stats.alive);
  poolGauge('vigil_workers_busy', 'Worker threads running a job, by pool', (stats) => stats.busy);
  poolGauge('vigil_workers_capacity', 'Most worker threads a pool starts', (stats) => stats.capacity);
  poolGauge('vigil_worker_jobs_waiting', 'Jobs waiting for a worker thread, by pool', (stats) => stats.waiting);

  let counts: { at: number; rows: CareHomeDeviceCount[] } | null = null;
  metrics.gauge({
    name: 'vigil_devices',
    help: "Devices of each care home by state (online, offline), from the registry (the same on every process)",
    labelNames: ['care_home_id', 'care_home', 'state'],
    async collect() {
      const time = deps.now();
      if (!counts || time - counts.at > DEVICE_COUNTS_TTL_MS) {
        const rows = await deviceCountsByCareHome(database);
        if (!rows) return; // the database is down: vigil_db_up says so
        counts = { at: time, rows };
        this.reset();
      }
      for (const row of counts.rows) {
        const labels = { care_home_id: String(row.providerId), care_home: row.name };
        this.set({ ...labels, state: 'online' }, row.online);
        this.set({ ...labels, state: 'offline' }, row.offline);
      }
    },
  });

  const notify = metrics.histogram({
    name: 'vigil_alarm_notify_seconds',
    help: 'From a new alarm being raised to its notice reaching this process (where its sockets are sent it)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  });
  deps.bus.subscribe('alarm.raised', ({ alarm, kind }) => {
    if (kind === 'new') notify.observe(Math.max(0, deps.now() - alarm.raisedAt) / 1000);
  });
}
