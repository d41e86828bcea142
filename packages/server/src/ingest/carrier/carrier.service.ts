import type { DeviceKeySeal } from '../device-key-seal.ts';
import crypto from 'node:crypto';
import { CarrierPushSchema, DEVICE_TYPES, Status, type CarrierDevice, type DeviceChannel, type DeviceLogMessage, type DevicePlacement, type DeviceStatusEvent, type OutputOf, type syncAllThirdDevice, type syncThirdDevice } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, errors } from '../../http/errors.ts';
import type { Metrics } from '../../ops/metrics.ts';
import type { CarrierDeviceRow, CarrierRepository, CarrierStatusChange } from './carrier.repository.ts';
import type { DeviceLog } from '../device-log/device-log.ts';
import type { DropReason } from '../drop-log.ts';
import type { CarrierClient } from './carrier.client.ts';
import { carrierPushToVigil, fromLogPayload, toLogPayload, type VigilDeviceMessage } from './translate.ts';

/** A carrier may push one report or a list of them. */
export const CARRIER_PUSH_BATCH_MAX = 100;

export interface CarrierPushResult {
  accepted: number;
  /** Malformed reports, unknown alarm codes and devices Vigil does not hold: counted and dropped. */
  dropped: number;
}

/** The answer to a push: the reports taken, or the device log could not take them (the carrier retries the push). */
export type CarrierPushOutcome = { ok: true; result: CarrierPushResult } | { ok: false; reason: 'storeFailed' };

const placementOf = (row: CarrierDeviceRow): DevicePlacement => ({ providerId: row.provider_id, bedId: row.bed_id, roomId: row.room_id, residentId: row.resident_id });

/**
 * Brings a row up to date from the carrier's listing; answers the status event to
 * publish once committed (null when the online state did not move).
 */
async function applyListed(repository: CarrierRepository, row: CarrierDeviceRow, listed: CarrierDevice, at: number): Promise<DeviceStatusEvent | null> {
  const online = listed.netStatus === 1;
  const wasOnline = row.online === 1;
  const change: CarrierStatusChange = { online, now: at, ...(listed.firmwareVersion ? { firmware: listed.firmwareVersion } : {}), ...(row.imei === null ? { imei: listed.imei } : {}) };
  const lastSeen = listed.onlineAt ?? listed.offlineAt;
  if (lastSeen !== null && lastSeen > (row.last_seen_at ?? 0)) change.lastSeenAt = lastSeen;
  await repository.applyStatus(row.id, change, wasOnline);
  if (online === wasOnline) return null;
  return { deviceId: row.device_id, deviceType: row.device_type, receivedAt: at, ...placementOf(row), online, reason: 'message', wasOnline, status: {} };
}

/** What the carrier adapter works with: its repository, bound to the database or to one transaction, and its collaborators. */
export interface CarrierServiceDeps {
  carriers: CarrierRepository;
  transaction: Transactional<{ carriers: CarrierRepository }>;
  client: CarrierClient;
  bus: EventBus;
  now: () => number;
  log: { warn(details: object, message: string): void };
  metrics: Metrics;
  /** A device taken into stock gets a key, stored sealed. */
  deviceKeys: DeviceKeySeal;
  /** The durable device log (NATS_URL) once ingest has started it: pushes go through it. Null without one. */
  deviceLog: () => Pick<DeviceLog, 'append'> | null;
}

/**
 * The NB-IoT carrier adapter (docs/carrier-adapter.md): pulls the carrier's device list
 * into Vigil's devices, and turns the carrier's pushes into Vigil protocol messages, which
 * update the device and go out on the event bus as ingest's own do.
 */
export function carrierService(deps: CarrierServiceDeps) {
  const { carriers, transaction, client, bus, now, log } = deps;
  const reports = deps.metrics.counter({
    name: 'vigil_carrier_push_reports_total',
    help: 'Reports pushed by the NB-IoT carrier platform, by result (accepted, malformed, unknownDevice, storeFailed: the device log did not take it)',
    labelNames: ['result'],
  });

  /**
   * One translated message: update the row, then publish as ingest does. `logMessage` is the
   * device-log message it was read from (the alarms it raises are idempotent by it).
   */
  async function apply(row: CarrierDeviceRow, message: VigilDeviceMessage, receivedAt: number, logMessage?: DeviceLogMessage): Promise<void> {
    const wasOnline = row.online === 1;
    const base = { deviceId: row.device_id, deviceType: row.device_type, receivedAt, ...placementOf(row), ...(logMessage ? { logMessage } : {}) };
    if (message.channel === 'status') {
      const { online, ...status } = message.message;
      await carriers.applyStatus(
        row.id,
        { online, now: receivedAt, ...(online ? { lastSeenAt: receivedAt } : {}), ...(status.battery !== undefined ? { battery: status.battery } : {}), ...(status.signal !== undefined ? { signal: status.signal } : {}), ...(status.firmware !== undefined ? { firmware: status.firmware } : {}) },
        wasOnline,
      );
      await bus.publish('device.status', { ...base, online, reason: online && !wasOnline ? 'returned' : 'message', wasOnline, status });
      return;
    }
    await carriers.applyStatus(row.id, { online: true, lastSeenAt: receivedAt, now: receivedAt }, wasOnline);
    if (!wasOnline) await bus.publish('device.status', { ...base, online: true, reason: 'returned', wasOnline, status: {} });
    await bus.publish('device.event', { ...base, subDevice: null, event: message.message });
  }

  /** Without the device log: each message applied here, now (each reads the row the one before it changed). */
  async function applyHere(messages: VigilDeviceMessage[], receivedAt: number): Promise<'accepted' | 'unknownDevice'> {
    let known = true;
    for (const message of messages) {
      const row = await carriers.findByImei(message.deviceId);
      if (row) await apply(row, message, receivedAt);
      else known = false;
    }
    return known ? 'accepted' : 'unknownDevice';
  }

  /**
   * With the device log: appended under the Vigil device's ID, so its partition's owner applies them
   * in order with the device's other messages (applyLogged). The same report pushed again is the same
   * messages, which the log keeps once.
   */
  async function appendToLog(deviceLog: Pick<DeviceLog, 'append'>, messages: VigilDeviceMessage[]): Promise<'accepted' | 'unknownDevice' | 'storeFailed'> {
    const row = await carriers.findByImei(messages[0].deviceId);
    if (!row) return 'unknownDevice';
    for (const message of messages) {
      if (!(await deviceLog.append(row.device_id, message.channel, toLogPayload(message), 'carrier'))) return 'storeFailed';
    }
    return 'accepted';
  }

  return {
    /** GET /device/syncAllThirdDevice. */
    async syncAll(): Promise<OutputOf<typeof syncAllThirdDevice>> {
      const listed = await client.listDevices();
      const unknown: string[] = [];
      const result = { total: listed.length, updated: 0, added: 0, unknown };
      const announcements: DeviceStatusEvent[] = [];
      await transaction(async ({ carriers: repository }) => {
        for (const device of listed) {
          const row = await repository.findByImei(device.imei);
          if (row) {
            const event = await applyListed(repository, row, device, now());
            if (event) announcements.push(event);
            result.updated++;
            continue;
          }
          const info = DEVICE_TYPES.find((candidate) => candidate.model === device.model && candidate.links.includes('carrier'));
          if (!info) {
            result.unknown.push(device.imei);
            continue;
          }
          await repository.insertStock({
            deviceId: device.imei,
            deviceType: info.type,
            imei: device.imei,
            key: deps.deviceKeys.seal(crypto.randomBytes(24).toString('base64url')),
            cipherId: `NB${crypto.randomBytes(10).toString('hex').toUpperCase()}`,
            online: device.netStatus === 1,
            firmware: device.firmwareVersion,
            now: now(),
          });
          result.added++;
        }
      });
      // Told only once the changes are committed.
      for (const event of announcements) await bus.publish('device.status', event);
      return result;
    },

    /** POST /device/syncThirdDevice. */
    async syncOne(deviceId: string): Promise<OutputOf<typeof syncThirdDevice>> {
      const row = await carriers.findByDeviceId(deviceId);
      if (!row) throw errors.notFound();
      const imei = row.imei ?? (/^\d{15}$/.test(row.device_id) ? row.device_id : null);
      if (!imei) throw new AppError(Status.NOT_FOUND, 'carrier.deviceUnknown', { imei: '-' });
      const listed = await client.device(imei);
      if (!listed) throw new AppError(Status.NOT_FOUND, 'carrier.deviceUnknown', { imei });
      const event = await applyListed(carriers, row, listed, now());
      if (event) await bus.publish('device.status', event);
      const fresh = await carriers.findByDeviceId(deviceId);
      return { deviceId, imei: fresh?.imei ?? imei, online: fresh?.online === 1, firmwareVersion: fresh?.firmware_version ?? null, lastSeenAt: fresh?.last_seen_at ?? null };
    },

    /**
     * The carrier's HTTP push: one report or a list. A bad report is counted and dropped, never
     * thrown. With the device log the push is answered once the log holds every report's messages;
     * if it cannot take one, the push is refused (`storeFailed`) for the carrier to send again.
     */
    async receive(body: unknown): Promise<CarrierPushOutcome> {
      const deviceLog = deps.deviceLog();
      const batch = Array.isArray(body) ? body.slice(0, CARRIER_PUSH_BATCH_MAX) : [body];
      const result: CarrierPushResult = { accepted: 0, dropped: Array.isArray(body) ? Math.max(0, body.length - CARRIER_PUSH_BATCH_MAX) : 0 };
      if (result.dropped > 0) reports.inc({ result: 'malformed' }, result.dropped);
      for (const report of batch) {
        const push = CarrierPushSchema.safeParse(report);
        const messages = push.success ? carrierPushToVigil(push.data) : [];
        if (messages.length === 0) {
          result.dropped++;
          reports.inc({ result: 'malformed' });
          continue;
        }
        const outcome = deviceLog ? await appendToLog(deviceLog, messages) : await applyHere(messages, now());
        reports.inc({ result: outcome });
        if (outcome === 'storeFailed') return { ok: false, reason: 'storeFailed' };
        if (outcome === 'accepted') result.accepted++;
        else {
          result.dropped++;
          log.warn({ imei: messages[0].deviceId }, 'carrier push for a device Vigil does not hold, dropped');
        }
      }
      return { ok: true, result };
    },

    /** A message of a push read from the device log by its partition's owner (NATS_URL): applied as receive() applies it without the log. */
    async applyLogged(deviceId: string, channel: DeviceChannel, payload: Uint8Array, logMessage: DeviceLogMessage): Promise<{ ok: true } | { ok: false; reason: DropReason }> {
      const message = fromLogPayload(deviceId, channel, payload);
      if (!message) return { ok: false, reason: 'malformed' };
      // Removed from the registry since the push was answered.
      const row = await carriers.findByDeviceId(deviceId);
      if (!row) return { ok: false, reason: 'unknownDevice' };
      await apply(row, message, now(), logMessage);
      return { ok: true };
    },
  };
}
export type CarrierService = ReturnType<typeof carrierService>;
