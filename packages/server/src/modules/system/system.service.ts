import fs from 'node:fs';
import path from 'node:path';
import { EditionSchema, type Edition } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import { brandingFor, platformName as readPlatformName, providerBrandingKey } from './branding.ts';
import { storeLogo } from './logo.ts';
import type { UploadedFileRepository } from './uploaded-file.repository.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { isTimeZone, listTimeZones } from './time-zones.ts';

export const DEFAULT_PLATFORM_NAME = 'Vigil';

const providerSettingKey = (providerId: number) => `platformSetting:${providerId}`;

/** Platform name, logo, edition, time zone and version. */
export function systemService(deps: { settings: SettingsRepository; uploadsDir: string; files: UploadedFileRepository; version: { version: string; commit: string; startedAt: number; database: string } }) {
  const { settings } = deps;
  const platformName = () => readPlatformName(settings);

  return {
    platformName: async () => ({ platformName: await platformName() }),

    async rename(name: string): Promise<null> {
      await settings.set('platformName', name);
      return null;
    },

    /**
     * Name and logo as a provider's users see them: the provider's own setting when it
     * saved one, else the platform's. Signed-out callers (the login page) and vendor
     * roles get the platform's.
     */
    platformSetting: (providerId: number | null) => brandingFor(settings, providerId),
    /** Saves a provider's own name and logo; without a provider (SENIOR_ROLE) the platform's. */
    async savePlatformSetting(providerId: number | null, input: { name: string; logoUrl: string }): Promise<null> {
      if (input.logoUrl) {
        const name = path.basename(input.logoUrl);
        if (!(await deps.files.exists(name)) && !fs.existsSync(path.join(deps.uploadsDir, name))) throw errors.invalidField('logoUrl');
      }
      if (providerId !== null) {
        await settings.set(providerBrandingKey(providerId), JSON.stringify({ name: input.name, logoUrl: input.logoUrl }));
        return null;
      }
      await settings.set('platformName', input.name);
      await settings.set('logoUrl', input.logoUrl);
      return null;
    },

    uploadLogo: (bytes: Buffer) => storeLogo(deps.files, bytes),

    version: () => deps.version,

    timeZones: () => listTimeZones(),

    async config(): Promise<{ edition: Edition; timeZone: string }> {
      const edition = EditionSchema.safeParse(await settings.get('edition'));
      return { edition: edition.success ? edition.data : 'overseas', timeZone: (await settings.get('timeZone')) ?? 'UTC' };
    },

    async saveConfig(input: { edition?: Edition; timeZone?: string }): Promise<null> {
      if (input.timeZone !== undefined && !isTimeZone(input.timeZone)) throw errors.invalidField('timeZone', 'system.timeZoneInvalid');
      if (input.edition) await settings.set('edition', input.edition);
      if (input.timeZone) await settings.set('timeZone', input.timeZone);
      return null;
    },
  };
}
export type SystemService = ReturnType<typeof systemService>;
