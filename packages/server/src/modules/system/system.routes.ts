import fs from 'node:fs';
import path from 'node:path';
import * as api from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import { INSTALL_PAGE_FILE, storeInstallPage } from './install-page.ts';
import { LOGO_FILE_PATTERN } from './logo.ts';
import type { SystemService } from './system.service.ts';
import type { UploadedFileRepository } from './uploaded-file.repository.ts';

/** Platform name, logo, settings, version, time zones and health. */
export function systemRoutes(
  app: FastifyInstance,
  routes: OperationRegistrar,
  system: SystemService,
  options: { uploadsDir: string; files: UploadedFileRepository; checkDatabase: () => Promise<boolean>; database: string },
): void {
  routes.open(api.platformNameGet, async () => system.platformName());
  routes.secured(api.platformNamePost, async (input) => system.rename(input.platformName));
  // Branding belongs to the account's own provider, so one care home never renames another's console.
  routes.openWithSession(api.platformSettingGet, async (_input, { session }) => system.platformSetting(session?.scope.homeProviderId ?? null));
  routes.secured(api.platformSettingSave, async (input, { session }) => system.savePlatformSetting(session.scope.homeProviderId, input));
  routes.secured(api.uploadLogo, async (_input, _context, request) => {
    if (!request.isMultipart()) throw errors.badRequest('upload.missingFile');
    const file = await request.file();
    if (!file) throw errors.badRequest('upload.missingFile');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw errors.tooLarge('upload.logoBytes');
    return system.uploadLogo(bytes);
  });
  routes.secured(api.updateHtml, async (_input, _context, request) => {
    if (!request.isMultipart()) throw errors.badRequest('upload.missingFile');
    const file = await request.file({ limits: { fileSize: api.INSTALL_PAGE_BYTES_MAX } });
    if (!file) throw errors.badRequest('upload.missingFile');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw errors.tooLarge('upload.htmlBytes');
    return storeInstallPage(options.uploadsDir, bytes);
  });
  routes.open(api.serverVersion, async () => system.version());
  routes.open(api.timeZones, async () => system.timeZones());
  routes.open(api.querySystemConfig, async () => system.config());
  routes.secured(api.saveSystemConfig, async (input) => system.saveConfig(input));
  routes.open(api.health, async () => ({ ok: await options.checkDatabase(), database: options.database }));

  // The Android install page: the uploaded one, sandboxed (an uploaded page runs no script and
  // reads nothing of the console's origin); until one is uploaded, the console's own page
  // (packages/web/public/androidAPK.html) is served as any console file.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split('?')[0] !== api.ANDROID_PAGE_PATH) return;
    const file = path.join(options.uploadsDir, INSTALL_PAGE_FILE);
    if (!fs.existsSync(file)) return;
    await reply
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "sandbox allow-popups allow-popups-to-escape-sandbox allow-downloads; default-src 'none'; img-src * data:; style-src 'unsafe-inline' *; font-src *")
      .type('text/html; charset=utf-8')
      .send(fs.readFileSync(file));
    return reply;
  });

  // Uploaded logos are public: the login page shows them before anyone signs in.
  app.get<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const { name } = request.params;
    if (!LOGO_FILE_PATTERN.test(name)) throw errors.notFound();
    // From the database (every process serves the same); a logo an older version kept in the data dir still shows.
    const stored = await options.files.get(name);
    if (stored) return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(stored.contentType).send(stored.data);
    const file = path.join(options.uploadsDir, name);
    if (!fs.existsSync(file)) throw errors.notFound();
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/png').send(fs.createReadStream(file));
  });
}
