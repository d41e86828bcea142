import net from 'node:net';
import path from 'node:path';
import { AUDIT_RETENTION_DAYS_DEFAULT, DEVICE_COMMAND_RETENTION_DAYS_DEFAULT, RAW_RETENTION_DAYS_DEFAULT } from '@vigil/contracts';
import { parseS3Url, type S3Location } from './modules/releases/s3-url.ts';
import { loadPushConfig, type PushConfig } from './modules/push/push-config.ts';
import { loadWebhookConfig, type WebhookConfig } from './modules/webhooks/webhook-config.ts';
import { loadMailConfig, type MailConfig } from './modules/webhooks/alarm-mail.ts';

/** Runtime configuration, read once from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * VIGIL_DEVICE_KEY_SECRET (64 hex digits): the secret device keys are sealed with at rest, for
   * installations whose processes do not share one data dir; null: `<dataDir>/keys/device-key.secret`.
   */
  deviceKeySecret: string | null;
  databaseUrl: string | null;
  adminUser: string | null;
  adminPassword: string | null;
  /** Folder of the built console; served at / when it exists. */
  webDistDir: string;
  /** Folder of the built caregiver and installer app; served at /app/ when it exists. */
  appDistDir: string;
  logLevel: string;
  /** Which proxies may set X-Forwarded-For (Fastify's trustProxy): none by default. */
  trustProxy: TrustProxy;
  /** Bearer token for /metrics; without it only this machine may read them. */
  metricsToken: string | null;
  /** Port of the embedded MQTT broker (MQTT_PORT, default 1883; 0 = any free port). Unused with mqttUrl. */
  mqttPort: number;
  /** External broker (MQTT_URL, e.g. mqtt://vigil:secret@broker:1883): no embedded broker then. */
  mqttUrl: string | null;
  /** Shared-subscription group of Vigil processes on the external broker (MQTT_SHARE_GROUP, default vigil). */
  mqttShareGroup: string;
  /** The embedded broker's limits on connections before and after login (docs/device-protocol.md "Connection limits"). */
  mqttLimits: MqttLimits;
  /** TLS listener of the embedded broker (MQTT_TLS_PORT, MQTT_TLS_CERT, MQTT_TLS_KEY); null without one. */
  mqttTls: { port: number; certFile: string; keyFile: string } | null;
  /** Days original data (samples, device messages) is kept (VIGIL_RAW_RETENTION_DAYS, default 30). */
  rawRetentionDays: number;
  /** Days answered and expired device commands are kept (docs/devices.md "Command history"). */
  deviceCommandRetentionDays: number;
  /**
   * The durable device log between the external broker and the rules (NATS_URL, a NATS server
   * with JetStream; docs/scale-out.md): its stream (NATS_STREAM) and partitions
   * (DEVICE_LOG_PARTITIONS, default 16). Null: device messages go straight to ingest.
   */
  deviceLog: { url: string; stream: string; partitions: number } | null;
  /** Redis for the event bus between Vigil processes (REDIS_URL); null runs the bus in-process. */
  redisUrl: string | null;
  /** Pub/sub channel of this installation on that Redis (REDIS_CHANNEL; installations sharing a Redis need their own). */
  redisChannel: string;
  /** Devices upgrading at once per released firmware package (FIRMWARE_ROLLOUT_BATCH, docs/firmware.md); null: the default. */
  firmwareRolloutBatch: number | null;
  /** The carrier's NB-IoT platform (docs/carrier-adapter.md); all null when there is none. */
  carrier: CarrierConfig;
  /** S3-compatible store for firmware and app packages (S3_URL, docs/firmware.md); null keeps them under dataDir. */
  s3: S3Location | null;
  /** Scheduled backups (README "Backup"): the folder (BACKUP_DIR; null: none), how many to keep (BACKUP_KEEP, default 7), when (BACKUP_AT, daily HH:MM local, default 02:30). */
  backup: { dir: string | null; keep: number; at: string };
  /** Days the audit trail is kept (AUDIT_RETENTION_DAYS, default 730; docs/audit.md). */
  auditRetentionDays: number;
  /** Days after check-out a resident's personal data is erased automatically (RESIDENT_ERASE_AFTER_DAYS); null: only when asked. */
  residentEraseAfterDays: number | null;
  /** Web Push to the caregiver app (VIGIL_PUSH_*, modules/push/push-config.ts). */
  push: PushConfig;
  /** Outbound webhooks (VIGIL_WEBHOOK_*, docs/webhooks.md). */
  webhooks: WebhookConfig;
  /** Email integrations through SMTP (SMTP_URL, SMTP_FROM; docs/webhooks.md). */
  mail: MailConfig;
}

export interface MqttLimits {
  /** Open connections at most (MQTT_MAX_CONNECTIONS); beyond it new ones are closed at once. */
  maxConnections: number;
  /** A connection that has not logged in by then is closed (MQTT_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** New connections per address: a bucket of `connectBurst` refilled at `connectsPerSecond` (MQTT_CONNECTS_PER_S, MQTT_CONNECT_BURST). */
  connectsPerSecond: number;
  connectBurst: number;
  /** Addresses the per-address rate does not apply to (MQTT_CONNECT_RATE_EXEMPT, comma-separated; default this machine; `none`). */
  rateExempt: string[];
}

export const MQTT_LIMIT_DEFAULTS: MqttLimits = { maxConnections: 10_000, connectTimeoutMs: 10_000, connectsPerSecond: 10, connectBurst: 100, rateExempt: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${text}"`);
  return value;
}

function parseRateExempt(value: string | undefined): string[] {
  const text = value?.trim();
  if (!text) return MQTT_LIMIT_DEFAULTS.rateExempt;
  if (text === 'none') return [];
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

function loadMqttTls(env: NodeJS.ProcessEnv): Config['mqttTls'] {
  const text = env.MQTT_TLS_PORT?.trim();
  if (!text) return null;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`MQTT_TLS_PORT must be a port number, got "${text}"`);
  const certFile = env.MQTT_TLS_CERT?.trim();
  const keyFile = env.MQTT_TLS_KEY?.trim();
  if (!certFile || !keyFile) throw new Error('MQTT_TLS_PORT needs MQTT_TLS_CERT and MQTT_TLS_KEY (paths of the PEM certificate chain and private key)');
  return { port, certFile, keyFile };
}

export interface CarrierConfig {
  /** Base URL of the carrier's device API (CARRIER_URL). */
  url: string | null;
  /** Bearer token Vigil sends to it (CARRIER_TOKEN). */
  token: string | null;
  /** Shared secret the carrier sends with its pushes (CARRIER_PUSH_SECRET); pushes are refused without one. */
  pushSecret: string | null;
}

/** `false` (trust nobody), `true` (trust any hop), a hop count, or proxy addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/** The trustProxy option for Fastify (its types take a hop count only as a function). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Parses TRUST_PROXY: unset or `false` trusts nobody (the client's own address counts,
 * so a forged X-Forwarded-For cannot dodge the per-address login lock); `true`, a hop
 * count, or a comma list of addresses / CIDR ranges of the proxies in front of Vigil.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new Error(`TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDR ranges; "${entry}" is none of these`);
    }
  }
  return entries;
}

const METRICS_TOKEN_MIN_LENGTH = 16;
const CARRIER_PUSH_SECRET_MIN_LENGTH = 16;

function loadCarrierConfig(env: NodeJS.ProcessEnv): CarrierConfig {
  const url = env.CARRIER_URL?.trim() || null;
  if (url && !/^https?:\/\//.test(url)) throw new Error('CARRIER_URL must be an http:// or https:// URL');
  const pushSecret = env.CARRIER_PUSH_SECRET?.trim() || null;
  if (pushSecret && pushSecret.length < CARRIER_PUSH_SECRET_MIN_LENGTH) {
    throw new Error(`CARRIER_PUSH_SECRET must be at least ${CARRIER_PUSH_SECRET_MIN_LENGTH} characters (e.g. openssl rand -hex 24)`);
  }
  return { url: url?.replace(/\/+$/, '') ?? null, token: env.CARRIER_TOKEN?.trim() || null, pushSecret };
}

/** REDIS_URL: unset for one process; redis:// or rediss:// to share events between processes. */
export function parseRedisUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!/^rediss?:\/\//.test(text)) throw new Error('REDIS_URL must be a redis:// or rediss:// URL (leave it unset for a single process)');
  return text;
}

function wholeDays(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const days = Number(env[name]?.trim() || fallback);
  if (!Number.isInteger(days) || days < 1) throw new Error(`${name} must be a whole number of days, at least 1; got "${env[name]}"`);
  return days;
}

function loadBackupConfig(env: NodeJS.ProcessEnv): Config['backup'] {
  const dir = env.BACKUP_DIR?.trim() ? path.resolve(env.INIT_CWD ?? process.cwd(), env.BACKUP_DIR.trim()) : null;
  const keep = Number(env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of backups, at least 1; got "${env.BACKUP_KEEP}"`);
  const at = env.BACKUP_AT?.trim() || '02:30';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) throw new Error(`BACKUP_AT must be a time of day HH:MM (24 h, server's local time); got "${env.BACKUP_AT}"`);
  return { dir, keep, at };
}

/** Reads the configuration from environment variables, with the embedded defaults. */
function parseDeviceKeySecret(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error('VIGIL_DEVICE_KEY_SECRET must be 64 hex digits (32 random bytes, e.g. `openssl rand -hex 32`)');
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite file)');
  }
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && metricsToken.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 24)`);
  }
  const mqttPort = Number(env.MQTT_PORT ?? 1883);
  if (!Number.isInteger(mqttPort) || mqttPort < 0 || mqttPort > 65535) throw new Error(`MQTT_PORT must be a port number, got "${env.MQTT_PORT}"`);
  const mqttUrl = env.MQTT_URL?.trim() || null;
  if (mqttUrl && !/^(mqtts?|tcp|tls|wss?):\/\//.test(mqttUrl)) throw new Error('MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL (leave it unset for the embedded broker)');
  const mqttShareGroup = env.MQTT_SHARE_GROUP?.trim() || 'vigil';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mqttShareGroup)) throw new Error('MQTT_SHARE_GROUP may contain only letters, digits, _ and - (at most 64)');
  const rawRetentionDays = Number(env.VIGIL_RAW_RETENTION_DAYS ?? RAW_RETENTION_DAYS_DEFAULT);
  if (!Number.isInteger(rawRetentionDays) || rawRetentionDays < 1) throw new Error(`VIGIL_RAW_RETENTION_DAYS must be a whole number of days, at least 1; got "${env.VIGIL_RAW_RETENTION_DAYS}"`);
  const deviceCommandRetentionDays = Number(env.VIGIL_DEVICE_COMMAND_RETENTION_DAYS ?? DEVICE_COMMAND_RETENTION_DAYS_DEFAULT);
  if (!Number.isInteger(deviceCommandRetentionDays) || deviceCommandRetentionDays < 1) {
    throw new Error(`VIGIL_DEVICE_COMMAND_RETENTION_DAYS must be a whole number of days, at least 1; got "${env.VIGIL_DEVICE_COMMAND_RETENTION_DAYS}"`);
  }
  const deviceLog = loadDeviceLog(env, { mqttUrl, databaseUrl });
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the package; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.VIGIL_DATA_DIR ?? './data'),
    deviceKeySecret: parseDeviceKeySecret(env.VIGIL_DEVICE_KEY_SECRET),
    databaseUrl,
    adminUser: env.VIGIL_ADMIN_USER?.trim() || null,
    adminPassword: env.VIGIL_ADMIN_PASSWORD || null,
    webDistDir: path.resolve(env.VIGIL_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    appDistDir: path.resolve(env.VIGIL_APP_DIST ?? path.join(import.meta.dirname, '../../app/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken,
    mqttPort,
    mqttUrl,
    mqttShareGroup,
    mqttLimits: {
      maxConnections: positiveNumber(env, 'MQTT_MAX_CONNECTIONS', MQTT_LIMIT_DEFAULTS.maxConnections),
      connectTimeoutMs: positiveNumber(env, 'MQTT_CONNECT_TIMEOUT_MS', MQTT_LIMIT_DEFAULTS.connectTimeoutMs),
      connectsPerSecond: positiveNumber(env, 'MQTT_CONNECTS_PER_S', MQTT_LIMIT_DEFAULTS.connectsPerSecond),
      connectBurst: positiveNumber(env, 'MQTT_CONNECT_BURST', MQTT_LIMIT_DEFAULTS.connectBurst),
      rateExempt: parseRateExempt(env.MQTT_CONNECT_RATE_EXEMPT),
    },
    mqttTls: loadMqttTls(env),
    rawRetentionDays,
    deviceCommandRetentionDays,
    firmwareRolloutBatch: Number.isInteger(Number(env.FIRMWARE_ROLLOUT_BATCH)) && Number(env.FIRMWARE_ROLLOUT_BATCH) > 0 ? Number(env.FIRMWARE_ROLLOUT_BATCH) : null,
    carrier: loadCarrierConfig(env),
    deviceLog,
    redisUrl: parseRedisUrl(env.REDIS_URL),
    redisChannel: env.REDIS_CHANNEL?.trim() || 'vigil:events:v1',
    s3: env.S3_URL?.trim() ? parseS3Url(env.S3_URL.trim()) : null,
    backup: loadBackupConfig(env),
    auditRetentionDays: wholeDays(env, 'AUDIT_RETENTION_DAYS', AUDIT_RETENTION_DAYS_DEFAULT),
    residentEraseAfterDays: env.RESIDENT_ERASE_AFTER_DAYS?.trim() ? wholeDays(env, 'RESIDENT_ERASE_AFTER_DAYS', 0) : null,
    push: loadPushConfig(env),
    webhooks: loadWebhookConfig(env),
    mail: loadMailConfig(env),
  };
}

/** NATS_URL turns the device log on; it sits behind an external broker on PostgreSQL (docs/scale-out.md). */
function loadDeviceLog(env: NodeJS.ProcessEnv, around: { mqttUrl: string | null; databaseUrl: string | null }): Config['deviceLog'] {
  const url = env.NATS_URL?.trim();
  if (!url) return null;
  if (!/^(nats|tls):\/\//.test(url)) throw new Error('NATS_URL must be a nats:// or tls:// URL (leave it unset to run without the device log)');
  if (!around.mqttUrl || !around.databaseUrl) throw new Error('NATS_URL (the device log between several processes) needs MQTT_URL and DATABASE_URL as well');
  const stream = env.NATS_STREAM?.trim() || 'VIGIL_DEVICES';
  if (!/^[A-Za-z0-9_-]{1,48}$/.test(stream)) throw new Error('NATS_STREAM may contain only letters, digits, _ and - (at most 48)');
  const partitions = Number(env.DEVICE_LOG_PARTITIONS ?? 16);
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > 1024) throw new Error(`DEVICE_LOG_PARTITIONS must be a whole number from 1 to 1024, got "${env.DEVICE_LOG_PARTITIONS}"`);
  return { url, stream, partitions };
}
