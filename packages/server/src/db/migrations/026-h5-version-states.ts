import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * H5 versions get the states of spec 02 §4 (issue 29, docs/releases.md "H5 versions"): saved
 * (unpublished), published, removed, and when each was last published. The newest published one
 * is what `/app/` serves; existing versions start saved, so nothing changes what `/app/` serves.
 */
export function h5VersionStates(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('h5_versions').addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('saved')).execute();
      await db.schema.alterTable('h5_versions').addColumn('published_at', 'bigint').execute();
      await db.schema.createIndex('h5_versions_live_idx').on('h5_versions').columns(['status', 'published_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('h5_versions_live_idx').execute();
      await db.schema.alterTable('h5_versions').dropColumn('published_at').execute();
      await db.schema.alterTable('h5_versions').dropColumn('status').execute();
    },
  };
}
