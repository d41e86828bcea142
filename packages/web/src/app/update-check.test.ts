import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptSources } from './update-check.ts';

test('script sources are read from the page, sorted and unique', () => {
  const html = `<html><head>
    <script type="module" crossorigin src="/assets/index-B2x.js"></script>
    <script src='/assets/vendor-A1.js'></script>
    <script>inline()</script>
    <script type="module" crossorigin src="/assets/index-B2x.js"></script>
  </head></html>`;
  assert.deepEqual(scriptSources(html), ['/assets/index-B2x.js', '/assets/vendor-A1.js']);
});

test('a new build is told apart by its script names', () => {
  const before = scriptSources('<script type="module" src="/assets/index-aaa.js"></script>');
  const after = scriptSources('<script type="module" src="/assets/index-bbb.js"></script>');
  assert.notDeepEqual(before, after);
});
