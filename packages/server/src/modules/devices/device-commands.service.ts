import crypto from 'node:crypto';
import { ClockTimeSchema, DEVICE_KEY_GRACE_MS, LEAVE_BED_MODE_SECONDS, SLEEP_MONITOR_TYPES, type DeviceCommand, type DeviceCommandName, type SleepMonitorSettings } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Downlink } from '../../events/downlink.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { isVendor, visibleDevice } from './device-access.ts';
import { newDeviceKey } from './device-cipher.ts';
import type { DeviceKeySeal } from '../../ingest/device-key-seal.ts';
import { sleepSettingsOf } from './device.presenter.ts';
import type { DeviceListRow, DeviceRepository } from './device.repository.ts';

export interface CommandLog {
  warn(details: object, message: string): void;
}

/** The configure command's args: the whole sleep-monitor setting set (idempotent on the device). */
export function configureArgs(settings: SleepMonitorSettings): Record<string, unknown> {
  return {
    sensitivity: settings.sensitivity,
    leaveBedMode: settings.leaveBedMode,
    leaveBedSeconds: LEAVE_BED_MODE_SECONDS[settings.leaveBedMode],
    reportInterval: settings.reportInterval,
    uploadRaw: settings.uploadRaw,
    sleepSchedule: settings.sleepSchedule,
  };
}

/**
 * Sleep-monitor settings and device commands (docs/devices.md): a change is stored,
 * recorded as a `configure` command (pending) and sent through the Downlink; the
 * device's `device.ack` marks it acked or failed. Restart reaches online devices only.
 */
export function deviceCommandService(deps: {
  devices: DeviceRepository;
  transaction: Transactional<{ devices: DeviceRepository }>;
  now: () => number;
  downlink: Downlink;
  bus: EventBus;
  /** A rotated key is stored sealed (in the device row and in its command's record). */
  deviceKeys: DeviceKeySeal;
  log: CommandLog;
}) {
  const { devices, transaction, now, downlink } = deps;

  /**
   * Records a command as pending and answers it as it goes out (dispatch sends it; failed when it could
   * not be sent). `recordedArgs` is what the history keeps when it must differ from what the device
   * gets (rotateKey: the key sealed).
   */
  async function send(device: DeviceListRow, cmd: DeviceCommandName, args: Record<string, unknown>, recordIn: DeviceRepository = devices, id: string = crypto.randomUUID(), recordedArgs = args): Promise<DeviceCommand> {
    const sentAt = now();
    await recordIn.insertCommand({ id, device_id: device.id, cmd, args: JSON.stringify(recordedArgs), state: 'pending', sent_at: sentAt, answered_at: null, message: '' });
    return { id, cmd, args, state: 'pending', sentAt, answeredAt: null, message: '' };
  }

  async function dispatch(device: DeviceListRow, command: DeviceCommand): Promise<DeviceCommand> {
    try {
      await downlink.send(device.device_id, { id: command.id, cmd: command.cmd, args: command.args });
      return command;
    } catch (error) {
      // The setting stays stored; the console shows that the device did not get it.
      const message = error instanceof AppError ? error.messageKey : 'sendFailed';
      if (!(error instanceof AppError)) deps.log.warn({ err: error, deviceId: device.device_id }, 'device command could not be sent');
      const time = now();
      await devices.failCommand(command.id, message, time);
      return { ...command, state: 'failed', answeredAt: time, message };
    }
  }

  /** A sleep monitor of a care home in the caller's scope (settings are the home's, not the vendor's). */
  async function sleepMonitor(session: SessionInfo, id: number): Promise<DeviceListRow> {
    const row = await visibleDevice(devices, session, id);
    if (isVendor(session.scope) || row.provider_id === null) throw errors.notFound('device.notFound');
    if (!sleepSettingsOf(row)) throw errors.conflict('device.sleepMonitorOnly');
    return row;
  }

  async function changeSettings(session: SessionInfo, id: number, change: (current: SleepMonitorSettings) => SleepMonitorSettings): Promise<{ command: DeviceCommand }> {
    const visible = await sleepMonitor(session, id);
    const command = await transaction(async ({ devices: repository }) => {
      const row = await repository.findById(visible.id);
      const current = row ? sleepSettingsOf(row) : null;
      if (!row || !current) throw errors.notFound('device.notFound');
      const next = change(current);
      await repository.update(row.id, { settings: JSON.stringify(next), updated_at: now() });
      return send(visible, 'configure', configureArgs(next), repository);
    });
    return { command: await dispatch(visible, command) };
  }

  // The device answers on `ack`; ingest publishes it as device.ack. Upgrade progress acks
  // (downloading, installing) are not answers yet.
  deps.bus.subscribe('device.ack', async (event) => {
    const { ack } = event;
    if (ack.stage === 'downloading' || ack.stage === 'installing') return;
    const answered = await devices.answerCommand(ack.id, event.deviceId, { state: ack.ok ? 'acked' : 'failed', message: ack.message ?? ack.code ?? '', time: event.receivedAt });
    if (answered) await settleRotation(ack.id, ack.ok);
  });

  /** Tells ingest's directory (and other caches) that the device's keys changed. */
  async function keysChanged(rowId: number): Promise<void> {
    const row = await devices.findById(rowId);
    if (!row) return;
    await deps.bus.publish('device.changed', {
      deviceId: row.device_id, deviceType: row.device_type, change: 'keyRotated',
      providerId: row.provider_id, bedId: row.bed_id, roomId: row.room_id, residentId: row.resident_id, changedAt: now(),
    });
  }

  /**
   * The device answered a rotateKey command: ok confirms the new key (the previous one stops now);
   * a refusal puts the previous key back, so a device that cannot take the new key is not locked
   * out when the grace period ends. Only for the newest rotation (a later one decides for itself).
   */
  async function settleRotation(commandId: string, ok: boolean): Promise<void> {
    const command = await devices.findCommand(commandId);
    if (!command || command.cmd !== 'rotateKey') return;
    const args: unknown = JSON.parse(command.args);
    const sentKey = typeof args === 'object' && args !== null ? Reflect.get(args, 'key') : undefined;
    if (typeof sentKey !== 'string') return;
    if (await devices.settleRotation(command.device_id, sentKey, ok)) await keysChanged(command.device_id);
  }

  return {
    setUploadRaw: (session: SessionInfo, id: number, uploadRaw: boolean) => changeSettings(session, id, (current) => ({ ...current, uploadRaw })),
    setAlgorithmMode: (session: SessionInfo, input: { id: number; sensitivity: SleepMonitorSettings['sensitivity']; leaveBedMode: SleepMonitorSettings['leaveBedMode'] }) =>
      changeSettings(session, input.id, (current) => ({ ...current, sensitivity: input.sensitivity, leaveBedMode: input.leaveBedMode })),
    setReportInterval: (session: SessionInfo, id: number, reportInterval: number) => changeSettings(session, id, (current) => ({ ...current, reportInterval })),
    setSleepSchedule: (session: SessionInfo, input: { id: number; bedTime: string; wakeTime: string }) =>
      changeSettings(session, input.id, (current) => ({ ...current, sleepSchedule: { bedTime: input.bedTime, wakeTime: input.wakeTime } })),

    /**
     * A community's sleep config (community.saveUserSleepConfig(s), docs/care-data.md) applied to its
     * sleep monitors: `bedTime` and `wakeTime` (HH:mm) become each monitor's normal sleep schedule,
     * a configure command acknowledged like one sent from the device screen. Answers how many were sent.
     */
    async applyCommunitySleepConfig(session: SessionInfo, communityIds: readonly number[], config: Readonly<Record<string, unknown>>): Promise<number> {
      const bedTime = ClockTimeSchema.safeParse(config.bedTime);
      const wakeTime = ClockTimeSchema.safeParse(config.wakeTime);
      if (!bedTime.success || !wakeTime.success) return 0;
      const ids = await devices.sleepMonitorsInCommunities(workingProviderId(session.scope), communityIds, SLEEP_MONITOR_TYPES);
      for (const id of ids) await changeSettings(session, id, (current) => ({ ...current, sleepSchedule: { bedTime: bedTime.data, wakeTime: wakeTime.data } }));
      return ids.length;
    },

    /**
     * For other modules (gateway pairing, firmware upgrades): records a command for a device
     * row and sends it, answering it as recorded; the device's ack settles it like any other.
     * `id` is the command's id when the caller must know it before the device can answer
     * (the firmware rollout notes it on the upgrade first); a new one otherwise.
     */
    async issue(deviceRowId: number, cmd: DeviceCommandName, args: Record<string, unknown>, id?: string): Promise<DeviceCommand> {
      const row = await devices.findListRow(deviceRowId);
      if (!row) throw errors.notFound('device.notFound');
      return dispatch(row, await send(row, cmd, args, devices, id));
    },

    /**
     * Vendor: a new key for an online device, sent to it as `rotateKey` {key}. The key the device
     * is known to use stays valid until the device uses or acks the new one, or for
     * DEVICE_KEY_GRACE_MS (docs/devices.md "Key rotation"). Offline devices are refused: the new
     * key could not reach them.
     */
    async rotateKey(session: SessionInfo, id: number): Promise<{ deviceKey: string; previousKeyUntil: number; command: DeviceCommand }> {
      const row = await visibleDevice(devices, session, id);
      if (row.online !== 1) throw errors.conflict('device.rotateKeyOffline');
      const time = now();
      const deviceKey = newDeviceKey();
      const sealedKey = deps.deviceKeys.seal(deviceKey);
      const previousKeyUntil = time + DEVICE_KEY_GRACE_MS;
      await transaction(async ({ devices: repository }) => {
        const current = await repository.findKeys(row.id);
        if (!current) throw errors.notFound('device.notFound');
        // A rotation the device never confirmed is dropped: it still uses the key from before.
        const stillPrevious = current.previous_key !== null && Number(current.previous_key_until ?? 0) > time;
        // Both as stored: sealed.
        await repository.rotateKey(row.id, { deviceKey: sealedKey, previousKey: stillPrevious ? current.previous_key : current.device_key, previousKeyUntil }, time);
      });
      await keysChanged(row.id);
      // The device gets the key; the history keeps it sealed, as the device row does (settleRotation compares the two).
      const command = await dispatch(row, await send(row, 'rotateKey', { key: deviceKey }, devices, crypto.randomUUID(), { key: sealedKey }));
      // Not delivered: undone at once, rather than locking the device out when the grace ends.
      if (command.state === 'failed') await settleRotation(command.id, false);
      return { deviceKey, previousKeyUntil, command };
    },

    /** Deletes the command history older than the time (the scheduler's device-commands-prune job). */
    prune: (before: number) => devices.pruneCommands(before),

    /** Reboots an online device; an offline one answers 300 (spec 02 §8) and nothing is recorded. */
    async restart(session: SessionInfo, id: number): Promise<{ command: DeviceCommand }> {
      const row = await visibleDevice(devices, session, id);
      if (row.online !== 1) throw errors.conflict('device.restartOffline');
      return { command: await dispatch(row, await send(row, 'restart', {})) };
    },

  };
}
export type DeviceCommandService = ReturnType<typeof deviceCommandService>;
