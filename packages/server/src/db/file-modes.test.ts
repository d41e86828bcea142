import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startTestServer } from '../test/harness.ts';

test('the SQLite database (and its WAL) and the key files are readable by Vigil\'s user only', { skip: process.env.DATABASE_URL ? 'SQLite only' : false }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-modes-'));
  // An older installation's world-readable database is narrowed too.
  fs.writeFileSync(path.join(dataDir, 'vigil.db'), '', { mode: 0o644 });
  fs.chmodSync(path.join(dataDir, 'vigil.db'), 0o644);
  const server = await startTestServer({ existing: { dataDir, postgres: null } });
  try {
    await server.vigil.database.db.selectFrom('devices').select('id').execute();
    const mode = (file: string) => fs.statSync(path.join(dataDir, file)).mode & 0o777;
    assert.equal(mode('vigil.db'), 0o600);
    if (fs.existsSync(path.join(dataDir, 'vigil.db-wal'))) assert.equal(mode('vigil.db-wal'), 0o600);
    for (const file of fs.existsSync(path.join(dataDir, 'keys')) ? fs.readdirSync(path.join(dataDir, 'keys')) : []) assert.equal(mode(path.join('keys', file)), 0o600, file);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
