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
  /** Bearer token for /metrics; without it only this machine may read them. */
  metricsToken: string | null;
}

const METRICS_TOKEN_MIN_LENGTH = 16;

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
    metricsToken,
  };
}
