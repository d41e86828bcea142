import * as api from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import { transactional } from '../../db/transactional.ts';
import type { Downlink } from '../../events/downlink.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import { withDataPermission } from '../../tenancy/data-permission.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { readUpload, spreadsheetFile } from '../spreadsheets/workbook.ts';
import { deviceCipher } from './device-cipher.ts';
import { deviceCommandService, type CommandLog } from './device-commands.service.ts';
import { deviceRepository } from './device.repository.ts';
import { settingsRepository } from '../system/settings.repository.ts';
import { deviceService } from './device.service.ts';
import { deviceSpreadsheet } from './device-spreadsheet.ts';
import type { DeviceKeySeal } from '../../ingest/device-key-seal.ts';

export interface DeviceModuleDeps {
  db: Db;
  now: () => number;
  bus: EventBus;
  /** Sends commands to devices (ingest's implementation). */
  downlink: Downlink;
  workers: WorkerPool;
  /** Signs ciphertext IDs (keys/device-cipher.secret). */
  cipherSecret: Buffer;
  /** Seals device keys at rest and opens them for the vendor (docs/devices.md "Device key"). */
  deviceKeys: DeviceKeySeal;
  log: CommandLog;
}

/** The device registry (/device, /deviceManage): stock, adding, binding, settings, restart, import and export. */
export function deviceRoutes(allRoutes: OperationRegistrar, deps: DeviceModuleDeps) {
  // A read-only sub-account reads devices but every change answers 403 (tenancy/data-permission.ts).
  const routes = withDataPermission(allRoutes);
  const repository = deviceRepository(deps.db);
  const settings = settingsRepository(deps.db);
  const transaction = transactional(deps.db, (trx) => ({ devices: deviceRepository(trx) }));
  const devices = deviceService({ devices: repository, settings, transaction, now: deps.now, cipher: deviceCipher(deps.cipherSecret), deviceKeys: deps.deviceKeys, bus: deps.bus });
  const commands = deviceCommandService({
    devices: repository,
    transaction,
    now: deps.now,
    downlink: deps.downlink,
    bus: deps.bus,
    deviceKeys: deps.deviceKeys,
    log: deps.log,
  });
  const spreadsheet = deviceSpreadsheet({ settings, transaction, devices, now: deps.now, workers: deps.workers });

  routes.secured(api.getDeviceList, async (input, { session }) => devices.list(session, input));
  routes.secured(api.getDeviceSummary, async (input, { session }) => devices.summary(session, input));
  routes.secured(api.getDevice, async (input, { session }) => devices.get(session, input.id));
  routes.secured(api.deviceTypes, async (input) => devices.types(input.screen));
  routes.secured(api.registerDevice, async (input) => devices.register(input));
  routes.secured(api.decodeDeviceCipher, async (input) => devices.decode(input.cipherId));
  routes.secured(api.insertDevice, async (input, { session }) => devices.add(session, { ...input, binding: input.binding ?? null }));
  routes.secured(api.updateDevice, async (input, { session }) => devices.update(session, input));
  routes.secured(api.bindDevice, async (input, { session }) => devices.bind(session, input));
  routes.secured(api.deleteDevice, async (input, { session }) => devices.remove(session, input));

  routes.secured(api.isUploadData, async (input, { session }) => commands.setUploadRaw(session, input.id, input.isUploadData));
  routes.secured(api.updateAlgMode, async (input, { session }) => commands.setAlgorithmMode(session, input));
  routes.secured(api.updateInterval, async (input, { session }) => commands.setReportInterval(session, input.id, input.interval));
  routes.secured(api.updateSleepSchedule, async (input, { session }) => commands.setSleepSchedule(session, input));
  routes.secured(api.restartDevice, async (input, { session }) => commands.restart(session, input.id));
  routes.secured(api.rotateDeviceKey, async (input, { session }) => commands.rotateKey(session, input.id));

  routes.secured(api.deviceExcelModel, async (_input, { session, language }) => {
    const file = spreadsheet.template(session, language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.deviceExportData, async (input, { session, language }) => {
    const file = await spreadsheet.export(session, language, input);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.deviceBatchAdd, async (_input, { session, language }, request) => spreadsheet.import(session, language, await readUpload(request)));
  return { devices, commands };
}
