import fs from 'node:fs';
import path from 'node:path';

/** The server's version, from packages/server/package.json. */
export const SERVER_VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
).version;
