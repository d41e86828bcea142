import { z } from 'zod';
import { defineOperation } from './define.ts';
import { residentLiveStateSchema } from './monitor.ts';

/**
 * Calls made only by the caregiver and installer mobile app (packages/app, docs/app.md).
 * The app otherwise uses the console's operations that list NURSING or MAINTAIN.
 */
export const caredResidentSchema = residentLiveStateSchema.extend({
  /** Score of the latest analysed night's report, null when there is none. */
  sleepScore: z.number().nullable(),
  /** YYYY-MM-DD of that report, null when there is none. */
  reportDate: z.string().nullable(),
});
export type CaredResident = z.infer<typeof caredResidentSchema>;

export const appCaredResidents = defineOperation({
  id: 'appCare.residents', method: 'GET', path: '/appCare/residents', tag: 'mobileApp', encoding: 'query', auth: 'session', roles: ['NURSING'],
  summary: 'Caregiver app: the residents assigned to the signed-in caregiver, with live state and the latest night\'s sleep score',
  input: z.object({}),
  output: z.array(caredResidentSchema),
});
