import fs from 'node:fs';
import path from 'node:path';
import { EditionSchema, type Edition } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import { storeLogo } from './logo.ts';
import type { SettingsRepository } from './settings.repository.ts';
import { isTimeZone, listTimeZones } from './time-zones.ts';

export const DEFAULT_PLATFORM_NAME = 'Vigil';

/** Platform name, logo, edition, time zone and version. */
export function systemService(deps: { settings: SettingsRepository; uploadsDir: string; version: { version: string; commit: string; startedAt: number; database: string } }) {
  const { settings } = deps;
  const platformName = async () => (await settings.get('platformName')) ?? DEFAULT_PLATFORM_NAME;

  return {
    platformName: async () => ({ platformName: await platformName() }),

    async rename(name: string): Promise<null> {
      await settings.set('platformName', name);
      return null;
    },

    async platformSetting() {
      return { name: await platformName(), logoUrl: (await settings.get('logoUrl')) ?? '' };
    },

    async savePlatformSetting(input: { name: string; logoUrl: string }): Promise<null> {
      if (input.logoUrl) {
        const file = path.join(deps.uploadsDir, path.basename(input.logoUrl));
        if (!fs.existsSync(file)) throw errors.invalidField('logoUrl');
      }
      await settings.set('platformName', input.name);
      await settings.set('logoUrl', input.logoUrl);
      return null;
    },

    uploadLogo: (bytes: Buffer) => storeLogo(deps.uploadsDir, bytes),

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
