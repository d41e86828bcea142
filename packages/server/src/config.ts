import net from 'node:net';
import path from 'node:path';

/** Runtime configuration, read once from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminUser: string | null;
  adminPassword: string | null;
  /** Folder of the built console; served at / when it exists. */
  webDistDir: string;
  logLevel: string;
  /** Which proxies may set X-Forwarded-For (Fastify's trustProxy): none by default. */
  trustProxy: TrustProxy;
  /** Bearer token for /metrics; without it only this machine may read them. */
  metricsToken: string | null;
  /** Devices upgrading at once per released firmware package (FIRMWARE_ROLLOUT_BATCH, docs/firmware.md); null: the default. */
  firmwareRolloutBatch: number | null;
  /** The carrier's NB-IoT platform (docs/carrier-adapter.md); all null when there is none. */
  carrier: CarrierConfig;
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

/** Reads the configuration from environment variables, with the embedded defaults. */
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
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the package; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.VIGIL_DATA_DIR ?? './data'),
    databaseUrl,
    adminUser: env.VIGIL_ADMIN_USER?.trim() || null,
    adminPassword: env.VIGIL_ADMIN_PASSWORD || null,
    webDistDir: path.resolve(env.VIGIL_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken,
    firmwareRolloutBatch: Number.isInteger(Number(env.FIRMWARE_ROLLOUT_BATCH)) && Number(env.FIRMWARE_ROLLOUT_BATCH) > 0 ? Number(env.FIRMWARE_ROLLOUT_BATCH) : null,
    carrier: loadCarrierConfig(env),
  };
}
