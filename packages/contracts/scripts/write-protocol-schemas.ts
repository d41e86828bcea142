import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_CHANNELS } from '../src/devices/protocol.ts';
import { deviceProtocolJsonSchemas, deviceProtocolSchemaFile } from '../src/devices/protocol-json-schema.ts';

/** Rewrites docs/device-protocol/<channel>.schema.json from the zod schemas. */
const dir = path.resolve(import.meta.dirname, '../../../docs/device-protocol');
fs.mkdirSync(dir, { recursive: true });
const schemas = deviceProtocolJsonSchemas();
for (const channel of DEVICE_CHANNELS) {
  fs.writeFileSync(path.join(dir, `${channel}.schema.json`), deviceProtocolSchemaFile(schemas[channel]));
  console.log(`docs/device-protocol/${channel}.schema.json`);
}
