import path from 'node:path';
import * as api from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { transactional } from '../../db/transactional.ts';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { openReleaseStore } from './release-storage.ts';
import type { S3Location } from './s3-url.ts';
import { RELEASE_FILE_ROUTE } from './release.presenter.ts';
import { releaseRepository } from './release.repository.ts';
import { releaseService, type ReleaseService } from './release.service.ts';
import { attachmentDisposition } from '../../http/file-reply.ts';

/** App and H5 releases (/version/apph5version, /app/uploadFile, /app/download/:id). */
export function releaseRoutes(app: FastifyInstance, routes: OperationRegistrar, deps: { db: Db; now: () => number; dataDir: string; s3: S3Location | null; workers: WorkerPool }): ReleaseService {
  const store = openReleaseStore(deps.dataDir, 'releases', deps.s3);
  const releases = releaseService({
    releases: releaseRepository(deps.db),
    transaction: transactional(deps.db, (trx) => ({ releases: releaseRepository(trx) })),
    store,
    workers: deps.workers,
    h5Dir: path.join(deps.dataDir, 'h5-apps'),
    now: deps.now,
  });

  routes.secured(api.appVersionList, async (input) => releases.appList(input));
  routes.secured(api.addAppVersion, async (input) => releases.addApp(input));
  routes.secured(api.updateAppVersionStatus, async (input) => releases.moveApp(input.id, input.status));
  routes.secured(api.deleteAppVersion, async (input) => releases.deleteApp(input.id));
  routes.secured(api.h5VersionList, async (input) => releases.h5List(input));
  routes.secured(api.addH5Version, async (input) => releases.addH5(input));
  routes.secured(api.updateH5Version, async (input) => releases.updateH5(input));
  routes.secured(api.updateH5VersionStatus, async (input) => releases.moveH5(input.id, input.status));
  routes.secured(api.deleteH5Version, async (input) => releases.deleteH5(input.id));
  routes.secured(api.h5VersionReleaseList, async (input) => releases.h5OfApp(input.appVersionId));
  routes.secured(api.addAppH5Version, async (input) => releases.pair(input.appVersionId, input.h5VersionId));
  routes.secured(api.deleteAppH5Version, async (input) => releases.unpair(input.appVersionId, input.h5VersionId));
  routes.secured(api.appUpdateCheck, async (input) => releases.checkUpdate(input.platform, input.buildNumber));
  routes.secured(api.appUploadFile, async (_input, _context, request) => {
    if (!request.isMultipart()) throw errors.badRequest('upload.missingFile');
    const file = await request.file({ limits: { fileSize: api.RELEASE_FILE_MAX_BYTES, files: 1 } });
    if (!file) throw errors.badRequest('upload.missingFile');
    return releases.upload(file.filename, file.file, () => file.file.truncated);
  });

  // Packages are public downloads: an app updating itself has them by the URL the check answered.
  app.get<{ Params: { id: string } }>(`${RELEASE_FILE_ROUTE}/:id`, async (request, reply) => {
    const file = await releases.file(request.params.id);
    if (!file) throw errors.notFound();
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentDisposition(file.fileName))
      .send(file.stream);
  });
  return releases;
}
