import fs from 'node:fs';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { DEVICE_ID_MAX, DEVICE_UPLINK_CHANNELS, deviceTopic, parseDeviceTopic } from '@vigil/contracts';
import { MQTT_LIMIT_DEFAULTS, type MqttLimits } from '../config.ts';
import type { Metrics } from '../ops/metrics.ts';
import { isPossibleDeviceId, type DeviceDirectory } from './device-directory.ts';
import type { Ingest, IngestLog } from './ingest.ts';
import type { DropReason } from './drop-log.ts';
import { bridgeMqtt5, connectProtocolLevel, pubackReasons } from './mqtt5-bridge.ts';
import { connectRate, GuardedSocket, mqttFrameGuard, packetThrottle, type FrameVerdict } from './mqtt-guard.ts';

/** Why the embedded broker closed a connection before (or instead of) a login: the reason label of vigil_mqtt_connections_refused_total. */
type ConnectionRefusal = 'capacity' | 'rate' | 'connectTimeout' | FrameVerdict;

/** MQTT 5 PUBACK reason codes for dropped messages (docs/device-protocol.md "Delivery"). */
const PUBACK_REASON: Partial<Record<DropReason, number>> = {
  flood: 0x97, overload: 0x97,
  malformed: 0x99, oversized: 0x99, unknownType: 0x99, unsupportedEvent: 0x99, clockAhead: 0x99, clockBehind: 0x99,
  unknownDevice: 0x87, badKey: 0x87, foreignSub: 0x87, unknownSub: 0x87, forbiddenTopic: 0x87,
  storeFailed: 0x80,
};

/** How often the "connection cap reached" warning is logged at most. */
const CAP_LOG_INTERVAL_MS = 60_000;

export interface EmbeddedBroker {
  /** The port it listens on (differs from MQTT_PORT when that one was taken). */
  port: number;
  /** The TLS port (MQTT_TLS_PORT), null without TLS. */
  tlsPort: number | null;
  publish(topic: string, payload: string): Promise<void>;
  /** Device IDs connected now. */
  connected(): number;
  close(): Promise<void>;
}

function authError(message: string, code: 2 | 4 | 5): AuthenticateError {
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
  limits?: MqttLimits;
  tls?: { port: number; certFile: string; keyFile: string } | null;
}): Promise<EmbeddedBroker> {
  const { ingest, directory, log } = options;
  const limits = options.limits ?? MQTT_LIMIT_DEFAULTS;
  const deviceOf = new WeakMap<Client, string>();
  /** Each connection's stream (what Aedes reads) → the login timer to clear once it is logged in. */
  const pendingLogin = new WeakMap<Duplex, NodeJS.Timeout>();
  let connectedDevices = 0;
  const broker = await Aedes.createBroker({
    // Device IDs are up to DEVICE_ID_MAX long and the client ID is the device ID.
    maxClientsIdLength: DEVICE_ID_MAX,
    connectTimeout: limits.connectTimeoutMs,
    authenticate(client, username, password, done) {
      const deviceId = username ?? '';
      const presented = password?.toString('utf8') ?? '';
      // An ID that cannot be in the registry, or was just looked up and is not, costs no query.
      if (!isPossibleDeviceId(deviceId) || directory.knownUnknown(deviceId)) {
        ingest.refuse('connect', 'unknownDevice', isPossibleDeviceId(deviceId) ? deviceId : null);
        return done(authError('bad user name or password', 4), false);
      }
      // The client ID is the device ID: otherwise one device's keys could take over (kick off) another's session.
      if (client.id !== deviceId) {
        ingest.refuse('connect', 'badClientId', deviceId, client.id.slice(0, DEVICE_ID_MAX));
        return done(authError('identifier rejected: the client ID must be the device ID', 2), false);
      }
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
          const timer = pendingLogin.get(client.conn);
          if (timer) clearTimeout(timer);
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
      // An empty retained publish clears the device's retained status (MQTT's way): nothing to ingest, nothing wrong.
      if (packet.retain && packet.payload.length === 0) return callback(null);
      const lastWill = Reflect.get(client, 'will') === packet;
      ingest
        .receive(deviceId, topic.channel, packet.payload, { transport: 'mqtt', lastWill })
        .then((outcome) => {
          // A dropped message is acknowledged (the device need not resend it) but neither kept nor forwarded;
          // an MQTT 5 client learns why from the PUBACK's reason code.
          if (!outcome.ok) {
            packet.retain = false;
            if (packet.qos === 1 && packet.messageId !== undefined) pubackReasons.get(client.conn)?.set(packet.messageId, PUBACK_REASON[outcome.reason] ?? 0x80);
          }
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

  const refusedCounter = options.metrics.counter({ name: 'vigil_mqtt_connections_refused_total', help: 'MQTT connections the embedded broker closed before or instead of a login, by reason', labelNames: ['reason'] });
  let openSockets = 0;
  options.metrics.gauge({
    name: 'vigil_mqtt_sockets_open',
    help: 'Open connections to the embedded MQTT broker, logged in or not',
    collect() {
      this.set(openSockets);
    },
  });
  const rate = connectRate({ perSecond: limits.connectsPerSecond, burst: limits.connectBurst, exempt: limits.rateExempt });
  let capLoggedAt = Number.NEGATIVE_INFINITY;
  const refused = (reason: ConnectionRefusal) => refusedCounter.inc({ reason });

  /**
   * Every TCP connection, plain or TLS, as it is accepted and before anything is read from it (for
   * TLS: before the handshake, whose key exchange is the costly part of a flood): the cap and the
   * per-address rate, then the login timer, which covers the handshake too. Answers the login
   * timer, or null when the socket was refused (and closed).
   */
  function admitTcp(socket: net.Socket): NodeJS.Timeout | null {
    socket.on('error', () => socket.destroy());
    if (openSockets >= limits.maxConnections) {
      refused('capacity');
      if (performance.now() - capLoggedAt > CAP_LOG_INTERVAL_MS) {
        capLoggedAt = performance.now();
        log.warn({ maxConnections: limits.maxConnections }, `mqtt: ${limits.maxConnections} connections are open (MQTT_MAX_CONNECTIONS): new connections are refused until some close`);
      }
      socket.destroy();
      return null;
    }
    if (!rate.take(socket.remoteAddress ?? '', performance.now())) {
      refused('rate');
      socket.destroy();
      return null;
    }
    openSockets++;
    socket.once('close', () => openSockets--);
    const timer = setTimeout(() => {
      refused('connectTimeout');
      socket.destroy();
    }, limits.connectTimeoutMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    return timer;
  }

  /**
   * An admitted connection's MQTT (over the plain socket, or the TLS socket once its handshake is
   * done): the frame guard applies before Aedes (or the MQTT 5 bridge) parses anything.
   * MQTT 3.1 and 3.1.1 go straight to Aedes; an MQTT 5 client is bridged (mqtt5-bridge.ts).
   */
  function serve(socket: net.Socket, timer: NodeJS.Timeout): void {
    const guard = mqttFrameGuard();
    const stream = new GuardedSocket(socket, (chunk) => guard.check(chunk), refused, packetThrottle(() => guard.packets));
    pendingLogin.set(stream, timer);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const level = connectProtocolLevel(head);
      if (level === 'more' && head.length < 64) return;
      stream.off('data', onData);
      stream.pause();
      if (level === 5) {
        return bridgeMqtt5(stream, head, (inner) => {
          pendingLogin.set(inner, timer);
          broker.handle(inner);
        });
      }
      stream.unshift(head);
      broker.handle(stream);
      stream.resume();
    };
    stream.on('data', onData);
  }

  const server = net.createServer((socket) => {
    const timer = admitTcp(socket);
    if (timer) serve(socket, timer);
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
  let tlsServer: net.Server | null = null;
  let tlsPort: number | null = null;
  if (options.tls) {
    // A plain TCP listener that admits first and only then starts TLS on the socket: a tls.Server
    // would do each handshake before its connection reached the cap and the rate (handshake floods).
    const secureContext = tls.createSecureContext({ cert: fs.readFileSync(options.tls.certFile), key: fs.readFileSync(options.tls.keyFile) });
    tlsServer = net.createServer((socket) => {
      const timer = admitTcp(socket);
      if (!timer) return;
      const secure = new tls.TLSSocket(socket, { isServer: true, secureContext });
      // A failed handshake (or anything after it) closes the connection; its slot is freed on close.
      secure.on('error', () => socket.destroy());
      secure.once('secure', () => serve(secure, timer));
    });
    tlsPort = await listen(tlsServer, options.tls.port, options.host);
    options.print(`Devices: embedded MQTT broker over TLS on port ${tlsPort}`);
  }
  return {
    port,
    tlsPort,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()))),
    connected: () => connectedDevices,
    close: () =>
      new Promise<void>((resolve) => {
        server.close();
        tlsServer?.close();
        broker.close(() => resolve());
      }),
  };
}
