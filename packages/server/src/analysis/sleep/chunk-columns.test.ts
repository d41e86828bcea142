import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateNight } from '@vigil/simulator';
import { ChunkEncoder } from '../../ingest/telemetry-codec.ts';
import { columnsFromChunks, packChunks } from './chunk-columns.ts';
import { analyseNight, toColumns } from './index.ts';

function chunksOf(samples: ReturnType<ReturnType<typeof generateNight>['samples']>) {
  const chunks: { data: Uint8Array; sampleCount: number }[] = [];
  for (let index = 0; index < samples.length; index += 300) {
    const encoder = new ChunkEncoder();
    for (const sample of samples.slice(index, index + 300)) encoder.append(sample);
    chunks.push({ data: encoder.bytes(), sampleCount: encoder.count });
  }
  return chunks;
}

test('stored chunks decode straight into the same columns, and the same analysis, as decoded samples', () => {
  const start = Date.UTC(2026, 2, 1, 20);
  const night = generateNight({ seed: 3, bedTime: start, riseTime: start + 9 * 3_600_000 });
  const samples = night.samples(night.truth.start, night.truth.end);
  const from = samples[100].t;
  const to = samples[samples.length - 100].t;
  const inRange = samples.filter((sample) => sample.t >= from && sample.t < to);
  const expected = toColumns(inRange);
  const actual = columnsFromChunks(packChunks(chunksOf(samples)), from, to);
  assert.equal(actual.length, expected.length);
  assert.deepEqual([...actual.t], [...expected.t]);
  assert.deepEqual([...actual.hr], [...expected.hr]);
  assert.deepEqual([...actual.bed], [...expected.bed]);
  assert.deepEqual(analyseNight(actual, { from, to }), analyseNight(expected, { from, to }));
});

test('chunks of two writers that interleave come out in time order', () => {
  const start = Date.UTC(2026, 2, 1, 20);
  const samples = generateNight({ seed: 4, bedTime: start, riseTime: start + 8 * 3_600_000 }).samples(start, start + 1_200_000);
  const odd = samples.filter((_, index) => index % 2 === 1);
  const even = samples.filter((_, index) => index % 2 === 0);
  const columns = columnsFromChunks(packChunks([...chunksOf(odd), ...chunksOf(even)]), start, start + 1_200_000);
  assert.equal(columns.length, samples.length);
  assert.deepEqual([...columns.t], samples.map((sample) => sample.t));
});
