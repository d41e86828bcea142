import fs from 'node:fs';
import path from 'node:path';
import * as api from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import { LOGO_FILE_PATTERN } from './logo.ts';
import type { SystemService } from './system.service.ts';

/** Platform name, logo, settings, version, time zones and health. */
export function systemRoutes(
  app: FastifyInstance,
  routes: OperationRegistrar,
  system: SystemService,
  options: { uploadsDir: string; checkDatabase: () => Promise<boolean>; database: string },
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
  routes.open(api.serverVersion, async () => system.version());
  routes.open(api.timeZones, async () => system.timeZones());
  routes.open(api.querySystemConfig, async () => system.config());
  routes.secured(api.saveSystemConfig, async (input) => system.saveConfig(input));
  routes.open(api.health, async () => ({ ok: await options.checkDatabase(), database: options.database }));

  // Uploaded logos are public: the login page shows them before anyone signs in.
  app.get<{ Params: { name: string } }>('/api/files/:name', async (request, reply) => {
    const { name } = request.params;
    if (!LOGO_FILE_PATTERN.test(name)) throw errors.notFound();
    const file = path.join(options.uploadsDir, name);
    if (!fs.existsSync(file)) throw errors.notFound();
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/png').send(fs.createReadStream(file));
  });
}
