import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { FormRule } from 'antd';
import { batchNamesSchema, loginNameSchema, PLACE_NAME_MAX, placeNameSchema, statisticsMultSchema } from '@vigil/contracts';
import { loadContractTexts } from '../../i18n/contract-texts.ts';
import { contractMessage, contractRule } from './contractRule.ts';

/** The message a rule rejects a value with ('' when it accepts it). */
async function rejection(rule: FormRule, value: unknown): Promise<string> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('contractRule states the contract limits', () => {
  before(() => Promise.all([loadContractTexts('en-us'), loadContractTexts('de')]));

  it('shows the login-name limits from the contract, whichever check failed', async () => {
    const rule = contractRule(loginNameSchema, 'en-us', { field: 'Login account' });
    const expected = 'Login account must be within 6~64 characters (letters or digits).';
    assert.equal(await rejection(rule, 'abc'), expected);
    assert.equal(await rejection(rule, 'abc_defg'), expected);
    assert.equal(await rejection(rule, 'abcdefg1'), '');
  });

  it('states the name count of a batch, not the length bound the schema checks first', async () => {
    const rule = contractRule(batchNamesSchema, 'en-us', { field: 'Rooms' });
    assert.equal(await rejection(rule, 'x'.repeat(4000)), 'Enter at most 100 comma-separated names.');
    assert.equal(await rejection(rule, Array.from({ length: 101 }, (_, index) => `R${index}`).join(',')), 'Enter at most 100 comma-separated names.');
  });

  it('checks with the schema a picker names once the contract schemas load, with the same messages', async () => {
    const rule = contractRule((schemas) => schemas.loginNameSchema, 'en-us', { field: 'Login account' });
    assert.equal(await rejection(rule, 'abc'), 'Login account must be within 6~64 characters (letters or digits).');
    assert.equal(await rejection(rule, 'abcdefg1'), '');
    const optional = contractRule((schemas) => schemas.heightSchema, 'en-us', { field: 'Height', optional: true });
    assert.equal(await rejection(optional, ''), '');
  });

  it('writes a decimal limit the way the language does', async () => {
    const rule = contractRule(statisticsMultSchema, 'de', { field: 'Koeffizient' });
    assert.equal(await rejection(rule, 0.001), 'Der Koeffizient muss eine Zahl von 0,01 bis 100 mit höchstens zwei Nachkommastellen sein.');
  });

  it('fills limits into a message asked for by key', () => {
    assert.equal(contractMessage('validation.placeName', 'en-us'), `Names must be 1~${PLACE_NAME_MAX} characters, without commas or control characters.`);
    assert.equal(contractMessage('validation.tooLong', 'en-us', { field: 'Remark', max: 200 }), 'Remark must be at most 200 characters.');
  });
});
