import { z } from 'zod';

/** Domestic (Simplified Chinese only, mini program) or overseas (app links, overseas device screens). */
export const EditionSchema = z.enum(['domestic', 'overseas']);
export type Edition = z.infer<typeof EditionSchema>;
