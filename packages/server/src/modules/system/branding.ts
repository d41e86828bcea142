import { z } from 'zod';
import type { SettingsRepository } from './settings.repository.ts';

export const DEFAULT_PLATFORM_NAME = 'Vigil';

const providerBrandingSchema = z.object({ name: z.string(), logoUrl: z.string() });
export type Branding = z.infer<typeof providerBrandingSchema>;

/** Settings key of a provider's own name and logo. */
export const providerBrandingKey = (providerId: number) => `platformSetting:${providerId}`;

/** The platform's name (SENIOR_ROLE renames it for everyone). */
export async function platformName(settings: SettingsRepository): Promise<string> {
  return (await settings.get('platformName')) ?? DEFAULT_PLATFORM_NAME;
}

/**
 * Name and logo as the users of a provider see them: the provider's own, when it saved
 * one, else the platform's. Without a provider (vendor roles, the login page) the platform's.
 */
export async function brandingFor(settings: SettingsRepository, providerId: number | null): Promise<Branding> {
  const own = providerId === null ? undefined : await settings.get(providerBrandingKey(providerId));
  if (own) {
    const parsed = providerBrandingSchema.safeParse(JSON.parse(own));
    if (parsed.success) return parsed.data;
  }
  return { name: await platformName(settings), logoUrl: (await settings.get('logoUrl')) ?? '' };
}
