import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isPasswordWellFormed, isWeakPassword, WEAK_PASSWORDS } from './passwords.ts';
import { pickLanguage } from './languages.ts';
import { landingPath, menuFor, pathAllows } from './console-routes.ts';
import { formatMessage, MESSAGES } from './i18n/index.ts';

describe('passwords', () => {
  test('there are 15 weak passwords and each passes the format rule, so the list matters', () => {
    assert.equal(WEAK_PASSWORDS.length, 15);
    for (const weak of WEAK_PASSWORDS) assert.ok(isPasswordWellFormed(weak), weak);
  });
  test('weak passwords are recognised regardless of case', () => {
    assert.ok(isWeakPassword('password@123'));
    assert.ok(!isWeakPassword('Demo#2026care'));
  });
  test('the format rule: 8–16 characters with digit, upper, lower and special', () => {
    assert.ok(isPasswordWellFormed('Demo#2026care'));
    for (const bad of ['Ab#1234', 'Abcdefgh#12345678', 'abcdefg#1', 'ABCDEFG#1', 'Abcdefg#x', 'Abcdefg12', 'Abc def#12']) {
      assert.ok(!isPasswordWellFormed(bad), bad);
    }
  });
});

describe('languages', () => {
  test('Accept-Language picks a supported language, falling back to en-us', () => {
    assert.equal(pickLanguage('zh-CN,zh;q=0.9'), 'zh-cn');
    assert.equal(pickLanguage('de-AT'), 'de');
    assert.equal(pickLanguage('fr-FR, ja;q=0.5'), 'ja');
    assert.equal(pickLanguage('fr'), 'en-us');
    assert.equal(pickLanguage(undefined), 'en-us');
  });
  test('every language has every message with the same placeholders', () => {
    for (const [language, messages] of Object.entries(MESSAGES)) {
      for (const [key, english] of Object.entries(MESSAGES['en-us'])) {
        const text = messages[key as keyof typeof messages];
        assert.ok(text && text.trim(), `${language} ${key}`);
        const wanted = (english.match(/\{\w+\}/g) ?? []).sort();
        assert.deepEqual((text.match(/\{\w+\}/g) ?? []).sort(), wanted, `${language} ${key} placeholders`);
      }
    }
    assert.equal(formatMessage('en-us', 'validation.tooLong', { field: 'Name', max: 5 }), 'Name must be at most 5 characters.');
  });
});

describe('console routes', () => {
  test('landing pages follow the spec per role', () => {
    assert.equal(landingPath('SENIOR_ROLE', false), '/deviceManage/deviceManage');
    assert.equal(landingPath('SUPER_ROLE', false), '/permission/providermanager');
    assert.equal(landingPath('ONE_ROLE', false), '/permission/providermanager');
    assert.equal(landingPath('ONE_ROLE', true), '/realMonitor/index');
    assert.equal(landingPath('TWO_ROLE', true), '/realMonitor/index');
    assert.equal(landingPath('GOVERNMENT', false), '/statistics');
    assert.equal(landingPath('BUSINESS_ROLE', false), '/permission/accountmanager');
    assert.equal(landingPath('SUB_ROLE', false), '/realMonitor/index');
  });
  test('a child route is allowed only if its parent is', () => {
    assert.ok(pathAllows('/permission/providermanager', 'ONE_ROLE'));
    assert.ok(!pathAllows('/permission/providermanager', 'TWO_ROLE'));
    assert.ok(pathAllows('/permission/accountmanager', 'TWO_ROLE'));
    assert.ok(!pathAllows('/permission/accountmanager', 'GOVERNMENT'));
    assert.ok(!pathAllows('/settings/platSet', 'SENIOR_ROLE'));
    assert.ok(!pathAllows('/no/such/route', 'SENIOR_ROLE'));
    assert.ok(menuFor('GOVERNMENT').includes('Statistics'));
    assert.ok(!menuFor('GOVERNMENT').includes('Permission'));
  });
});

describe('schema-free operation descriptors (the console build)', () => {
  test('src/client.generated.ts and src/client/ are up to date with the operations (npm run contracts:client)', async () => {
    const fs = await import('node:fs');
    const { clientOperationFiles } = await import('./operations/client-operations.ts');
    const files = await clientOperationFiles();
    const onDisk = fs.readdirSync(new URL('./client/', import.meta.url)).map((file) => `client/${file}`);
    assert.deepEqual(onDisk.sort(), [...files.keys()].filter((file) => file.startsWith('client/')).sort());
    for (const [file, text] of files) assert.equal(fs.readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), text, file);
  });
  test('each descriptor carries the operation’s method, path, encoding and roles, and no schema; the rest is the package', async () => {
    const operations = await import('./operations/index.ts');
    const client: Record<string, unknown> = await import('./client.generated.ts');
    const { namedOperations } = await import('./operations/client-operations.ts');
    const named = namedOperations(operations);
    assert.ok(named.length >= operations.ALL_OPERATIONS.length, `${named.length} named operations`);
    for (const [name, operation] of named) {
      const descriptor = client[name] as Record<string, unknown>;
      assert.deepEqual(
        descriptor,
        { id: operation.id, method: operation.method, path: operation.path, encoding: operation.encoding, auth: operation.auth, ...(operation.roles ? { roles: operation.roles } : {}) },
        name,
      );
      assert.ok(!('input' in descriptor) && !('output' in descriptor), `${name} carries a schema`);
    }
    const contracts: Record<string, unknown> = await import('./index.ts');
    assert.deepEqual(Object.keys(client).sort(), Object.keys(contracts).sort());
    for (const name of Object.keys(contracts)) {
      if (!named.some(([operation]) => operation === name)) assert.equal(client[name], contracts[name], name);
    }
  });
});
