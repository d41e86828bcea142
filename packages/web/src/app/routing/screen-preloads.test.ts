import '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { preloadScreenFiles, SCREEN_PRELOADS_ID } from './screen-preloads.ts';

test("preloadScreenFiles adds a modulepreload link per file of the named screen, once, from the build's block in index.html", () => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SCREEN_PRELOADS_ID;
  block.textContent = JSON.stringify({ userManage: ['/assets/List-1.js', '/assets/Table-2.js'], alarmIndex: ['/assets/Log-3.js', '/assets/Table-2.js'] });
  document.head.append(block);
  const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  preloadScreenFiles('userManage');
  assert.deepEqual(preloaded(), ['/assets/List-1.js', '/assets/Table-2.js']);
  // A file two screens share is not asked for twice; a name the build does not know adds nothing.
  preloadScreenFiles('alarmIndex');
  preloadScreenFiles('userManage');
  preloadScreenFiles('notBuilt');
  assert.deepEqual(preloaded(), ['/assets/List-1.js', '/assets/Table-2.js', '/assets/Log-3.js']);
});
