import type { Db } from '../../db/database.ts';

/** Uploaded files (logos) in the database, so every Vigil process serves the same ones (issue 26). */
export function uploadedFileRepository(db: Db) {
  return {
    /** Stores a file under its content-hash name; the same bytes again change nothing. */
    async put(name: string, contentType: string, data: Buffer, now: number): Promise<void> {
      await db.insertInto('uploaded_files').values({ name, content_type: contentType, data, created_at: now }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
    },
    async get(name: string): Promise<{ contentType: string; data: Buffer } | undefined> {
      const row = await db.selectFrom('uploaded_files').select(['content_type', 'data']).where('name', '=', name).executeTakeFirst();
      return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
    },
    async exists(name: string): Promise<boolean> {
      return (await db.selectFrom('uploaded_files').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
    },
  };
}
export type UploadedFileRepository = ReturnType<typeof uploadedFileRepository>;

