import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DEVICE_CHANNELS, StatusMessageSchema, TelemetryMessageSchema } from './protocol.ts';
import { deviceProtocolJsonSchemas, deviceProtocolSchemaFile } from './protocol-json-schema.ts';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../../../docs/device-protocol');

describe('device protocol JSON Schemas', () => {
  test('docs/device-protocol/*.schema.json are generated from the current zod schemas (npm run docs:protocol)', () => {
    const schemas = deviceProtocolJsonSchemas();
    for (const channel of DEVICE_CHANNELS) {
      const file = path.join(SCHEMA_DIR, `${channel}.schema.json`);
      assert.ok(fs.existsSync(file), `${file} is missing: run npm run docs:protocol`);
      assert.equal(fs.readFileSync(file, 'utf8'), deviceProtocolSchemaFile(schemas[channel]), `${channel}.schema.json is stale: run npm run docs:protocol`);
    }
  });

  test('the documented examples are valid messages', () => {
    const doc = fs.readFileSync(path.resolve(SCHEMA_DIR, '../device-protocol.md'), 'utf8');
    assert.ok(StatusMessageSchema.safeParse({ online: false, lastWill: true }).success);
    const telemetry = /```json telemetry\n([\s\S]*?)```/.exec(doc)?.[1];
    assert.ok(telemetry, 'the telemetry example is in the doc');
    assert.ok(TelemetryMessageSchema.safeParse(JSON.parse(telemetry)).success);
  });
});
