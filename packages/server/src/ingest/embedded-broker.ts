import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { DEVICE_UPLINK_CHANNELS, deviceTopic, parseDeviceTopic } from '@vigil/contracts';
import type { Metrics } from '../ops/metrics.ts';
import type { DeviceDirectory } from './device-directory.ts';
import type { Ingest, IngestLog } from './ingest.ts';
import { bridgeMqtt5, connectProtocolLevel } from './mqtt5-bridge.ts';

export interface EmbeddedBroker {
  /** The port it listens on (differs from MQTT_PORT when that one was taken). */
  port: number;
  publish(topic: string, payload: string): Promise<void>;
  /** Device IDs connected now. */
  connected(): number;
  close(): Promise<void>;
}

function authError(message: string, code: 4 | 5): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code });
}

const isUplink = (channel: string) => DEVICE_UPLINK_CHANNELS.some((name) => name === channel);

function listen(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * The embedded MQTT broker (Aedes: MQTT 3.1.1, and MQTT 5 through a bridge) that `npm start` runs: a device logs in with
 * its ID and key, publishes only on its own uplink topics and subscribes only to its own
 * `cmd`. Messages go straight into ingest from the broker's publish hook.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  ingest: Ingest;
  directory: DeviceDirectory;
  metrics: Metrics;
  log: IngestLog;
  print: (line: string) => void;
}): Promise<EmbeddedBroker> {
  const { ingest, directory, log } = options;
  const deviceOf = new WeakMap<Client, string>();
  let connectedDevices = 0;
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const deviceId = username ?? '';
      const presented = password?.toString('utf8') ?? '';
      directory
        .refresh(deviceId)
        .then(async (entry) => {
          if (!entry) {
            ingest.refuse('connect', 'unknownDevice', deviceId || null);
            return done(authError('bad user name or password', 4), false);
          }
          if (!(await directory.checkKey(entry, presented))) {
            ingest.refuse('connect', 'badKey', deviceId);
            return done(authError('bad user name or password', 4), false);
          }
          deviceOf.set(client, deviceId);
          done(null, true);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'mqtt: device lookup failed');
          done(authError('server unavailable', 5), false);
        });
    },
    authorizePublish(client, packet, callback) {
      if (!client) return callback(null);
      const deviceId = deviceOf.get(client);
      const topic = parseDeviceTopic(packet.topic);
      if (!deviceId || !topic || topic.deviceId !== deviceId || !isUplink(topic.channel)) {
        ingest.refuse(topic?.channel ?? 'unknown', 'forbiddenTopic', deviceId ?? null, packet.topic);
        return callback(new Error('not authorized'));
      }
      const lastWill = Reflect.get(client, 'will') === packet;
      ingest
        .receive(deviceId, topic.channel, packet.payload, { transport: 'mqtt', lastWill })
        .then((outcome) => {
          // A dropped message is acknowledged (the device need not resend it) but neither kept nor forwarded.
          if (!outcome.ok) packet.retain = false;
          callback(null);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'mqtt: ingest failed on a message');
          callback(null);
        });
    },
    authorizeSubscribe(client, subscription, callback) {
      const deviceId = deviceOf.get(client);
      if (deviceId && subscription.topic === deviceTopic(deviceId, 'cmd')) return callback(null, subscription);
      ingest.refuse('subscribe', 'forbiddenTopic', deviceId ?? null, subscription.topic);
      callback(null, null);
    },
  });
  broker.on('clientReady', (client) => {
    if (deviceOf.has(client)) connectedDevices++;
  });
  broker.on('clientDisconnect', (client) => {
    if (deviceOf.has(client)) connectedDevices--;
  });
  options.metrics.gauge({
    name: 'vigil_devices_connected',
    help: 'Devices connected to the embedded MQTT broker',
    collect() {
      this.set(connectedDevices);
    },
  });

  // MQTT 3.1 and 3.1.1 go straight to Aedes; an MQTT 5 client is bridged (mqtt5-bridge.ts).
  const server = net.createServer((socket) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const level = connectProtocolLevel(head);
      if (level === 'more' && head.length < 64) return;
      socket.off('data', onData);
      socket.pause();
      if (level === 5) return bridgeMqtt5(socket, head, (stream) => broker.handle(stream));
      socket.unshift(head);
      broker.handle(socket);
      socket.resume();
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  });
  let port: number;
  try {
    port = await listen(server, options.port, options.host);
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error) || error.code !== 'EADDRINUSE') throw error;
    port = await listen(server, 0, options.host);
    log.warn({ wanted: options.port, port }, `MQTT port ${options.port} is already in use (another broker?); the embedded broker listens on ${port} instead`);
    options.print(`MQTT port ${options.port} is taken: the embedded MQTT broker listens on port ${port} instead (set MQTT_PORT, or MQTT_URL to use the other broker).`);
  }
  return {
    port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()))),
    connected: () => connectedDevices,
    close: () =>
      new Promise<void>((resolve) => {
        server.close();
        broker.close(() => resolve());
      }),
  };
}
