import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Downlink } from '../events/downlink.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from '../ops/metrics.ts';
import { commandQueueRepository } from './command-queue.repository.ts';
import type { DeviceKeySeal } from './device-key-seal.ts';
import { deviceDirectory, type DeviceDirectory } from './device-directory.ts';
import { startDeviceLog, type CarrierMessageHandler, type DeviceLog, type PartitionRules } from './device-log/device-log.ts';
import { deviceHttpRoutes } from './device-http.routes.ts';
import { createDownlink } from './downlink-impl.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { connectExternalBroker, describeMqttUrl } from './external-broker.ts';
import { createIngest, type Ingest, type IngestLog, type IngestOptions } from './ingest.ts';
import { liveSubscriptions, type LiveSubscriptions } from './live-subscriptions.ts';
import { messageLogRepository, type MessageLogRepository } from './message-log.repository.ts';
import { supervision } from './supervision.ts';
import { telemetryStore, type TelemetryStore } from './telemetry-store.ts';

const DAY_MS = 24 * 3600_000;

/** The device side of Vigil: broker (or broker client), ingest, telemetry store, supervision and downlink. */
export interface DeviceIngest {
  ingest: Ingest;
  directory: DeviceDirectory;
  telemetry: TelemetryStore;
  messages: MessageLogRepository;
  downlink: Downlink;
  live: LiveSubscriptions;
  supervision: { runNow(): Promise<number> };
  /** The embedded broker's port; null with MQTT_URL. */
  mqttPort: number | null;
  /** The embedded broker's TLS port (MQTT_TLS_PORT); null without it. */
  mqttTlsPort: number | null;
  /** The durable device log (NATS_URL); null without it. */
  deviceLog: DeviceLog | null;
  /** Deletes raw data older than the retention period; answers chunks and messages removed. */
  purgeRawData(now: number): Promise<{ chunks: number; messages: number; commands: number }>;
  close(): Promise<void>;
}

/** Starts device ingest: the embedded broker on MQTT_PORT, or a client of MQTT_URL. */
export async function startDeviceIngest(deps: {
  app: FastifyInstance;
  config: Config;
  db: Db;
  /** Opens the device keys the registry holds sealed. */
  deviceKeys: DeviceKeySeal;
  bus: EventBus;
  metrics: Metrics;
  scheduler: Scheduler;
  log: IngestLog;
  now: () => number;
  print: (line: string) => void;
  options?: Partial<IngestOptions>;
  /** The rule engine's per-partition state (device log only). */
  rules: PartitionRules;
  /** Tells every console to fetch the pending list again (device log: a partition taken over). */
  refetchConsoles: (reason: string) => void;
  /** Applies the carrier's pushed messages read from the device log (device log only). */
  carrier: CarrierMessageHandler;
}): Promise<DeviceIngest> {
  const { config, db, now } = deps;
  const directory = deviceDirectory(db, { now, deviceKeys: deps.deviceKeys });
  await directory.start();
  const telemetry = telemetryStore(db, { now });
  const messages = messageLogRepository(db);
  const commands = commandQueueRepository(db);
  const ingest = createIngest({ db, dialect: config.databaseUrl ? 'postgres' : 'sqlite', bus: deps.bus, metrics: deps.metrics, log: deps.log, now, directory, telemetry, messages, commands, options: deps.options });
  const watch = supervision({ db, ingest, telemetry, now, log: deps.log, everyMs: 5_000 });

  let broker: { publish(topic: string, payload: string): Promise<void>; close(): Promise<void> };
  let mqttPort: number | null = null;
  let mqttTlsPort: number | null = null;
  let deviceLog: DeviceLog | null = null;
  if (config.mqttUrl && config.deviceLog) {
    deviceLog = await startDeviceLog({ settings: config.deviceLog, db, ingest, carrier: deps.carrier, rules: deps.rules, refetchConsoles: deps.refetchConsoles, metrics: deps.metrics, log: deps.log, now });
    broker = await connectExternalBroker({ url: config.mqttUrl, shareGroup: config.mqttShareGroup, ingest, log: deps.log, deviceLog });
    deps.print(`Devices: MQTT broker ${describeMqttUrl(config.mqttUrl)} through the device log (NATS stream ${config.deviceLog.stream}, ${config.deviceLog.partitions} partitions)`);
  } else if (config.mqttUrl) {
    broker = await connectExternalBroker({ url: config.mqttUrl, shareGroup: config.mqttShareGroup, ingest, log: deps.log });
    deps.print(`Devices: MQTT broker ${describeMqttUrl(config.mqttUrl)} (shared subscription group "${config.mqttShareGroup}")`);
  } else {
    const embedded = await startEmbeddedBroker({ port: config.mqttPort, host: config.host, ingest, directory, metrics: deps.metrics, log: deps.log, print: deps.print, limits: config.mqttLimits, tls: config.mqttTls });
    broker = embedded;
    mqttPort = embedded.port;
    mqttTlsPort = embedded.tlsPort;
    deps.print(`Devices: embedded MQTT broker on port ${embedded.port}`);
  }
  await deviceHttpRoutes(deps.app, { ingest, directory, commands, deviceKeys: deps.deviceKeys, now, deviceLog });
  const downlink = createDownlink({ publish: (topic, payload) => broker.publish(topic, payload), commands, deviceKeys: deps.deviceKeys, now, transportOf: (deviceId) => ingest.transportOf(deviceId) });

  async function purgeRawData(time: number) {
    const cutoff = time - config.rawRetentionDays * DAY_MS;
    return {
      chunks: await telemetry.purgeBefore(cutoff),
      messages: await messages.purgeBefore(cutoff),
      commands: await commands.purgeExpired(time),
    };
  }
  deps.scheduler.registerJob({ name: 'raw-data-purge', schedule: { everyMs: 3600_000 }, runAtStart: true, run: async ({ now: time }) => void (await purgeRawData(time)) });

  return {
    ingest,
    directory,
    telemetry,
    messages,
    downlink,
    live: liveSubscriptions(now),
    supervision: watch,
    mqttPort,
    mqttTlsPort,
    purgeRawData,
    deviceLog,
    async close() {
      await broker.close();
      await deviceLog?.close();
      await watch.stop();
      await ingest.close();
      directory.stop();
    },
  };
}
