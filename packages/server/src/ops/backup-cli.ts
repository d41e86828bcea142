import path from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, createBackup, restoreBackup, verifyBackup } from './backup.ts';

/**
 * `npm run backup -- <file>`: one archive of this installation (database, keys, uploads, manifest),
 * safe while Vigil runs. `npm run restore -- <file>`: into an empty data dir (and, with
 * DATABASE_URL, an empty PostgreSQL database). `npm run restore -- --check <file>`: checks an
 * archive without restoring it. Both read the same environment as `npm start` (README "Backup").
 */
const USAGE = 'usage: npm run backup -- <file.tar.gz>  |  npm run restore -- [--check] <file.tar.gz>';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const check = rest[0] === '--check';
  const argument = check ? rest[1] : rest[0];
  if (!argument || (command !== 'backup' && command !== 'restore')) throw new BackupError(USAGE);
  const config = loadConfig();
  // npm runs scripts at the repository root; a relative file is where the user typed the command.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  if (command === 'backup') {
    const result = await createBackup(config, file, { exclude: config.backup.dir ? [config.backup.dir] : [] });
    const { manifest } = result;
    console.log(`Backup written: ${result.file} (${megabytes(result.bytes)}, ${(result.ms / 1000).toFixed(1)} s)`);
    console.log(`  database: ${manifest.database.dialect} (${manifest.database.tool}), migration level ${manifest.migration.level}`);
    console.log(`  files: ${manifest.files.length - 1} from ${config.dataDir}; uploads ${manifest.uploads}`);
    return;
  }
  if (check) {
    const manifest = await verifyBackup(file);
    console.log(`${file} is complete: every checksum matches. Vigil ${manifest.vigil.version} (${manifest.vigil.commit}), ${manifest.createdAt}, ${manifest.database.dialect}, migration level ${manifest.migration.level}, ${manifest.files.length} entries.`);
    return;
  }
  const result = await restoreBackup(config, file);
  console.log(`Restored ${file} (made ${result.manifest.createdAt} by Vigil ${result.manifest.vigil.version}) into ${config.databaseUrl ? `${new URL(config.databaseUrl).pathname.slice(1)} and ` : ''}${config.dataDir} in ${(result.ms / 1000).toFixed(1)} s.`);
  console.log('Start Vigil on it as usual (npm start); migrations newer than the backup run then.');
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `Refused: ${error.message}` : error instanceof Error ? error.message : error);
  process.exit(1);
});
