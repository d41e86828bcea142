import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, test } from 'node:test';
import { DEVICE_ID_PATTERN, looksLikeDeviceCipher } from '@vigil/contracts';
import { deviceCipher } from './device-cipher.ts';

describe('device ciphertext IDs', () => {
  const cipher = deviceCipher(crypto.randomBytes(32));

  test('a code decodes to its plain ID, and never looks like a plain ID', () => {
    for (const plainId of ['A1', 'SM-20260001', '0000123', 'z'.repeat(64)]) {
      const code = cipher.encode(plainId);
      assert.ok(looksLikeDeviceCipher(code), code);
      assert.ok(!DEVICE_ID_PATTERN.test(code), code);
      assert.equal(cipher.decode(code), plainId);
      assert.equal(cipher.decode(` ${code} `), plainId, 'a scanner\'s stray spaces do not matter');
    }
  });

  test('another server\'s code, an altered ID or signature, and a non-canonical form are refused', () => {
    const code = cipher.encode('SM-1');
    assert.equal(deviceCipher(crypto.randomBytes(32)).decode(code), null);
    const [prefix, , signature] = code.split('.');
    assert.equal(cipher.decode(`${prefix}.${Buffer.from('SM-2').toString('base64url')}.${signature}`), null);
    assert.equal(cipher.decode(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`), null);
    assert.equal(cipher.decode('SM-1'), null);
    assert.equal(cipher.decode('V1..AAAAAAAAAAAAAAAA'), null);
  });
});
