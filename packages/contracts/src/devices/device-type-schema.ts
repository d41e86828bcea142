import { z } from 'zod';
import { DEVICE_TYPE_NUMBERS } from './catalogue.ts';

// Apart from the catalogue, which the console's screens read: a module's code lands in one
// chunk, so a schema there would bring zod to every screen that lists device types.

/** A numeric device type of the catalogue. */
export const DeviceTypeSchema = z.coerce
  .number({ error: 'validation.deviceType' })
  .int({ error: 'validation.deviceType' })
  .refine((value) => DEVICE_TYPE_NUMBERS.includes(value), { error: 'validation.deviceType' });
