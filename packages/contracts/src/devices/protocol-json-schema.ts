import { z } from 'zod';
import { AckMessageSchema, CommandMessageSchema, EventMessageSchema, StatusMessageSchema, TelemetryMessageSchema, type DeviceChannel } from './protocol.ts';

/**
 * The JSON Schema (draft 2020-12) of each channel's message, generated from the zod schemas
 * that Vigil validates with. `docs/device-protocol/<channel>.schema.json` holds these
 * (a test fails when they are stale; `npm run docs:protocol` rewrites them).
 */
export function deviceProtocolJsonSchemas(): Record<DeviceChannel, object> {
  const schema = (channel: DeviceChannel, type: z.ZodType, io: 'input' | 'output' = 'output') => ({
    $id: `https://vigil.example/device-protocol/v1/${channel}.schema.json`,
    title: `Vigil device protocol v1: ${channel}`,
    ...z.toJSONSchema(type, { io, target: 'draft-2020-12' }),
  });
  return {
    status: schema('status', StatusMessageSchema, 'input'),
    telemetry: schema('telemetry', TelemetryMessageSchema, 'input'),
    event: schema('event', EventMessageSchema, 'input'),
    cmd: schema('cmd', CommandMessageSchema),
    ack: schema('ack', AckMessageSchema, 'input'),
  };
}

/** The file text of one channel's schema, as stored in docs/device-protocol/. */
export function deviceProtocolSchemaFile(schema: object): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
