import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { z } from 'zod';
import { LEAVE_BED_MODE_SECONDS } from './device-settings-values.ts';
import { ClockTimeSchema, LeaveBedModeSchema, ReportIntervalSchema, SensitivitySchema } from './device-settings.ts';
import { CommandMessageSchema, UPLINK_SCHEMAS } from './protocol.ts';

const DOC = new URL('../../../../docs/device-protocol.md', import.meta.url);

/** `configure`'s arguments as the server builds them (devices module configureArgs). */
const ConfigureArgsSchema = z.strictObject({
  sensitivity: SensitivitySchema,
  leaveBedMode: LeaveBedModeSchema,
  leaveBedSeconds: z.number().refine((value) => Object.values(LEAVE_BED_MODE_SECONDS).includes(value)),
  reportInterval: ReportIntervalSchema,
  uploadRaw: z.boolean(),
  sleepSchedule: z.strictObject({ bedTime: ClockTimeSchema, wakeTime: ClockTimeSchema }),
});

const SCHEMAS: Record<string, z.ZodType> = { ...UPLINK_SCHEMAS, cmd: CommandMessageSchema, envelope: z.object({ status: z.literal(200), data: z.object({ commands: z.array(CommandMessageSchema) }), msg: z.string() }) };

test('every JSON example in docs/device-protocol.md is labelled with its channel and valid against the protocol schemas', () => {
  const text = fs.readFileSync(DOC, 'utf8');
  const blocks = [...text.matchAll(/```json([^\n]*)\n([\s\S]*?)```/g)];
  assert.ok(blocks.length >= 15, `${blocks.length} examples`);
  const seen = new Set<string>();
  for (const [, label = '', body = ''] of blocks) {
    const channel = label.trim();
    const schema = SCHEMAS[channel];
    assert.ok(schema, `an example labelled "${channel}" (label each block: status, telemetry, event, ack, cmd or envelope):\n${body}`);
    const value: unknown = JSON.parse(body.replace('"/api/hardSoft/download?token=…"', '"/api/hardSoft/download?token=x"'));
    const parsed = schema.safeParse(value);
    assert.ok(parsed.success, `${channel} example does not match its schema: ${parsed.success ? '' : parsed.error.message}\n${body}`);
    if (channel === 'cmd' && parsed.success && typeof value === 'object' && value !== null && Reflect.get(value, 'cmd') === 'configure') {
      const args = ConfigureArgsSchema.safeParse(Reflect.get(value, 'args'));
      assert.ok(args.success, `configure args: ${args.success ? '' : args.error.message}`);
    }
    seen.add(channel);
  }
  for (const channel of ['status', 'telemetry', 'event', 'ack', 'cmd']) assert.ok(seen.has(channel), `an example of ${channel}`);
});
