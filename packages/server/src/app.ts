import crypto from "node:crypto";
import os from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { ensureAdministrator } from './bootstrap.ts';
import { fastifyTrustProxy, type Config } from './config.ts';
import { migrate, openDatabase, type DatabaseHandle } from './db/database.ts';
import { transactional } from './db/transactional.ts';
import { inProcessEventBus, type EventBus } from './events/event-bus.ts';
import { serveConsole } from './http/console-static.ts';
import { serveMobileApp } from './http/mobile-app-static.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { carrierClient } from './ingest/carrier/carrier.client.ts';
import { carrierRoutes } from './ingest/carrier/carrier.routes.ts';
import { carrierRepository } from './ingest/carrier/carrier.repository.ts';
import { carrierService } from './ingest/carrier/carrier.service.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { operationRegistrar, recordRoutes } from './http/register.ts';
import { createMetrics } from './ops/metrics.ts';
import { opsRoutes } from './ops/ops.routes.ts';
import { backupJob } from './ops/backup.ts';
import { auditingDialect } from './db/audit-capture.ts';
import { auditModule } from './audit/audit-module.ts';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.ts';
import { platformMetrics } from './ops/platform-metrics.ts';
import { databaseMetrics } from './ops/database-metrics.ts';
import { instrumentRequests } from './ops/request-metrics.ts';
import { accountRoutes } from './modules/accounts/account.routes.ts';
import { accountRepository } from './modules/accounts/account.repository.ts';
import { accountService } from './modules/accounts/account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { sessionCache, sessionCacheWatcher } from './modules/auth/session-cache.ts';
import { careRoutes, type ApplySleepConfig } from './modules/care-routes.ts';
import { deviceCipher, type DeviceCipher } from './modules/devices/device-cipher.ts';
import { openDeviceKeySeal, type DeviceKeySeal } from './ingest/device-key-seal.ts';
import { DAILY_REPORT_JOB_EVERY_MS, dailyReportMaker } from './modules/reports/daily-reports.ts';
import { reportRepository } from './modules/reports/report.repository.ts';
import { reportPdfService } from './modules/reports/report-pdf.service.ts';
import { reportRoutes } from './modules/reports/report.routes.ts';
import { reportService } from './modules/reports/report.service.ts';
import type { TelemetryReader } from './modules/reports/telemetry-reader.ts';
import { withDataPermission } from './tenancy/data-permission.ts';
import { checkDeviceKeySecret, openKeyStore } from './modules/auth/key-store.ts';
import { serverSecretRepository } from './modules/auth/server-secret.repository.ts';
import { loginThrottle } from './modules/auth/login-throttle.ts';
import { loginFailureRepository, sessionRepository, usedSsoSignatureRepository } from './modules/auth/session.repository.ts';
import { registerHousekeepingJobs } from './jobs/housekeeping.ts';
import { leaseRepository } from './jobs/lease.repository.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { statisticsModule } from './modules/statistics/statistics-module.ts';
import { providerRepository } from './modules/providers/provider.repository.ts';
import { providerRoutes } from './modules/providers/provider.routes.ts';
import { providerServiceOn } from './modules/providers/provider-module.ts';
import { settingsRepository } from './modules/system/settings.repository.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { systemService } from './modules/system/system.service.ts';
import { uploadedFileRepository } from './modules/system/uploaded-file.repository.ts';
import { SERVER_VERSION } from './version.ts';
import type { Downlink } from './events/downlink.ts';
import { startDeviceIngest, type DeviceIngest } from './ingest/device-ingest.ts';
import type { DeviceLog } from './ingest/device-log/device-log.ts';
import type { IngestOptions } from './ingest/ingest.ts';
import { liveRoutes } from './ingest/live.routes.ts';
import type { TelemetryStore } from './ingest/telemetry-store.ts';
import { originDataRoutes } from './modules/origin-data/origin-data.routes.ts';
import { originDataService } from './modules/origin-data/origin-data.service.ts';
import { redisEventBus } from './events/redis-event-bus.ts';
import { alarmModule, type AlarmModule } from './modules/alarms/alarm-module.ts';
import { createWorkerPool } from './workers/pool.ts';
import { createPdfRenderer } from './pdf/renderer.ts';
import { AppError } from './http/errors.ts';
import { Status } from '@vigil/contracts';
import { deviceRoutes } from './modules/devices/device.routes.ts';
import { releaseRoutes } from './modules/releases/release.routes.ts';
import { firmwareRoutes } from './modules/firmware/firmware.routes.ts';
import { DEFAULT_ROLLOUT_BATCH, ROLLOUT_TICK_MS } from './modules/firmware/firmware-rollout.ts';
import { gatewayModule } from './modules/gateways/gateway-module.ts';
import { analyticsModule } from './modules/analytics/analytics-module.ts';
import { pushModule, type PushModule } from './modules/push/push-module.ts';
import { webhookModule, type WebhookModule } from './modules/webhooks/webhook-module.ts';
import { alarmMailer } from './modules/webhooks/alarm-mail.ts';
import { escalationModule, type EscalationModule } from './modules/escalation/escalation-module.ts';
import { morningSummaries, type MorningSummaries } from './modules/escalation/morning-summary.ts';
import { analyticsRepository } from './modules/analytics/analytics.repository.ts';
import { familyRepository } from './modules/family/family.repository.ts';
import { familyRoutes } from './modules/family/family.routes.ts';
import { familyService } from './modules/family/family.service.ts';

export interface Vigil {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Background jobs with a single leader across processes: `scheduler.registerJob(...)`. */
  scheduler: Scheduler;
  /** Domain events (device.status, device.samples, device.event, device.ack …). */
  bus: EventBus;
  /** Commands to devices (MQTT `cmd`, or the HTTP answer). */
  downlink: Downlink;
  /** One-second samples by device and time range. */
  telemetry: TelemetryStore;
  /** The embedded MQTT broker's port (null with MQTT_URL). */
  mqttPort: number | null;
  /** Ingest, device directory (invalidate after changing a device), supervision, live subscriptions. */
  devices: DeviceIngest;
  /** Alarm rules, store and live socket (issue 10). */
  alarms: AlarmModule;
  /** Web Push to the caregiver app (issue 28). */
  push: PushModule;
  /** Outbound webhooks (issue 28, docs/webhooks.md). */
  webhooks: WebhookModule;
  /** Escalation chains (issue 28): the walker and its tables. */
  escalation: EscalationModule;
  /** The morning summary email (issue 28). */
  morningSummary: MorningSummaries;
  /** Ciphertext IDs (QR codes) signed with this installation's secret (the demo seed prints its devices' codes with it). */
  deviceCipher: DeviceCipher;
  /** Seals and opens device keys at rest (the demo seed stores its devices' keys with it). */
  deviceKeys: DeviceKeySeal;
  close(): Promise<void>;
}

const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export interface BuildOptions {
  print?: (line: string) => void;
  now?: () => number;
  /** Where log lines go instead of stdout (the test harness captures them). */
  logStream?: { write(line: string): void };
  /** Sends commands to devices; tests may pass a recording transport. */
  downlink?: Downlink;
  /** The telemetry store the nightly sleep reports read (ingest's store); without one no reports are made. */
  telemetry?: TelemetryReader;
  /** Ingest tuning (bench:ingest lifts the per-device rate limit to measure capacity). */
  ingest?: Partial<IngestOptions>;
}


/** Builds the whole server: database (migrated), services, routes, console and API docs. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<Vigil> {
  const now = options.now ?? Date.now;
  const print = options.print ?? ((line: string) => console.log(line));
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  // Every route, as added: the audit test checks that none bypasses the operation layer's trail.
  recordRoutes(app);
  const metrics = createMetrics();
  // In-process by default; over Redis (REDIS_URL) alarm and monitor events reach every Vigil process.
  // A Redis disconnect or stall is counted here once the bus works again (its consoles were told to refetch).
  const busInterruptions = metrics.counter({ name: 'vigil_event_bus_interruptions_total', help: 'Times the event bus between processes was interrupted and recovered (consoles told to refetch), by reason', labelNames: ['reason'] });
  const bus = config.redisUrl
    ? await redisEventBus(config.redisUrl, app.log, { channel: config.redisChannel, onInterruption: (reason) => busInterruptions.inc({ reason }) })
    : inProcessEventBus(app.log);
  instrumentRequests(app, metrics);
  const databaseWatch = databaseMetrics(metrics);
  // Resolved sessions, dropped on every committed session, account or provider write, here and (over the bus) in every process.
  const sessionsResolved = sessionCache();
  bus.subscribe('auth.changed', () => sessionsResolved.clear());
  const database = openDatabase(config, {
    connectionLost: (error) => {
      app.log.warn({ err: error }, 'database connection lost; the pool opens a new one');
      databaseWatch.connectionLost();
    },
    writes: sessionCacheWatcher(sessionsResolved, () => void bus.publish('auth.changed', { changedAt: now() })),
    // The audit trail sees every write an API operation makes, with the rows before and after.
    wrap: auditingDialect,
  });
  databaseWatch.watchPool(database);
  // Device keys are sealed at rest with a secret that is not in the database (docs/devices.md "Device key").
  const deviceKeys = openDeviceKeySeal(config.dataDir, config.deviceKeySecret);
  await migrate(database, deviceKeys);
  const { db } = database;
  await ensureAdministrator(db, { adminUser: config.adminUser, adminPassword: config.adminPassword, print });
  const uploadsDir = path.join(config.dataDir, 'uploads');

  // Helmet's headers, computed once (the plugin rebuilt Helmet and parsed the CSP on every request).
  installSecurityHeaders(app, {
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

  // Shared by every process (the database), so a login encrypted with one process's key works on another.
  const keys = await openKeyStore(serverSecretRepository(db), config.dataDir);
  await checkDeviceKeySecret(serverSecretRepository(db), deviceKeys);
  const settings = settingsRepository(db);
  const sessions = sessionRepository(db);
  const throttle = loginThrottle(loginFailureRepository(db), now);
  const usedSsoSignatures = usedSsoSignatureRepository(db);
  const auth = authService({
    accounts: accountRepository(db),
    providers: providerRepository(db),
    sessions,
    settings,
    throttle,
    usedSsoSignatures,
    keys,
    now,
    cache: sessionsResolved,
  });
  // The audit trail (docs/audit.md): every operation's writes, logins, exports and report views.
  const audit = auditModule({ db, log: app.log, retentionDays: config.auditRetentionDays });
  const routes = operationRegistrar(app, auth.authenticate, { writer: audit.writer, now });
  audit.registerRoutes(routes);
  authRoutes(routes, auth);
  const providers = providerServiceOn(db, now);
  providerRoutes(routes, providers);
  accountRoutes(routes, accountService({
    accounts: accountRepository(db),
    sessions: sessionRepository(db),
    transaction: transactional(db, (trx) => ({ accounts: accountRepository(trx), providers: providerRepository(trx) })),
    now,
  }));
  // Uploaded files are parsed off the event loop: one worker per spare core, at most 4.
  const workers = createWorkerPool({
    size: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    queueLimit: 16,
    timeLimitMs: 15_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    idleMs: 60_000,
    warm: 1,
  });
  // Started once the server listens (tests that inject requests never start one they do not use).
  app.addHook('onListen', async () => workers.warm());
  // An absence starting or ending makes this process's alarm rules read the resident's settings again at once.
  let absenceChanged: (residentId: number) => void = () => {};
  // A community's saved sleep config goes to its sleep monitors (the device module, made below).
  let applySleepConfig: ApplySleepConfig = async () => 0;
  careRoutes(routes, db, now, workers, {
    onAbsenceChange: (residentId) => absenceChanged(residentId),
    applySleepConfig: (session, communityIds, config) => applySleepConfig(session, communityIds, config),
  });
  // A resident's data as one archive, and erasure after check-out (docs/audit.md "Personal data").
  const personalData = personalDataRoutes(withDataPermission(routes), {
    db, now, eraseAfterDays: config.residentEraseAfterDays,
    recordJob: (operation, residentIds) => audit.recordSystem(operation, { erased: residentIds.map((id) => `residents#${id}`) }),
  });
  // Modules get the downlink before ingest starts (ingest needs the scheduler and routes first):
  // commands sent in between are refused as "device offline", as they would be by a device.
  let ingestDownlink: Downlink | null = null;
  const downlink: Downlink = options.downlink ?? {
    send: async (deviceId, message) => {
      if (!ingestDownlink) throw new AppError(Status.CONFLICT, 'device.offline');
      await ingestDownlink.send(deviceId, message);
    },
  };
  const deviceModule = deviceRoutes(routes, { db, now, bus, downlink, workers, cipherSecret: keys.deviceCipherSecret, deviceKeys, log: app.log });
  applySleepConfig = (session, communityIds, config) => deviceModule.commands.applyCommunitySleepConfig(session, communityIds, config);
  // A sub-device attached to a host (or moved, paired, replaced) refreshes ingest's cached host link at
  // once: until then, the host's reports about it were dropped as another host's (`foreignSub`).
  let ingestDirectory: { invalidate(deviceId?: string): void } | null = null;
  const gateways = gatewayModule(routes, {
    db, now, workers, events: bus, commands: deviceModule.commands,
    devicesChanged: (deviceIds) => {
      for (const deviceId of deviceIds) ingestDirectory?.invalidate(deviceId);
    },
  });
  const reports = reportRepository(db);
  // PDFs render in workers of their own (docs/pdf.md), so a report export never waits behind uploads.
  const pdf = createPdfRenderer({ onFontMissing: (files) => app.log.error({ files }, 'PDF export: font file missing (install fonts-noto-cjk or set VIGIL_PDF_CJK_FONT)') });
  reportRoutes(withDataPermission(routes), reportService(reports, settings), reportPdfService({ reports, settings, pdf, now }));
  const releases = releaseRoutes(app, routes, { db, now, dataDir: config.dataDir, s3: config.s3, workers });
  const firmwareModule = firmwareRoutes(app, routes, {
    db, now, dataDir: config.dataDir, s3: config.s3, workers, secret: keys.deviceCipherSecret, deviceKeys, bus, commands: deviceModule.commands,
    // Devices upgrading at once per released package (docs/firmware.md).
    rolloutBatch: config.firmwareRolloutBatch ?? DEFAULT_ROLLOUT_BATCH,
    log: app.log,
  });
  const files = uploadedFileRepository(db);
  systemRoutes(app, routes, systemService({ settings, uploadsDir, files, version }), {
    uploadsDir,
    files,
    database: database.dialect,
    checkDatabase: () => database.ping(),
  });
  const alarms = alarmModule({
    app, routes: withDataPermission(routes), db, bus, metrics, now,
    authenticateSocket: auth.authenticateSocket, timeZone: async () => (await settings.get('timeZone')) ?? 'UTC',
    telemetry: () => devices.telemetry,
  });
  // Pushes alarm events to caregivers' phones after commit, off the alarm path (docs/app.md "Push").
  // Where a care home has an escalation chain for the alarm's level, the chain decides whose phones ring (made below).
  let escalation: EscalationModule | null = null;
  const push = pushModule({ app, routes, db, bus, metrics, config: config.push, log: app.log, now, audience: (event, providerId, alarm) => escalation?.pushAudience(event, providerId, alarm) ?? Promise.resolve('all') });
  // Signed JSON POSTs of alarm events to a care home's endpoints, persisted and retried off the alarm path (docs/webhooks.md).
  const webhooks = webhookModule({ app, routes: withDataPermission(routes), db, bus, metrics, config: config.webhooks, mail: config.mail, log: app.log, now });
  absenceChanged = (residentId) => alarms.settings.residentChanged(residentId);
  // Relatives in the caregiver app: their own resident only (issue 28, docs/app.md "Relatives").
  familyRoutes(routes, familyService({ repository: familyRepository(db), samples: alarms.live, now }));
  const statistics = statisticsModule({ routes, db, now, platformTimeZone: async () => (await settings.get('timeZone')) ?? 'UTC' });
  // Escalation chains: who is told of an unhandled alarm, when and how, walked by the scheduler (issue 28).
  const escalationMailer = alarmMailer(config.mail, config.webhooks.timeoutMs);
  escalation = escalationModule({ routes: withDataPermission(routes), db, bus, push: push.sender, webhooks, mailer: escalationMailer, timeZone: (providerId) => statistics.zoneOfProvider(providerId), log: app.log, now });
  const escalations = escalation;
  app.addHook('preClose', async () => {
    escalations.close();
    escalationMailer?.close();
  });
  opsRoutes(app, { metrics, database, metricsToken: config.metricsToken });
  // What deploy/'s dashboard and alerts read beyond the features' own metrics.
  platformMetrics({ metrics, database, dataDir: config.dataDir, bus, now, pools: { uploads: workers } });
  // NB-IoT devices through a carrier's IoT platform (docs/carrier-adapter.md); with the device log its pushes go through it.
  let deviceLog: DeviceLog | null = null;
  const carrier = carrierService({
    carriers: carrierRepository(db),
    transaction: transactional(db, (trx) => ({ carriers: carrierRepository(trx) })),
    client: carrierClient(config.carrier), bus, now, log: app.log, metrics, deviceKeys,
    deviceLog: () => deviceLog,
  });
  carrierRoutes(app, routes, carrier, config.carrier.pushSecret);

  // /app/ serves the published H5 package, else the app built with the server (docs/releases.md).
  await serveMobileApp(app, config.appDistDir, () => releases.liveH5Root());
  await serveConsole(app, config.webDistDir);

  const scheduler = createScheduler({ leases: leaseRepository(db), log: app.log, now });
  registerHousekeepingJobs(scheduler, { sessions, throttle, usedSsoSignatures });
  // Deleted providers stay restorable for 30 days; the purge runs hourly so a day's lag never stretches that.
  scheduler.registerJob({ name: 'deleted-provider-purge', schedule: { everyMs: 3600_000 }, run: async ({ now: time }) => void (await providers.purgeDeletedProviders(time)) });
  const devices = await startDeviceIngest({ app, config, db, deviceKeys, bus, metrics, scheduler, log: app.log, now, print, options: options.ingest, rules: alarms.engine, refetchConsoles: (reason) => bus.refetchEverywhere(reason), carrier: carrier.applyLogged });
  deviceLog = devices.deviceLog;
  originDataRoutes(routes, originDataService({ telemetry: devices.telemetry, messages: devices.messages, workers, timeZone: async () => (await settings.get('timeZone')) ?? 'UTC', now }));
  liveRoutes(routes, { db, live: devices.live, now });
  ingestDownlink = devices.downlink;
  alarms.hub.attachLive(devices.live);
  // Ingest caches device keys and placements: a registry change refreshes that device at once.
  bus.subscribe('device.changed', (event) => devices.directory.invalidate(event.deviceId));
  ingestDirectory = devices.directory;
  scheduler.registerJob({ name: 'firmware-rollout', schedule: { everyMs: ROLLOUT_TICK_MS }, run: () => firmwareModule.rollout.tick() });
  gateways.registerJobs(scheduler);
  // Answered and expired device commands are kept VIGIL_DEVICE_COMMAND_RETENTION_DAYS (docs/devices.md).
  scheduler.registerJob({ name: 'device-commands-prune', schedule: { everyMs: 3600_000 }, run: async ({ now: time }) => void (await deviceModule.commands.prune(time - config.deviceCommandRetentionDays * 86_400_000)) });
  const maker = dailyReportMaker({
    reports,
    settings,
    telemetry: options.telemetry ?? devices.telemetry,
    workers,
    onFailure: (resident, error) => app.log.warn({ err: error, residentId: resident.residentId }, 'sleep report: not made this run'),
  });
  // Each resident's report lands within 15 minutes after their wake time (spec 02 §9).
  scheduler.registerJob({ name: 'sleep-daily-reports', schedule: { everyMs: DAILY_REPORT_JOB_EVERY_MS }, runAtStart: true, run: async ({ now: time }) => void (await maker.makeDailyReports(time)) });
  alarms.registerJobs(scheduler);
  push.registerJobs(scheduler);
  webhooks.registerJobs(scheduler);
  escalations.registerJobs(scheduler);
  const analytics = analyticsModule({ routes: withDataPermission(routes), db, now, pdf, log: app.log, timeZone: (providerId) => statistics.zoneOfProvider(providerId) });
  analytics.registerJobs(scheduler);
  // The morning summary email: sent by the scheduler's leader, once per care home and morning.
  const morningSummary = morningSummaries({
    repository: escalations.repository, analytics: analyticsRepository(db), handover: analytics.handover, mailer: escalationMailer,
    timeZone: (providerId) => statistics.zoneOfProvider(providerId), log: app.log, now,
  });
  morningSummary.registerJobs(scheduler);
  statistics.registerJobs(scheduler);
  audit.registerJobs(scheduler);
  personalData.registerJobs(scheduler);
  // Nightly backups into BACKUP_DIR by the leader (README "Backup").
  backupJob({ config, metrics, scheduler, log: app.log });
  scheduler.start();

  return {
    app,
    database,
    scheduler,
    bus,
    downlink: devices.downlink,
    telemetry: devices.telemetry,
    mqttPort: devices.mqttPort,
    devices,
    alarms,
    push,
    webhooks,
    escalation: escalations,
    morningSummary,
    /** Ciphertext IDs (QR codes) signed with this installation's secret: the demo seed prints its devices' codes with it. */
    deviceCipher: deviceCipher(keys.deviceCipherSecret),
    deviceKeys,
    async close() {
      await scheduler.stop();
      await gateways.close();
      await devices.close();
      await app.close();
      await workers.close();
      await pdf.close();
      await bus.close();
      await database.close();
    },
  };
}
