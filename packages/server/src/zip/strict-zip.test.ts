import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import { XLSX_ZIP_LIMITS } from '../modules/spreadsheets/sheet-reader.ts';
import { bufferSource, checkZip, storedZip, withFileSource, ZipRefusal, type ZipLimits, type ZipRefusalReason } from './strict-zip.ts';
import { craftZip, type CraftedEntry } from './zip-fixtures.ts';

const LIMITS: ZipLimits = { entriesMax: 50, totalMax: 4 * 1024 * 1024, partMax: () => 2 * 1024 * 1024 };
const text = (value: string) => Buffer.from(value, 'utf8');

async function refusal(bytes: Buffer, limits: ZipLimits = LIMITS): Promise<ZipRefusalReason> {
  try {
    await checkZip(bufferSource(bytes), limits);
  } catch (error) {
    if (error instanceof ZipRefusal) return error.reason;
    throw error;
  }
  assert.fail('the zip was accepted');
}

const good: CraftedEntry[] = [
  { name: 'manifest.json', data: text('{"version":"1.0.0"}') },
  { name: 'bin/', data: Buffer.alloc(0), method: 0 },
  { name: 'bin/firmware.bin', data: Buffer.alloc(50_000, 7) },
  { name: 'README.txt', data: text('hello'), method: 0 },
];

describe('the strict zip reader refuses hostile zips (built byte by byte here)', () => {
  test('a well-formed zip passes, from memory and from a file, and its parts come out', async () => {
    const bytes = craftZip(good);
    const { entries, kept } = await checkZip(bufferSource(bytes), LIMITS, (entry) => entry.name === 'manifest.json');
    assert.deepEqual(entries.map((entry) => entry.name), good.map((entry) => entry.name));
    assert.equal(kept.get('manifest.json')?.toString(), '{"version":"1.0.0"}');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-zip-')), 'ok.zip');
    fs.writeFileSync(file, bytes);
    const fromFile = await withFileSource(file, (source) => checkZip(source, LIMITS));
    assert.equal(fromFile.entries.length, 4);
    fs.rmSync(path.dirname(file), { recursive: true });
    // What the spreadsheet parser gets: the entries that passed, stored.
    const rebuilt = storedZip(new Map([['a.xml', text('<a/>')], ['b/c.xml', text('<c/>')]]));
    assert.deepEqual((await checkZip(bufferSource(rebuilt), LIMITS, () => true)).kept.get('b/c.xml')?.toString(), '<c/>');
  });

  test('central directory "stored", local header "deflated, 600 MB": mismatch, nothing inflated', async () => {
    const bomb = zlib.deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
    const bytes = craftZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb, method: 0, local: { method: 8, size: 600 * 1024 * 1024 } }]);
    assert.equal(await refusal(bytes), 'mismatch');
  });

  test('a local name other than the central one (../../../evx), and names that climb, are refused', async () => {
    assert.equal(await refusal(craftZip([{ name: 'ok.bin', data: text('x'), local: { name: '../../../evx' } }])), 'mismatch');
    for (const name of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\..\\x', 'evil\u202Etxt.exe', 'tab\there', 'zero\u200bwidth', 'a//b', './x']) {
      assert.equal(await refusal(craftZip([{ name, data: text('x') }])), 'badName', JSON.stringify(name));
    }
    assert.equal(await refusal(craftZip([{ name: 'A.txt', data: text('1') }, { name: 'a.txt', data: text('2') }])), 'badName', 'duplicate names');
  });

  test('an entry missing from the central directory, bytes between entries or before the first are hidden data', async () => {
    const hidden = craftZip([{ name: 'a.txt', data: text('a') }, { name: 'big.bin', data: Buffer.alloc(100_000), listed: false }, { name: 'b.txt', data: text('b') }]);
    assert.equal(await refusal(hidden), 'hidden');
    assert.equal(await refusal(craftZip(good, { gapAfter: { index: 0, bytes: Buffer.alloc(64, 1) } })), 'hidden');
    assert.equal(await refusal(craftZip(good, { prefix: Buffer.from('MZ not a zip header') })), 'hidden');
  });

  test('symbolic links and other special files are refused', async () => {
    const link = { name: 'lib/libc.so', data: text('/etc/shadow'), central: { madeBy: (3 << 8) | 20, externalAttributes: (0o120777 << 16) >>> 0 } };
    assert.equal(await refusal(craftZip([link])), 'link');
    const fifo = { name: 'pipe', data: Buffer.alloc(0), method: 0 as const, central: { madeBy: (3 << 8) | 20, externalAttributes: (0o010644 << 16) >>> 0 } };
    assert.equal(await refusal(craftZip([fifo])), 'link');
    const regular = { name: 'run.sh', data: text('#!/bin/sh'), central: { madeBy: (3 << 8) | 20, externalAttributes: (0o100755 << 16) >>> 0 } };
    await checkZip(bufferSource(craftZip([regular])), LIMITS);
  });

  test('inflated bytes are counted while inflating, per part and in all; lying sizes and CRCs are refused', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
    assert.equal(await refusal(craftZip([{ name: 'part.xml', data: big }])), 'tooLarge');
    // Declared small, inflates big: stops at the declared size.
    assert.equal(await refusal(craftZip([{ name: 'part.xml', data: big, local: { size: 100 }, central: { size: 100 } }])), 'corrupt');
    const twoOk = [1, 2, 3].map((index) => ({ name: `p${index}.xml`, data: Buffer.alloc(1_500_000, index) }));
    assert.equal(await refusal(craftZip(twoOk)), 'tooLarge', 'three parts of 1.5 MB pass one by one but not in all (4 MB)');
    assert.equal(await refusal(craftZip([{ name: 'a.txt', data: text('abc'), local: { crc: 1 }, central: { crc: 1 } }])), 'corrupt');
    // An .xlsx's shared strings get 8 MB: 9 MB of them (a ~9 KB file) is refused.
    const strings = craftZip([{ name: 'xl/workbook.xml', data: text('<workbook/>') }, { name: 'xl/sharedStrings.xml', data: Buffer.alloc(9 * 1024 * 1024, 0x20) }]);
    assert.ok(strings.length < 64 * 1024);
    assert.equal(await refusal(strings, XLSX_ZIP_LIMITS), 'tooLarge');
  });

  test('encryption, other methods and ZIP64 markers are refused; so is something that is not a zip', async () => {
    assert.equal(await refusal(craftZip([{ name: 'a', data: text('a'), local: { flags: 0x0801 }, central: { flags: 0x0801 } }])), 'unsupported');
    assert.equal(await refusal(craftZip([{ name: 'a', data: text('a'), method: 0, local: { method: 12 }, central: { method: 12 } }])), 'unsupported');
    assert.equal(await refusal(craftZip([{ name: 'a', data: text('a'), central: { size: 0xffffffff } }])), 'unsupported');
    assert.equal(await refusal(Buffer.from('PK\u0003\u0004 but nothing else')), 'notZip');
  });
});
