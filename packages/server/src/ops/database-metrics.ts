import type { DatabaseHandle } from '../db/database.ts';
import type { Metrics } from './metrics.ts';

export interface DatabaseMetrics {
  /** Counts a pooled connection that broke and was dropped. */
  connectionLost(): void;
  /** Publishes the pool's open, idle and waiting counts (PostgreSQL; SQLite has one embedded connection). */
  watchPool(database: DatabaseHandle): void;
}

/** Database metrics: connections lost (restart, failover, terminated) and the PostgreSQL pool. */
export function databaseMetrics(metrics: Metrics): DatabaseMetrics {
  const lost = metrics.counter({ name: 'vigil_db_connections_lost_total', help: 'Pooled database connections that broke (restart, failover, terminated) and were dropped' });
  return {
    connectionLost: () => lost.inc(),
    watchPool(database) {
      if (database.dialect !== 'postgres') return;
      const gauge = (name: string, help: string, read: (stats: { total: number; idle: number; waiting: number }) => number) =>
        metrics.gauge({
          name,
          help,
          collect() {
            const stats = database.poolStats();
            if (stats) this.set(read(stats));
          },
        });
      gauge('vigil_db_pool_connections', 'Open connections of the PostgreSQL pool', (stats) => stats.total);
      gauge('vigil_db_pool_idle_connections', 'Idle connections of the PostgreSQL pool', (stats) => stats.idle);
      gauge('vigil_db_pool_waiting_clients', 'Queries waiting for a free PostgreSQL connection', (stats) => stats.waiting);
    },
  };
}
