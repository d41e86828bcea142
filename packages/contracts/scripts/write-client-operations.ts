import fs from 'node:fs';
import path from 'node:path';
import { clientOperationFiles } from '../src/operations/client-operations.ts';

/** Rewrites src/client.generated.ts and src/client/*.generated.ts, the console's schema-free view of the operations. */
const src = path.resolve(import.meta.dirname, '../src');
fs.rmSync(path.join(src, 'client'), { recursive: true, force: true });
fs.mkdirSync(path.join(src, 'client'));
for (const [file, text] of await clientOperationFiles()) {
  fs.writeFileSync(path.join(src, file), text);
  console.log(`packages/contracts/src/${file}`);
}
