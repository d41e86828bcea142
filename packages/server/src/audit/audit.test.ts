import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { sql } from 'kysely';
import { SECRET_FIELD } from '../db/audit-capture.ts';
import { auditedRoutesOf, routesOf } from '../http/register.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

interface Row {
  id: number;
  kind: string;
  operation: string;
  user_name: string;
  role: string | null;
  provider_id: number | null;
  address: string;
  record: string | null;
  changes: string;
}

/**
 * Routes under /api that are not contract operations, and why they need no trail: devices and the
 * carrier send device data (no one's records), and public downloads of packages and logos read.
 */
const NOT_OPERATIONS = [
  /^(GET|POST) \/api\/device\/v1\//,
  /^POST \/api\/carrier\/push$/,
  /^GET \/api\/ready$/,
  /^GET \/api\/docs/,
  /^GET \/api\/app\/download\/:id$/,
  /^GET \/api\/hardSoft\/download$/,
  /^GET \/api\/files\/:name$/,
];

describe('audit trail', () => {
  let server: TestServer;
  let home: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    home = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  const rowsSince = async (id: number) =>
    (await server.vigil.database.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute()) as unknown as Row[];
  const lastId = async () => Number((await server.vigil.database.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

  test('every API route goes through the audited operation layer (a write outside it fails here)', async () => {
    const audited = auditedRoutesOf(server.vigil.app);
    for (const operation of api.ALL_OPERATIONS) {
      assert.ok(audited.has(`${operation.method} /api${operation.path}`), `${operation.id} is not registered through the audited registrar`);
    }
    const routes = [...routesOf(server.vigil.app)].filter((route) => / \/api\//.test(route));
    assert.ok(routes.length > 100, `${routes.length} API routes seen`);
    const outside = routes.filter((route) => !route.startsWith('HEAD ') && !audited.has(route) && !NOT_OPERATIONS.some((pattern) => pattern.test(route)));
    assert.deepEqual(outside, [], 'API routes registered around the audit trail');
  });

  test('a change to a resident is recorded once: who, role, address, operation, record, fields before and after', async () => {
    const created = await server.call(api.insertUser, { name: 'Audit Test', gender: 'female', birthDate: '1941-03-04', weight: 61.5 }, { token: home });
    assert.equal(created.status, 200, created.msg);
    const from = await lastId();
    const updated = await server.call(api.updateUser, { id: created.data.id, name: 'Audit Test', gender: 'female', birthDate: '1941-03-04', weight: 63 }, { token: home });
    assert.equal(updated.status, 200, updated.msg);
    const rows = await rowsSince(from);
    assert.equal(rows.length, 1, 'one row per operation');
    const row = rows[0]!;
    assert.equal(row.kind, 'change');
    assert.equal(row.operation, 'userManagement.updateUser');
    assert.equal(row.user_name, 'demotwoa');
    assert.equal(row.role, 'TWO_ROLE');
    assert.ok(row.provider_id && row.provider_id > 0);
    assert.equal(row.address, '127.0.0.1');
    assert.equal(row.record, `residents#${created.data.id}`);
    const changes = JSON.parse(row.changes) as { tables: { table: string; op: string; rows: { id: number; before: Record<string, unknown>; after: Record<string, unknown> }[] }[] };
    const resident = changes.tables.find((change) => change.table === 'residents' && change.op === 'update')!;
    assert.deepEqual(resident.rows[0], { id: created.data.id, before: { weight_kg: 61.5 }, after: { weight_kg: 63 } });
  });

  test('a refused write leaves no change row; logins and failed logins are recorded without the password', async () => {
    const from = await lastId();
    const refused = await server.call(api.updateUser, { id: 999_999, name: 'Nobody', gender: 'male', birthDate: '1940-01-01' }, { token: home });
    assert.notEqual(refused.status, 200);
    await server.login('demoone');
    const failed = await server.call(api.login, { userName: 'demoone', passWord: 'Wrong#Pass1', from: 'PC', rsa: false });
    assert.notEqual(failed.status, 200);
    const rows = await rowsSince(from);
    assert.deepEqual(rows.map((row) => [row.kind, row.user_name]), [['login', 'demoone'], ['loginFailed', 'demoone']]);
    assert.ok(rows.every((row) => !row.changes.includes('Wrong#Pass1') && !row.changes.includes('Demo#2026care')));
    assert.match(rows[1]!.changes, /"passWord":"\[not recorded\]"/);
  });

  test('exports of personal data and views of a resident\'s reports are recorded', async () => {
    const from = await lastId();
    const exported = await server.vigil.app.inject({ method: 'GET', url: `/api${api.residentExportData.path}`, headers: { 's-token': home } });
    assert.equal(exported.statusCode, 200);
    const viewed = await server.call(api.getDailyReportPageList, { userId: 1 }, { token: home });
    assert.equal(viewed.status, 200, viewed.msg);
    const rows = await rowsSince(from);
    assert.deepEqual(rows.map((row) => [row.kind, row.operation, row.record]), [
      ['export', 'userManagement.exportData', null],
      ['view', 'report.getDailyReportPageList', 'residents#1'],
    ]);
  });

  test('administrators read the trail in their scope, filter it and export it; the export is recorded', async () => {
    const platform = (await server.login('demosenior')).token;
    const hillside = (await server.login('demotwob')).token;
    const all = await server.call(api.auditLogList, { pageSize: 100 }, { token: platform });
    assert.equal(all.status, 200, all.msg);
    assert.ok(all.data.rows.some((row) => row.userName === 'demotwoa') && all.data.rows.some((row) => row.userName === 'demoone'));
    const own = await server.call(api.auditLogList, { pageSize: 100, kind: 'change' }, { token: home });
    assert.ok(own.data.total > 0 && own.data.rows.every((row) => row.kind === 'change' && row.userName === 'demotwoa'));
    const other = await server.call(api.auditLogList, { pageSize: 100, userName: 'demotwoa' }, { token: hillside });
    assert.equal(other.data.total, 0, 'another care home does not see Riverside\'s trail');
    const bad = await server.call(api.auditLogList, { startTime: 2000, endTime: 1000 }, { token: platform, language: 'de' });
    assert.equal(bad.status, 400);
    assert.ok(bad.msg.length > 0);
    const nurse = await server.call(api.auditLogList, {}, { token: (await server.login('demogov')).token });
    assert.notEqual(nurse.status, 200, 'a government account does not read the trail');
    const from = await lastId();
    const file = await server.vigil.app.inject({ method: 'GET', url: `/api${api.auditLogExport.path}?operation=updateUser`, headers: { 's-token': platform, 'accept-language': 'de' } });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /spreadsheetml/);
    // The trail row is written before the file is answered: it is there as soon as the response is.
    assert.deepEqual((await rowsSince(from)).map((row) => [row.kind, row.operation]), [['export', 'audit.export']]);
  });

  test('an export whose trail row cannot be written is refused with a localized message, and no file goes out', async () => {
    const platform = (await server.login('demosenior')).token;
    const { db } = server.vigil.database;
    const from = await lastId();
    // The trail refuses new rows (the export can still read the old ones).
    if (server.dialect === 'sqlite') {
      await sql`create trigger audit_refuses before insert on audit_log begin select raise(abort, 'the trail refuses rows'); end`.execute(db);
    } else {
      await sql`create function audit_refuses() returns trigger language plpgsql as $$ begin raise exception 'the trail refuses rows'; end $$`.execute(db);
      await sql`create trigger audit_refuses before insert on audit_log for each row execute function audit_refuses()`.execute(db);
    }
    let file: Awaited<ReturnType<typeof server.vigil.app.inject>>;
    try {
      file = await server.vigil.app.inject({ method: 'GET', url: `/api${api.auditLogExport.path}`, headers: { 's-token': platform, 'accept-language': 'de' } });
    } finally {
      await sql`drop trigger audit_refuses${sql.raw(server.dialect === 'sqlite' ? '' : ' on audit_log')}`.execute(db);
      if (server.dialect === 'postgres') await sql`drop function audit_refuses()`.execute(db);
    }
    assert.ok(server.expectErrorLogs(/the trail refuses rows|audit\.exportNotRecorded/).some((entry) => /the trail refuses rows/.test(entry.line)), 'the lost row is logged with its cause');
    assert.doesNotMatch(String(file.headers['content-type']), /spreadsheetml/);
    assert.equal(file.headers['content-disposition'], undefined);
    const body = file.json<{ status: number; msg: string }>();
    assert.equal(body.status, api.Status.SERVER_ERROR);
    assert.equal(body.msg, api.formatMessage('de', 'audit.exportNotRecorded'));
    assert.deepEqual(await rowsSince(from), []);
    const again = await server.vigil.app.inject({ method: 'GET', url: `/api${api.auditLogExport.path}`, headers: { 's-token': platform } });
    assert.match(String(again.headers['content-type']), /spreadsheetml/, 'exports work again once the trail can be written');
  });

  test('the retention purge deletes only rows older than AUDIT_RETENTION_DAYS', async () => {
    const { db } = server.vigil.database;
    await db.insertInto('audit_log').values({ at: Date.now() - 731 * 86_400_000, kind: 'login', operation: 'admin.login', account_id: null, user_name: 'old', role: null, provider_id: null, address: '127.0.0.1', request_id: 'r', record: null, changes: '{}' }).execute();
    const before = Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);
    assert.equal(await server.vigil.scheduler.runNow('audit-retention'), true);
    const left = await db.selectFrom('audit_log').select('user_name').execute();
    assert.equal(left.length, before - 1);
    assert.ok(!left.some((row) => row.user_name === 'old'));
  });

  test('secret fields are recognised: passwords, keys, tokens, push subscriptions; ordinary fields are not', () => {
    for (const field of ['password_hash', 'passWord', 'device_key', 'previous_key', 'token_hash', 'cipher_id', 'private_key', 'endpoint', 'p256dh', 'auth', 'webhook_secret']) assert.ok(SECRET_FIELD.test(field), field);
    for (const field of ['name', 'weight_kg', 'remark', 'author', 'user_name', 'authority_level']) assert.ok(!SECRET_FIELD.test(field), field);
  });

  test('the trail is append-only: an UPDATE is refused by the database', async () => {
    await assert.rejects(server.vigil.database.db.updateTable('audit_log').set({ user_name: 'someone else' }).execute(), /append-only/);
  });
});
