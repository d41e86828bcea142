import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { ALL_OPERATIONS } from './operations/index.ts';

/**
 * Proof for docs/spec-coverage.md: every call of the spec's §7 tables (both documents, copied
 * into docs/spec/) has an operation in the contracts, so the server serves it, the OpenAPI
 * document lists it and the console can call it. A call the spec names without a path prefix
 * takes the prefix of the call before it in the same cell, as the spec says.
 */
const SPEC_DIR = new URL('../../../docs/spec/', import.meta.url);
const SPEC_FILES = ['01-platform-people-accounts.md', '02-devices-alarms-reports.md'];

/**
 * Calls served outside the operation table, each with the reason (and listed in docs/spec-coverage.md).
 * Only a call whose answer cannot be the JSON envelope belongs here.
 */
export const SERVED_OUTSIDE_CONTRACTS: Readonly<Record<string, string>> = {
  '/hardSoft/download': 'streams the firmware zip to a device holding a signed link (docs/firmware.md), not an envelope',
};

/**
 * Calls the spec names that Vigil does not build, each with the reason (spec: "build them as the
 * spec describes them, or document why not"); docs/api.md must explain each.
 */
export const NOT_BUILT: Readonly<Record<string, string>> = {
  '/plate/pdf/getByType': 'the spec gives no payload, answer or screen for it',
};

const normalize = (path: string) => path.replace(/\/+$/, '');
const served = new Set(ALL_OPERATIONS.map((operation) => normalize(operation.path)));
const topSegments = new Set(ALL_OPERATIONS.map((operation) => operation.path.split('/')[1]));

/** The §7 section of a spec document. */
export function section7(text: string): string {
  const start = text.indexOf('\n## 7.');
  const end = text.indexOf('\n## 8.', start);
  assert.ok(start >= 0 && end > start, 'the document has a §7 and a §8');
  return text.slice(start, end);
}

/** The calls of one table cell, as full paths: "POST /area/getAreaList, updateArea" → /area/getAreaList, /area/updateArea. */
export function callsOfCell(cell: string, known: ReadonlySet<string> = new Set([...served, ...Object.keys(SERVED_OUTSIDE_CONTRACTS), ...Object.keys(NOT_BUILT)])): string[] {
  const calls: string[] = [];
  let prefix = '';
  const text = cell.replace(/(\w+)\(s\)/g, '$1, $1s').replace(/\([^)]*\)/g, ' ');
  for (const piece of text.split(/;|,|\band\b/)) {
    for (const word of piece.trim().split(/\s+/)) {
      if (/^(GET|POST|DELETE|PUT|upload|uploads|downloads|with|lan)$/i.test(word)) continue;
      const token = normalize(word.replace(/\?.*$/, ''));
      if (!/^\/?[A-Za-z][A-Za-z0-9_/.-]*$/.test(token)) continue;
      const bare = token.replace(/^\//, '');
      const absolute = token.startsWith('/') && (known.has(token) || (bare.includes('/') && topSegments.has(bare.split('/')[0])) || !prefix);
      const call = absolute ? token : known.has(`/${bare}`) && bare.includes('/') && !token.startsWith('/') ? `/${bare}` : `${prefix}/${bare}`;
      if (absolute && bare.includes('/')) prefix = call.slice(0, call.lastIndexOf('/'));
      calls.push(call);
    }
  }
  return calls;
}

/** Every call of a document's §7 table(s). */
export function specCalls(text: string): string[] {
  const rows = section7(text).split('\n').filter((line) => line.startsWith('| ') && !/^\|\s*(Method and path|Area)\s*\|/.test(line));
  return rows.flatMap((row) => {
    const cells = row.split('|').map((cell) => cell.trim()).filter(Boolean);
    // Document 01: | Method and path | Payload | Use |; document 02: | Area | Calls |.
    const cell = cells.length >= 3 ? cells[0] : cells[1];
    return cell?.includes('/') ? callsOfCell(cell) : [];
  });
}

describe('spec §7 calls and the contracts', () => {
  test('the parser reads the spec\'s shorthand: inherited prefixes, (s) plurals, queries, notes', () => {
    const known = new Set(['/area/getAreaList', '/area/updateArea', '/community/saveUserSleepConfig', '/community/saveUserSleepConfigs', '/enclosure/getByArea', '/enclosure/currentSite', '/enclosure/mode/realtime/start', '/v/x/deleteA']);
    assert.deepEqual(callsOfCell('POST /area/getAreaList, updateArea', known), ['/area/getAreaList', '/area/updateArea']);
    assert.deepEqual(callsOfCell('POST /community/saveUserSleepConfig(s)', known), ['/community/saveUserSleepConfig', '/community/saveUserSleepConfigs']);
    assert.deepEqual(callsOfCell('GET /enclosure/getByArea, /currentSite, /mode/realtime/start', known), ['/enclosure/getByArea', '/enclosure/currentSite', '/enclosure/mode/realtime/start']);
    assert.deepEqual(callsOfCell('POST /v/x/list; DELETE deleteA?id={id}', known), ['/v/x/list', '/v/x/deleteA']);
  });

  test('every §7 call of both spec documents has an operation in the contracts (or a listed reason)', () => {
    const missing: string[] = [];
    let count = 0;
    for (const file of SPEC_FILES) {
      for (const call of specCalls(fs.readFileSync(new URL(file, SPEC_DIR), 'utf8'))) {
        count += 1;
        if (!served.has(call) && !(call in SERVED_OUTSIDE_CONTRACTS) && !(call in NOT_BUILT)) missing.push(`${file}: ${call}`);
      }
    }
    assert.ok(count >= 170, `read ${count} calls: the tables were not found`);
    assert.deepEqual(missing, [], 'spec §7 calls without an operation in packages/contracts');
  });

  test('the calls served outside the contracts are named in docs/spec-coverage.md, the ones not built explained in docs/api.md', () => {
    const coverage = fs.readFileSync(new URL('../../../docs/spec-coverage.md', import.meta.url), 'utf8');
    for (const path of Object.keys(SERVED_OUTSIDE_CONTRACTS)) assert.ok(coverage.includes(path), path);
    const api = fs.readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    for (const path of Object.keys(NOT_BUILT)) assert.ok(api.includes(path) && coverage.includes(path), path);
  });

  test('the copies in docs/spec/ are the contract (when the shared spec is on this machine)', () => {
    for (const file of SPEC_FILES) {
      const shared = `/work/shared/spec/${file}`;
      if (!fs.existsSync(shared)) continue;
      assert.equal(fs.readFileSync(new URL(file, SPEC_DIR), 'utf8'), fs.readFileSync(shared, 'utf8'), file);
    }
  });
});
