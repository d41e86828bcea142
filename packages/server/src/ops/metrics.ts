import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every Vigil metric name starts with this, so dashboards find them together. */
export const METRIC_PREFIX = 'vigil_';

export interface MetricDefinition<Label extends string> {
  /** Full name, `vigil_` first, Prometheus style: `vigil_messages_in_total`. */
  name: string;
  help: string;
  labelNames?: readonly Label[];
}

/**
 * The metrics of one Vigil server. Features take this as a dependency and create
 * their own counters, gauges and histograms once at start-up, then update them:
 *
 *   const dropped = metrics.counter({ name: 'vigil_messages_dropped_total', help: '…', labelNames: ['reason'] });
 *   dropped.inc({ reason: 'malformed' });
 *
 * Process-wide metrics (CPU, memory, event-loop delay, GC) come with every scrape.
 */
export interface Metrics {
  counter<Label extends string>(definition: MetricDefinition<Label>): Counter<Label>;
  gauge<Label extends string>(definition: MetricDefinition<Label> & { collect?: (this: Gauge<Label>) => void | Promise<void> }): Gauge<Label>;
  histogram<Label extends string>(definition: MetricDefinition<Label> & { buckets?: number[] }): Histogram<Label>;
  /** The text exposition format of this server's metrics and the process defaults. */
  render(): Promise<string>;
  contentType: string;
}

// Process metrics (CPU, memory, event-loop delay, GC) are one set per process, however many
// servers it runs (the tests start many): registered once, merged into each scrape.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

function checkedName(name: string): string {
  if (!name.startsWith(METRIC_PREFIX) || !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`metric name "${name}" must be snake_case and start with ${METRIC_PREFIX}`);
  return name;
}

/** A fresh metrics registry for one server. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const defaults = processMetrics();
  return {
    counter: (definition) => new Counter({ name: checkedName(definition.name), help: definition.help, labelNames: definition.labelNames ?? [], registers: [registry] }),
    gauge: (definition) =>
      new Gauge({ name: checkedName(definition.name), help: definition.help, labelNames: definition.labelNames ?? [], collect: definition.collect, registers: [registry] }),
    histogram: (definition) =>
      new Histogram({ name: checkedName(definition.name), help: definition.help, labelNames: definition.labelNames ?? [], buckets: definition.buckets, registers: [registry] }),
    render: () => Registry.merge([defaults, registry]).metrics(),
    contentType: registry.contentType,
  };
}
