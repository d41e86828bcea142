import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TelemetryMessageSchema } from '@vigil/contracts';
import { readTelemetryFast } from './telemetry-fast-path.ts';

test('the hand-written telemetry check agrees with the zod schema, valid or not', () => {
  const good = { t: 1, hr: 60.5, rr: 14, move: 0, bed: 'in', state: 'deep' };
  const variants: unknown[] = [
    { ts: 5, samples: [good] },
    { ts: 5, samples: [good], extra: 1 },
    { ts: 5, samples: [{ ...good, extra: 'x' }] },
    { ts: 5, samples: [{ ...good, state: undefined }] },
    { ts: 5, samples: [] },
    { ts: 5, samples: Array.from({ length: 255 }, () => good) },
    { ts: 5, samples: Array.from({ length: 254 }, () => good) },
    { ts: -1, samples: [good] },
    { ts: 1.5, samples: [good] },
    { ts: '5', samples: [good] },
    { samples: [good] },
    { ts: 5, samples: [{ ...good, t: -1 }] },
    { ts: 5, samples: [{ ...good, t: 2 ** 60 }] },
    { ts: 5, samples: [{ ...good, hr: 256 }] },
    { ts: 5, samples: [{ ...good, hr: -0.1 }] },
    { ts: 5, samples: [{ ...good, hr: Number.NaN }] },
    { ts: 5, samples: [{ ...good, hr: null }] },
    { ts: 5, samples: [{ ...good, rr: 255 }] },
    { ts: 5, samples: [{ ...good, move: 100.5 }] },
    { ts: 5, samples: [{ ...good, bed: 'sofa' }] },
    { ts: 5, samples: [{ ...good, state: 'rem' }] },
    { ts: 5, samples: [{ ...good, state: null }] },
    { ts: 5, samples: [null] },
    { ts: 5, samples: [[1, 2]] },
    { ts: 5, samples: 'many' },
    [],
    null,
    'text',
  ];
  for (const body of variants) {
    const fast = readTelemetryFast(body);
    const zod = TelemetryMessageSchema.safeParse(body);
    assert.equal(fast !== null, zod.success, `agreement on ${JSON.stringify(body)?.slice(0, 80)}`);
    // Compared as JSON, which is what devices send (no undefined values).
    if (fast && zod.success) assert.deepEqual(JSON.parse(JSON.stringify(fast)), JSON.parse(JSON.stringify(zod.data)));
  }
});
