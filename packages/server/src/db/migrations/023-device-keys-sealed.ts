import { sql, type Kysely } from 'kysely';
import { DEVICE_KEY_FINGERPRINT, deviceKeySecretMismatch, SEALED_KEY_PREFIX, type DeviceKeySeal } from '../../ingest/device-key-seal.ts';
import type { Dialect } from '../dialect.ts';

/** The rotateKey command's args with its key sealed or opened (other commands and args unchanged). */
function withKey(argsJson: string, change: (key: string) => string | null): string | null {
  let args: unknown;
  try {
    args = JSON.parse(argsJson);
  } catch {
    return null;
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null;
  const key: unknown = Reflect.get(args, 'key');
  if (typeof key !== 'string') return null;
  const changed = change(key);
  return changed === null ? null : JSON.stringify({ ...args, key: changed });
}

/**
 * Device keys sealed at rest (issue 27, docs/devices.md "Device key"): every device's key and
 * previous key, the key a rotateKey command recorded, and the commands queued for HTTP devices are sealed with AES-256-GCM under the
 * device-key secret (not in the database). The secret's fingerprint goes into server_secrets so
 * that a process with another secret refuses to start. PostgreSQL's varchar(128) is too short for
 * a sealed key (about 130 characters): the columns become text (SQLite never checked the length).
 */
export function deviceKeysSealed(dialect: Dialect, seal: DeviceKeySeal | null) {
  const needSeal = (): DeviceKeySeal => {
    if (!seal) throw new Error('migration 023 seals the device keys: it needs the device-key secret (VIGIL_DEVICE_KEY_SECRET or <data dir>/keys/device-key.secret)');
    return seal;
  };
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const keys = needSeal();
      if (dialect === 'postgres') {
        await db.schema.alterTable('devices').alterColumn('device_key', (col) => col.setDataType('text')).execute();
        await db.schema.alterTable('devices').alterColumn('previous_key', (col) => col.setDataType('text')).execute();
      }
      await sql`insert into server_secrets (name, value, created_at) values (${DEVICE_KEY_FINGERPRINT}, ${keys.fingerprint}, ${Date.now()}) on conflict (name) do nothing`.execute(db);
      const stored = await sql<{ value: string }>`select value from server_secrets where name = ${DEVICE_KEY_FINGERPRINT}`.execute(db);
      if (stored.rows[0]?.value !== keys.fingerprint) throw deviceKeySecretMismatch();
      const sealed = (value: string) => (value.startsWith(SEALED_KEY_PREFIX) ? value : keys.seal(value));
      const devices = await sql<{ id: number; device_key: string; previous_key: string | null }>`select id, device_key, previous_key from devices`.execute(db);
      for (const row of devices.rows) {
        await sql`update devices set device_key = ${sealed(row.device_key)}, previous_key = ${row.previous_key === null ? null : sealed(row.previous_key)} where id = ${row.id}`.execute(db);
      }
      const commands = await sql<{ id: string; args: string }>`select id, args from device_commands where cmd = 'rotateKey'`.execute(db);
      for (const row of commands.rows) {
        const args = withKey(row.args, sealed);
        if (args !== null) await sql`update device_commands set args = ${args} where id = ${row.id}`.execute(db);
      }
      // Commands waiting for HTTP devices are kept sealed whole (a rotateKey one carries the key).
      const queued = await sql<{ id: number; message: string }>`select id, message from device_command_queue`.execute(db);
      for (const row of queued.rows) await sql`update device_command_queue set message = ${sealed(row.message)} where id = ${row.id}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      const keys = needSeal();
      const opened = (value: string) => keys.open(value) ?? value;
      const devices = await sql<{ id: number; device_key: string; previous_key: string | null }>`select id, device_key, previous_key from devices`.execute(db);
      for (const row of devices.rows) {
        await sql`update devices set device_key = ${opened(row.device_key)}, previous_key = ${row.previous_key === null ? null : opened(row.previous_key)} where id = ${row.id}`.execute(db);
      }
      const commands = await sql<{ id: string; args: string }>`select id, args from device_commands where cmd = 'rotateKey'`.execute(db);
      for (const row of commands.rows) {
        const args = withKey(row.args, opened);
        if (args !== null) await sql`update device_commands set args = ${args} where id = ${row.id}`.execute(db);
      }
      const queued = await sql<{ id: number; message: string }>`select id, message from device_command_queue`.execute(db);
      for (const row of queued.rows) await sql`update device_command_queue set message = ${opened(row.message)} where id = ${row.id}`.execute(db);
      await sql`delete from server_secrets where name = ${DEVICE_KEY_FINGERPRINT}`.execute(db);
    },
  };
}
