import type { Db } from '../../db/database.ts';

/** SQL for the installation's shared secrets (RSA key pair, fast-login and device-code secrets; issue 26). */
export function serverSecretRepository(db: Db) {
  return {
    async read(name: string): Promise<string | undefined> {
      return (await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
    },
    /** Stores the secret unless another process stored one of that name first (then theirs stays). */
    async insertIfAbsent(name: string, value: string, at: number): Promise<void> {
      await db.insertInto('server_secrets').values({ name, value, created_at: at }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
    },
  };
}

export type ServerSecretRepository = ReturnType<typeof serverSecretRepository>;
