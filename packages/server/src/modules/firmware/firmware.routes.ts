import type { DeviceKeySeal } from '../../ingest/device-key-seal.ts';
import * as api from '@vigil/contracts';
import { DeviceTypeSchema, md5Schema } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readUpload } from '../spreadsheets/workbook.ts';
import { importGrayDevices } from './gray-import.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { openReleaseStore } from '../releases/release-storage.ts';
import type { S3Location } from '../releases/s3-url.ts';
import { downloadTokens } from './download-token.ts';
import { HARDSOFT_DOWNLOAD_PATH, firmwareService } from './firmware.service.ts';
import { firmwareRollout, type CommandIssuer } from './firmware-rollout.ts';
import { firmwareRepository } from './firmware.repository.ts';
import { firmwareUpgradeRepository } from './firmware-upgrade.repository.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { attachmentDisposition } from '../../http/file-reply.ts';

/** Firmware packages (/firmware/*), the device calls (/fireWare/getLastVersion, /hardSoft/download). */
export function firmwareRoutes(
  app: FastifyInstance,
  routes: OperationRegistrar,
  deps: { db: Db; now: () => number; dataDir: string; s3: S3Location | null; workers: WorkerPool; secret: Buffer; deviceKeys: DeviceKeySeal; bus: EventBus; commands: CommandIssuer; rolloutBatch: number; log: { warn(data: object, message: string): void } },
) {
  const store = openReleaseStore(deps.dataDir, 'firmware', deps.s3);
  const tokens = downloadTokens(deps.secret, deps.now);
  const repository = firmwareRepository(deps.db);
  const upgrades = firmwareUpgradeRepository(deps.db);
  const firmware = firmwareService({ repository, upgrades, store, workers: deps.workers, tokens, deviceKeys: deps.deviceKeys, now: deps.now });
  const rollout = firmwareRollout({ upgrades, firmware: repository, bus: deps.bus, commands: deps.commands, tokens, now: deps.now, batch: deps.rolloutBatch, log: deps.log });

  routes.secured(api.firmwareUploadFile, async (_input, _context, request) => {
    if (!request.isMultipart()) throw errors.badRequest('upload.missingFile');
    const fields: Record<string, string> = {};
    // Text fields come first (deviceType, md5), then the file; the file is streamed, never buffered.
    for await (const part of request.parts({ limits: { fileSize: api.FIRMWARE_MAX_BYTES, files: 1, fields: 8, fieldSize: 256 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const deviceType = DeviceTypeSchema.safeParse(fields.deviceType);
      const md5 = md5Schema.safeParse(fields.md5 ?? '');
      if (!deviceType.success || !md5.success) part.file.resume();
      if (!deviceType.success) throw errors.invalidField('deviceType', fields.deviceType ? 'validation.deviceType' : 'validation.required');
      if (!md5.success) throw errors.invalidField('md5', fields.md5 ? 'firmware.md5Format' : 'validation.required');
      return firmware.upload({ deviceType: deviceType.data, md5: md5.data, fileName: part.filename, source: part.file, isTruncated: () => part.file.truncated });
    }
    throw errors.badRequest('firmware.uploadFirst');
  });
  routes.secured(api.firmwarePost, async (input) => firmware.post(input));
  routes.secured(api.firmwarePageList, async (input) => firmware.list(input));
  routes.secured(api.firmwareUpdate, async (input) => {
    const moved = await firmware.move(input);
    // A release starts at once; the scheduled tick keeps it going.
    if (moved.status === 'grayscale' || moved.status === 'full') await rollout.tick();
    return firmware.one(moved.id);
  });
  routes.secured(api.firmwareResume, async (input) => {
    const resumed = await firmware.resume(input.id);
    await rollout.tick();
    return firmware.one(resumed.id);
  });
  routes.secured(api.firmwareUpgradeList, async (input) => firmware.upgrades(input.firmwareId));
  routes.secured(api.firmwareDelete, async (input) => firmware.remove(input.id));
  routes.secured(api.grayDevicePost, async (input) => firmware.addGray(input));
  routes.secured(api.grayDeviceImport, async (_input, { language }, request) => {
    const query = z.object({ firmwareId: api.idSchema }).safeParse(request.query);
    if (!query.success) throw errors.invalidField('firmwareId', 'validation.invalid');
    await firmware.one(query.data.firmwareId);
    return importGrayDevices({ workers: deps.workers, firmware }, query.data.firmwareId, await readUpload(request), language);
  });
  routes.secured(api.grayDeviceList, async (input) => firmware.grayList(input.firmwareId));
  routes.secured(api.grayDeviceDelete, async (input) => firmware.removeGray(input.firmwareId, input.deviceId));
  routes.open(api.firmwareLastVersion, async (input, _context, request) => {
    const header = request.headers.authorization ?? '';
    return firmware.lastVersion(input.deviceId, header.startsWith('Bearer ') ? header.slice(7).trim() : undefined);
  });

  // Devices download with the signed, expiring token getLastVersion or the upgrade command gave them.
  app.get<{ Querystring: { token?: string } }>(HARDSOFT_DOWNLOAD_PATH, async (request, reply) => {
    const file = await firmware.download(String(request.query.token ?? ''));
    if (!file) throw errors.noPermission();
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
  return { firmware, rollout };
}
