import crypto from "node:crypto";
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ensureAdministrator } from './bootstrap.ts';
import type { Config } from './config.ts';
import { migrate, openDatabase, type DatabaseHandle } from './db/database.ts';
import { serveConsole } from './http/console-static.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { operationRegistrar } from './http/register.ts';
import { accountRoutes } from './modules/accounts/account.routes.ts';
import { accountRepository } from './modules/accounts/account.repository.ts';
import { accountService } from './modules/accounts/account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { careRoutes } from './modules/care-routes.ts';
import { openKeyStore } from './modules/auth/key-store.ts';
import { loginThrottle } from './modules/auth/login-throttle.ts';
import { loginFailureRepository, sessionRepository } from './modules/auth/session.repository.ts';
import { providerRepository } from './modules/providers/provider.repository.ts';
import { providerRoutes } from './modules/providers/provider.routes.ts';
import { providerService } from './modules/providers/provider.service.ts';
import { settingsRepository } from './modules/system/settings.repository.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { systemService } from './modules/system/system.service.ts';
import { SERVER_VERSION } from './version.ts';

export interface Vigil {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Builds the whole server: database (migrated), services, routes, console and API docs. */
export async function buildApp(config: Config, options: { print?: (line: string) => void; now?: () => number } = {}): Promise<Vigil> {
  const now = options.now ?? Date.now;
  const print = options.print ?? ((line: string) => console.log(line));
  const database = openDatabase(config);
  await migrate(database);
  const { db } = database;
  await ensureAdministrator(db, { adminUser: config.adminUser, adminPassword: config.adminPassword, print });
  const uploadsDir = path.join(config.dataDir, 'uploads');

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
    // Care homes serve the console over plain HTTP on their LAN.
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });

  installErrorHandling(app);

  const version = { version: SERVER_VERSION, commit: process.env.VIGIL_COMMIT ?? 'dev', startedAt: now(), database: database.dialect };
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument(SERVER_VERSION) as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const keys = openKeyStore(config.dataDir);
  const settings = settingsRepository(db);
  const auth = authService({
    accounts: accountRepository(db),
    providers: providerRepository(db),
    sessions: sessionRepository(db),
    settings,
    throttle: loginThrottle(loginFailureRepository(db), now),
    keys,
    now,
  });
  const routes = operationRegistrar(app, auth.authenticate);
  authRoutes(routes, auth);
  providerRoutes(routes, providerService(db, now));
  accountRoutes(routes, accountService(db, now));
  careRoutes(routes, db, now);
  systemRoutes(app, routes, systemService({ settings, uploadsDir, version }), {
    uploadsDir,
    database: database.dialect,
    checkDatabase: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  });

  await serveConsole(app, config.webDistDir);

  const purge = setInterval(() => void sessionRepository(db).purgeEndedBefore(now() - 24 * 3600_000).catch(() => {}), 3600_000);
  purge.unref();

  return {
    app,
    database,
    async close() {
      clearInterval(purge);
      await app.close();
      await database.close();
    },
  };
}
