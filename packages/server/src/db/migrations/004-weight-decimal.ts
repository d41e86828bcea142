import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** Weight takes one decimal (65.5 kg): the whole-number column becomes a floating one. */
export function weightDecimal(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`ALTER TABLE residents ALTER COLUMN weight_kg TYPE double precision`.execute(db);
        return;
      }
      // SQLite cannot change a column's type in place: add the new column, copy, swap.
      await db.schema.alterTable('residents').addColumn('weight_kg_decimal', 'real').execute();
      await sql`UPDATE residents SET weight_kg_decimal = weight_kg`.execute(db);
      await db.schema.alterTable('residents').dropColumn('weight_kg').execute();
      await db.schema.alterTable('residents').renameColumn('weight_kg_decimal', 'weight_kg').execute();
    },
  };
}
