import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  DEVICE_KEY_GRACE_MS,
  FALL_MODE_LIMITS,
  LANGUAGES,
  LOGIN_NAME_MAX,
  LOGIN_NAME_MIN,
  LOGO_MAX_BYTES,
  LOGO_SIZE_PX,
  MESSAGES,
  MIN_SLEEP_MINUTES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  PLACE_NAME_MAX,
  PLACE_NAME_MIN,
  PLATFORM_NAME_MAX,
  PLATFORM_NAME_MIN,
  PROVIDER_CODE_MAX,
  REPORT_AFTER_WAKE_MINUTES,
  RESIDENT_ALARM_LIMITS,
  SOCKET_RECONNECT_MS,
  STATISTICS_TREND_DAYS,
  STATISTICS_TREND_MONTHS,
  SUB_DEVICES_PER_HOST_MAX,
  VERSION_NAME_MAX,
} from '@vigil/contracts';
import { IntlMessageFormat } from 'intl-messageformat';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every `locales` folder under src: the shell's and each feature's. */
function localeFolders(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const path = join(directory, entry.name);
    return entry.name === 'locales' ? [path] : localeFolders(path);
  });
}

function readMessages(folder: string, language: string): Record<string, string> {
  return JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8'));
}

interface Argument {
  name: string;
  kind: string;
}

/** The arguments an ICU message takes (a language may use a plural where another needs none), sorted; throws on a syntax error. */
function argumentsOf(message: string, language: string): string[] {
  const found: Argument[] = [];
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if ('value' in element && typeof element.value === 'string' && element.type !== 0) found.push({ name: element.value, kind: String(element.type) });
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, language).getAst());
  return [...new Set(found.map((argument) => argument.name))].sort();
}

/** Plural categories a plural argument must cover in a language (beside `other`). */
function missingPluralForms(message: string, language: string): string[] {
  const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const missing: string[] = [];
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if (element.type === 6 && 'options' in element) {
        for (const category of needed) if (!(category in element.options)) missing.push(`${element.value}: ${category}`);
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, language).getAst());
  return missing;
}

const folders = localeFolders(SRC);

describe('console locales', () => {
  it('finds the shell and every feature', () => {
    const names = folders.map((folder) => folder.slice(SRC.length));
    for (const expected of ['i18n/locales', 'features/accounts/locales', 'features/residents/locales', 'features/care-shared/locales']) {
      assert.ok(names.includes(expected), `${expected} is missing from ${names.join(', ')}`);
    }
  });

  for (const folder of folders) {
    const name = folder.slice(SRC.length);
    it(`${name}: one file per language, each with exactly the en-us keys, filled in`, () => {
      assert.deepEqual(readdirSync(folder).sort(), LANGUAGES.map((language) => `${language}.json`).sort());
      const english = Object.keys(readMessages(folder, 'en-us')).sort();
      assert.ok(english.length > 0, 'en-us has no keys');
      for (const language of LANGUAGES) {
        const messages = readMessages(folder, language);
        assert.deepEqual(Object.keys(messages).sort(), english, `${name} ${language}: keys differ from en-us`);
        for (const [key, text] of Object.entries(messages)) assert.ok(typeof text === 'string' && text.trim(), `${name} ${language}: ${key} is empty`);
      }
    });

    it(`${name}: every message is valid ICU with the en-us arguments and the language's plural forms`, () => {
      const english = readMessages(folder, 'en-us');
      const problems: string[] = [];
      for (const language of LANGUAGES) {
        for (const [key, text] of Object.entries(readMessages(folder, language))) {
          try {
            const expected = argumentsOf(english[key], 'en-us').join(', ');
            const actual = argumentsOf(text, language).join(', ');
            if (actual !== expected) problems.push(`${language} ${key}: {${actual}} but en-us has {${expected}}`);
            for (const missing of missingPluralForms(text, language)) problems.push(`${language} ${key}: no plural form ${missing}`);
          } catch (error) {
            problems.push(`${language} ${key}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  it('no key is defined by two namespaces (screens fall back to the shell and shared ones)', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const folder of folders) {
      for (const key of Object.keys(readMessages(folder, 'en-us'))) {
        const owner = owners.get(key);
        if (owner) clashes.push(`${key}: ${owner} and ${folder.slice(SRC.length)}`);
        else owners.set(key, folder.slice(SRC.length));
      }
    }
    assert.deepEqual(clashes, []);
  });

  it('the contract messages the forms show are valid ICU too, with the en-us arguments', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const [key, text] of Object.entries(MESSAGES[language])) {
        const expected = argumentsOf(MESSAGES['en-us'][key as keyof (typeof MESSAGES)['en-us']], 'en-us').join(', ');
        if (argumentsOf(text, language).join(', ') !== expected) problems.push(`${language} ${key}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('texts that state a contract limit or constant take it as an argument, in every language', () => {
    const login = { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX };
    const password = { min: PASSWORD_MIN, max: PASSWORD_MAX };
    const platformName = { min: PLATFORM_NAME_MIN, max: PLATFORM_NAME_MAX };
    const bodyMove = { min: RESIDENT_ALARM_LIMITS.bodyMoveThreshold.min, max: RESIDENT_ALARM_LIMITS.bodyMoveThreshold.max };
    const logoKb = LOGO_MAX_BYTES / 1024;
    const { top, flush } = FALL_MODE_LIMITS;
    const hints: Record<string, Record<string, number>> = {
      'shell.login.accountPlaceholder': login,
      'shell.login.accountRule': login,
      'accounts.form.userNameHint': login,
      'accounts.form.passwordHint': password,
      'caregivers.field.userNameHint': login,
      'caregivers.field.phoneHint': { min: PHONE_DIGITS_MIN, max: PHONE_DIGITS_MAX },
      'password.change.newPasswordHint': password,
      'platform.settings.nameHint': platformName,
      'platform.rename.hint': platformName,
      'platform.settings.logoHint': { size: LOGO_SIZE_PX, max: logoKb },
      'platform.logo.errorBytes': { max: logoKb, size: 150 },
      'platform.logo.errorSize': { size: LOGO_SIZE_PX, width: 64, height: 32 },
      'providers.form.codeHint': { max: PROVIDER_CODE_MAX },
      'providers.form.userNameHint': login,
      'providers.form.passwordHint': password,
      'releases.form.versionHint': { max: VERSION_NAME_MAX },
      'addresses.form.nameHint': { min: PLACE_NAME_MIN, max: PLACE_NAME_MAX },
      'gateways.column.subCount': { count: 1, max: SUB_DEVICES_PER_HOST_MAX },
      'alarms.field.bodyMoveThreshold': bodyMove,
      'sleepReport.notAnalysed.tooLittleSleep': { threshold: MIN_SLEEP_MINUTES },
      'devices.settings.wakeTimeHint': { minutes: REPORT_AFTER_WAKE_MINUTES },
      'devices.confirm.rotateKeyContent': { hours: DEVICE_KEY_GRACE_MS / 3_600_000 },
      'statistics.chart.alarms': { days: STATISTICS_TREND_DAYS },
      'statistics.chart.residents': { months: STATISTICS_TREND_MONTHS },
      'alarms.live.reconnecting': { seconds: SOCKET_RECONNECT_MS / 1000 },
      'gateways.fall.modeHelp.top': { side: top.sideMax.left, width: top.widthMax, depth: top.depthMax },
      'gateways.fall.modeHelp.flush': { side: flush.sideMax.left, width: flush.widthMax, front: flush.sideMax.front },
    };
    const all = new Map<string, Record<string, string>>();
    for (const folder of folders) for (const language of LANGUAGES) for (const [key, text] of Object.entries(readMessages(folder, language))) {
      all.set(key, { ...all.get(key), [language]: text });
    }
    const problems: string[] = [];
    for (const [key, limits] of Object.entries(hints)) {
      for (const language of LANGUAGES) {
        const text = all.get(key)?.[language];
        if (!text) {
          problems.push(`${language} ${key}: missing`);
          continue;
        }
        for (const name of Object.keys(limits)) if (!argumentsOf(text, language).includes(name)) problems.push(`${language} ${key}: no {${name}}`);
        // A limit typed in beside its argument ("1–{max}") is what this check exists to catch.
        const typed: string[] = text.replace(/\{[^}]*\}/g, ' ').match(/\d+/g) ?? [];
        for (const value of Object.values(limits)) if (typed.includes(String(value))) problems.push(`${language} ${key}: ${value} typed in`);
      }
    }
    assert.deepEqual(problems, []);
    const english = all.get('gateways.column.subCount')?.['en-us'] ?? '';
    assert.equal(new IntlMessageFormat(english, 'en-us').format({ count: 1, max: SUB_DEVICES_PER_HOST_MAX }), '1 of 49');
  });
});

/** The console's source files (not tests), for the call-site check below. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Top-level property names of an object literal's text (`min: A, max`), or null when it spreads another object. */
function propertyNames(literal: string): string[] | null {
  const names: string[] = [];
  let depth = 0;
  let start = 0;
  const parts: string[] = [];
  for (let index = 0; index <= literal.length; index += 1) {
    const char = literal[index];
    if (char === '{' || char === '[' || char === '(') depth += 1;
    else if (char === '}' || char === ']' || char === ')') depth -= 1;
    else if ((char === ',' && depth === 0) || index === literal.length) {
      parts.push(literal.slice(start, index).trim());
      start = index + 1;
    }
  }
  for (const part of parts.filter(Boolean)) {
    if (part.startsWith('...')) return null;
    const name = /^['"]?([A-Za-z_$][\w$]*)/.exec(part);
    if (name) names.push(name[1]);
  }
  return names;
}

describe('console locale call sites', () => {
  it("every t('key', { … }) call passes the arguments its message takes (a missing one shows the raw {placeholder})", () => {
    const english = new Map<string, string>();
    for (const folder of folders) for (const [key, text] of Object.entries(readMessages(folder, 'en-us'))) english.set(key, text);
    const problems: string[] = [];
    let checked = 0;
    // A call with a literal key and either no options or an object literal without calls inside.
    const call = /\bt\(\s*'([\w.-]+)'\s*(?:,\s*\{([^()]*?)\})?\s*\)/g;
    for (const file of sourceFiles(SRC)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(call)) {
        const message = english.get(match[1]);
        if (message === undefined) continue;
        const given = match[2] === undefined ? [] : propertyNames(match[2]);
        if (given === null) continue;
        checked += 1;
        const missing = argumentsOf(message, 'en-us').filter((name) => !given.includes(name));
        if (missing.length > 0) problems.push(`${file.slice(SRC.length)}: t('${match[1]}') lacks ${missing.join(', ')}`);
      }
    }
    assert.ok(checked > 500, `only ${checked} calls found: is the pattern still right?`);
    assert.deepEqual(problems, []);
  });
});
