import { z } from 'zod';
import { DEAL_STATES, FOLLOW_UPS, RELEASE_CHOICES, type VoiceWay } from './handling-values.ts';

// The schemas; the values and types live in handling-values.ts (no zod), which the console's shell reads:
// a module's code lands in one chunk, so schemas beside them would bring zod into the shell.
export * from './handling-values.ts';

export const ReleaseChoiceSchema = z.enum(RELEASE_CHOICES, { error: 'validation.releaseChoice' });

export const FollowUpSchema = z.enum(FOLLOW_UPS, { error: 'validation.followUp' });

export const ReleaseSourceSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const DealStateSchema = z.enum(DEAL_STATES, { error: 'validation.invalid' });

export const VoiceWaySchema = z.coerce
  .number({ error: 'validation.voiceWay' })
  .int({ error: 'validation.voiceWay' })
  .min(0, { error: 'validation.voiceWay' })
  .max(3, { error: 'validation.voiceWay' })
  .transform((value): VoiceWay => (value === 0 ? 0 : value === 1 ? 1 : value === 2 ? 2 : 3));
