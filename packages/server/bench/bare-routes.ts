/**
 * The reference for bench/api.ts: bare Fastify routes that run the same SQL as Vigil's
 * list and detail calls through statements prepared once, map rows with the same
 * presenters and answer the same JSON, with no authentication, validation or hooks.
 * What Vigil adds on top of this is what the benchmark measures.
 */
import SQLite from 'better-sqlite3';
import { CREATABLE_ROLES, Status } from '@vigil/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { presentAccount } from '../src/modules/accounts/account.presenter.ts';
import { presentCaregiver } from '../src/modules/caregivers/caregiver.presenter.ts';
import type { CaregiverListRow } from '../src/modules/caregivers/caregiver.repository.ts';
import type { AccountWithProvider } from '../src/modules/accounts/account.repository.ts';
import type { ContactWithAccount } from '../src/modules/residents/contact.repository.ts';
import { presentResident } from '../src/modules/residents/resident.presenter.ts';
import type { ResidentListRow } from '../src/modules/residents/resident.repository.ts';

/** Runs a statement prepared once per SQL text; `?` placeholders, a list parameter as `?list`. */
export interface PreparedRunner {
  all<Row>(sqlText: string, params: readonly (number | string | readonly (number | string)[])[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** SQLite: a second connection on the same file, statements kept in a map; lists travel as JSON. */
export function sqliteRunner(file: string): PreparedRunner {
  const connection = new SQLite(file, { readonly: true });
  const statements = new Map<string, SQLite.Statement>();
  return {
    async all<Row>(sqlText: string, params: readonly (number | string | readonly (number | string)[])[]): Promise<Row[]> {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = connection.prepare(sqlText.replaceAll('?list', '(select value from json_each(?))'));
        statements.set(sqlText, statement);
      }
      return statement.all(...params.map((param) => (Array.isArray(param) ? JSON.stringify(param) : param))) as Row[];
    },
    async close() {
      connection.close();
    },
  };
}

/** PostgreSQL: named prepared statements per pooled connection; lists travel as arrays (= any). */
export function postgresRunner(url: string): PreparedRunner {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The scratch database is dropped WITH (FORCE) at the end: a client still closing must not crash the run.
  pool.on('error', () => {});
  const names = new Map<string, { name: string; text: string }>();
  return {
    async all<Row>(sqlText: string, params: readonly (number | string | readonly (number | string)[])[]): Promise<Row[]> {
      let prepared = names.get(sqlText);
      if (!prepared) {
        let index = 0;
        const text = sqlText.replace(/ in \?list|\?/g, (match) => (match === '?' ? `$${++index}` : ` = any($${++index})`));
        prepared = { name: `bare_${names.size}`, text };
        names.set(sqlText, prepared);
      }
      const result = await pool.query({ name: prepared.name, text: prepared.text, values: [...params] });
      return result.rows as Row[];
    },
    close: () => pool.end(),
  };
}

const RESIDENT_COLUMNS = `r.*, b.name as bed_name, rm.name as room_name, f.name as floor_name, a.name as building_name
  from residents r left join beds b on b.id = r.bed_id left join rooms rm on rm.id = b.room_id
  left join areas f on f.id = rm.floor_id left join areas a on a.id = f.parent_id`;

/** Builds the bare app for one provider (residents, caregivers) and one class I scope (accounts). */
export function bareApp(db: PreparedRunner, scope: { providerId: number; accountProviderIds: number[] }): FastifyInstance {
  const app = Fastify({ logger: false });
  const ok = (data: unknown) => ({ status: Status.OK, data, msg: 'OK' });

  async function presentResidents(rows: ResidentListRow[]) {
    const ids = rows.map((row) => row.id);
    const contacts = await db.all<ContactWithAccount>(
      'select c.*, a.user_name from resident_contacts c left join accounts a on a.id = c.account_id where c.resident_id in ?list order by c.resident_id, c.position',
      [ids],
    );
    const caregivers = await db.all<{ resident_id: number; id: number; name: string }>(
      'select rc.resident_id, c.id, c.name from resident_caregivers rc join caregivers c on c.id = rc.caregiver_id where rc.resident_id in ?list order by c.name',
      [ids],
    );
    const now = Date.now();
    return rows.map((row) => presentResident(row, contacts.filter((c) => c.resident_id === row.id), caregivers.filter((c) => c.resident_id === row.id), now));
  }

  app.post<{ Body: { pageNum: number; pageSize: number } }>('/userList', async (request) => {
    const { pageNum, pageSize } = request.body;
    const [{ n }] = await db.all<{ n: number }>('select count(*) as n from residents where provider_id = ?', [scope.providerId]);
    // Like Vigil: page the ids on the index, then join only the page's rows to their places.
    const ids = await db.all<{ id: number }>('select id from residents where provider_id = ? order by id desc limit ? offset ?', [scope.providerId, pageSize, (pageNum - 1) * pageSize]);
    const rows = await db.all<ResidentListRow>(`select ${RESIDENT_COLUMNS} where r.id in ?list order by r.id desc`, [ids.map((row) => row.id)]);
    return ok({ rows: await presentResidents(rows), total: Number(n), pageNum, pageSize });
  });

  app.get<{ Querystring: { id: string } }>('/resident', async (request) => {
    const rows = await db.all<ResidentListRow>(`select ${RESIDENT_COLUMNS} where r.provider_id = ? and r.id = ?`, [scope.providerId, Number(request.query.id)]);
    return ok((await presentResidents(rows))[0]);
  });

  app.post<{ Body: { pageNum: number; pageSize: number } }>('/caregiverList', async (request) => {
    const { pageNum, pageSize } = request.body;
    const [{ n }] = await db.all<{ n: number }>('select count(*) as n from caregivers c join accounts a on a.id = c.account_id where c.provider_id = ?', [scope.providerId]);
    const rows = await db.all<CaregiverListRow>(
      'select c.*, a.user_name, a.enabled from caregivers c join accounts a on a.id = c.account_id where c.provider_id = ? order by c.id desc limit ? offset ?',
      [scope.providerId, pageSize, (pageNum - 1) * pageSize],
    );
    const residents = await db.all<{ caregiver_id: number; id: number; name: string }>(
      'select rc.caregiver_id, r.id, r.name from resident_caregivers rc join residents r on r.id = rc.resident_id where rc.caregiver_id in ?list order by r.name',
      [rows.map((row) => row.id)],
    );
    return ok({ rows: rows.map((row) => presentCaregiver(row, residents.filter((r) => r.caregiver_id === row.id))), total: Number(n), pageNum, pageSize });
  });

  const roles = [...(CREATABLE_ROLES.ONE_ROLE ?? [])];
  app.post<{ Body: { pageNum: number; pageSize: number } }>('/accountList', async (request) => {
    const { pageNum, pageSize } = request.body;
    const where = 'where a.provider_id in ?list and a.is_provider_login = 0 and a.role in ?list';
    const [{ n }] = await db.all<{ n: number }>(`select count(*) as n from accounts a ${where}`, [scope.accountProviderIds, roles]);
    const rows = await db.all<AccountWithProvider>(
      `select a.*, p.name as provider_name from accounts a left join providers p on p.id = a.provider_id ${where} order by a.id desc limit ? offset ?`,
      [scope.accountProviderIds, roles, pageSize, (pageNum - 1) * pageSize],
    );
    return ok({ rows: rows.map(presentAccount), total: Number(n), pageNum, pageSize });
  });
  return app;
}
