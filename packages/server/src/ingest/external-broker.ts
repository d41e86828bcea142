import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { DEVICE_UPLINK_CHANNELS, parseDeviceTopic, TOPIC_ROOT } from '@vigil/contracts';
import type { DeviceLog } from './device-log/device-log.ts';
import type { Ingest, IngestLog } from './ingest.ts';

export interface ExternalBroker {
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** The URL without its password, for logs. */
export function describeMqttUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Vigil as a client of an external broker (MQTT_URL: Mosquitto, EMQX …). It subscribes to
 * the uplink channels of every device through a shared subscription
 * (`$share/{MQTT_SHARE_GROUP}/vigil/v1/+/{channel}`), so several Vigil processes split the
 * messages. The broker authenticates devices and enforces their topics (README); Vigil
 * still drops messages of devices that are not in its registry.
 */
export async function connectExternalBroker(options: {
  url: string;
  shareGroup: string;
  ingest: Ingest;
  log: IngestLog;
  /**
   * With the device log (NATS_URL): every process subscribes to every device topic, no share
   * group, and appends what it hears to the log instead of handing it to ingest.
   */
  deviceLog?: Pick<DeviceLog, 'append'>;
}): Promise<ExternalBroker> {
  const { ingest, log } = options;
  const client = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: `vigil-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  const topics = DEVICE_UPLINK_CHANNELS.map((channel) => (options.deviceLog ? `${TOPIC_ROOT}/+/${channel}` : `$share/${options.shareGroup}/${TOPIC_ROOT}/+/${channel}`));
  let subscribed: (() => void) | null = null;
  client.on('connect', () => {
    client.subscribe(topics, { qos: 1 }, (error) => {
      if (error) log.error({ err: error }, 'mqtt: could not subscribe to the device topics');
      else subscribed?.();
    });
  });
  client.on('error', (error) => log.warn({ err: error, broker: describeMqttUrl(options.url) }, 'mqtt: broker connection error'));
  client.on('message', (topic, payload) => {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || !DEVICE_UPLINK_CHANNELS.some((channel) => channel === parsed.channel)) {
      ingest.refuse(parsed?.channel ?? 'unknown', 'forbiddenTopic', parsed?.deviceId ?? null, topic);
      return;
    }
    if (options.deviceLog) {
      void options.deviceLog.append(parsed.deviceId, parsed.channel, payload);
      return;
    }
    ingest.receive(parsed.deviceId, parsed.channel, payload, { transport: 'external' }).catch((error: unknown) => log.error({ err: error }, 'mqtt: ingest failed on a message'));
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`MQTT_URL ${describeMqttUrl(options.url)}: no connection within 10 s`)), 10_000);
    subscribed = () => {
      subscribed = null;
      clearTimeout(timer);
      resolve();
    };
  }).catch(async (error: unknown) => {
    await client.endAsync(true);
    throw error;
  });
  return {
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    close: () => client.endAsync(),
  };
}
