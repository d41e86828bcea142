import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { antdImports } from './plugin.ts';

test("antdImports lists the values the sources import from antd: renamed ones by their antd name, no types, no tests, no other packages", async () => {
  const src = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-antd-imports-'));
  try {
    await fs.mkdir(path.join(src, 'features/residents'), { recursive: true });
    await fs.writeFile(path.join(src, 'App.tsx'), "import { App as AntApp, ConfigProvider } from 'antd';\nimport { Button } from './local';\n");
    await fs.writeFile(
      path.join(src, 'features/residents/List.tsx'),
      'import {\n  Button,\n  Table,\n  type TableProps,\n  theme as antdTheme,\n} from "antd";\nimport type { ColumnsType } from \'antd/es/table\';\n',
    );
    await fs.writeFile(path.join(src, 'features/residents/List.test.tsx'), "import { Drawer } from 'antd';\n");
    await fs.writeFile(path.join(src, 'notes.md'), "import { Tour } from 'antd';\n");
    assert.deepEqual(await antdImports(src), ['App', 'Button', 'ConfigProvider', 'Table', 'theme']);
  } finally {
    await fs.rm(src, { recursive: true, force: true });
  }
});
