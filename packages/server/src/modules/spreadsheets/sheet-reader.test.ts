import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { numberText } from './sheet-reader.ts';

describe('numberText (a number cell read as text)', () => {
  test('integers keep their exact digits: no exponent, no ".0"', () => {
    assert.equal(numberText(8613912345678), '8613912345678');
    assert.equal(numberText(110101199003071000), '110101199003071000');
    assert.equal(numberText(1e21), '1000000000000000000000');
    assert.equal(numberText(1.2345e25), '12345000000000000000000000');
    assert.equal(numberText(-4.5e22), '-45000000000000000000000');
    assert.equal(numberText(170), '170');
  });

  test('other numbers keep their shortest form', () => {
    assert.equal(numberText(52.5), '52.5');
  });
});
