import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { freshPostgres, startTestServer, type TestServer } from '../../test/harness.ts';
import { makePng } from '../../test/png.ts';
import { openKeyStore } from './key-store.ts';
import { serverSecretRepository } from './server-secret.repository.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';

function encrypt(publicKeyPem: string, password: string): string {
  return crypto.publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vigil-shared-keys';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Issue 26: two Vigil processes on one database (each with its own data dir) started at the same
 * moment hold the same RSA key pair and secrets, and serve the same uploads.
 */
describe('keys and uploads shared by two processes on one PostgreSQL', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: TestServer;
  let second: TestServer;
  before(async () => {
    database = await freshPostgres(POSTGRES);
    first = await startTestServer({ demo: true, env: { DATABASE_URL: database.url } });
    second = await startTestServer({ env: { DATABASE_URL: database.url } });
  });
  after(async () => {
    try {
      await first?.close();
    } finally {
      await second?.close();
      await database?.drop();
    }
  });

  test('a password encrypted with one process\'s public key signs in on the other', async () => {
    const keyA = (await first.call(api.publicKey, {})).data.publicKey;
    const keyB = (await second.call(api.publicKey, {})).data.publicKey;
    assert.equal(keyA, keyB, 'one key pair');
    const login = await second.call(api.login, { userName: 'demotwoa', passWord: encrypt(keyA, DEMO_PASSWORD), rsa: true });
    assert.equal(login.status, Status.OK, login.msg);
    assert.notEqual(first.dataDir, second.dataDir);
  });

  test('a logo uploaded on one process is served by the other and can be saved there', async () => {
    const token = (await first.login('demotwoa')).token;
    const png = makePng(200, 200);
    const body = multipart(png);
    const uploaded = await first.vigil.app.inject({ method: 'POST', url: `/api${api.uploadLogo.path}`, payload: body.payload, headers: { ...body.headers, 's-token': token } });
    const url: string = uploaded.json().data.url;
    assert.match(url, /^\/api\/files\/logo-/);
    const served = await second.vigil.app.inject({ method: 'GET', url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(served.rawPayload, png);
    const tokenOnB = (await second.login('demotwoa')).token;
    assert.equal((await second.call(api.platformSettingSave, { name: 'Riverside Watch', logoUrl: url }, { token: tokenOnB })).status, Status.OK);
  });

  test('processes that start at once on a new installation make one key pair between them', async () => {
    const { db } = first.vigil.database;
    await db.deleteFrom('server_secrets').execute();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openKeyStore(serverSecretRepository(db), fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-race-')))));
    assert.equal(new Set(stores.map((store) => store.publicKeyPem)).size, 1);
    assert.equal(new Set(stores.map((store) => store.ssoSecret.toString('hex'))).size, 1);
    assert.equal(new Set(stores.map((store) => store.deviceCipherSecret.toString('hex'))).size, 1);
    assert.equal((await db.selectFrom('server_secrets').select('name').execute()).length, 3);
  });
});

describe('keys an older version kept in the data dir', () => {
  let server: TestServer;
  let legacyPublicKey: string;
  before(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-legacy-keys-'));
    fs.mkdirSync(path.join(dataDir, 'keys'));
    const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(path.join(dataDir, 'keys', 'rsa-private.pem'), pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    legacyPublicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    server = await startTestServer({ demo: true, env: { VIGIL_DATA_DIR: dataDir } });
  });
  after(() => server.close());

  test('are taken over on the first start, so logins in flight keep working', async () => {
    assert.equal((await server.call(api.publicKey, {})).data.publicKey, legacyPublicKey);
  });
});
