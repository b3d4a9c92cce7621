import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that holds the walls between the project's rooms (eslint.config.js, docs/architecture.md): each
 * case lints a deliberately wrong import as if it were a file in that room, and must be refused; the allowed
 * imports pass.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) =>
      ['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-syntax'].includes(m.ruleId ?? ''),
    )
    .map((m) => m.message);
}

describe('the walls between src/shared, browser code, functions/ and dev/', () => {
  it.each([
    ['src/shared/fixture.ts', "import { toast } from '../lib/toast';\nexport const x = toast;\n"],
    ['src/shared/fixture.ts', "import { atom } from 'nanostores';\nexport const x = atom;\n"],
    ['src/shared/fixture.ts', "import React from 'react';\nexport const x = React;\n"],
    [
      'src/shared/api/fixture.ts',
      "import { createApiApp } from '../../../functions/_lib/api/api-app';\nexport const x = createApiApp;\n",
    ],
    [
      'src/lib/fixture.ts',
      "import { createApiApp } from '../../functions/_lib/api/api-app';\nexport const x = createApiApp;\n",
    ],
    ['src/lib/fixture.ts', "import * as emulator from '../../dev/auth-emulator/server';\nexport const x = emulator;\n"],
    ['functions/_lib/fixture.ts', "import { toast } from '../../src/lib/toast';\nexport const x = toast;\n"],
    ['functions/_lib/fixture.ts', "import { atom } from 'nanostores';\nexport const x = atom;\n"],
    [
      'functions/_lib/fixture.ts',
      "import * as emulator from '../../dev/auth-emulator/server';\nexport const x = emulator;\n",
    ],
    ['dev/fixture.ts', "import { toast } from '../src/lib/toast';\nexport const x = toast;\n"],
  ])('%s: refused — %s', async (file, code) => {
    expect(await problems(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/shared/fixture.ts', "import { ROUTES } from './routes';\nexport const x = ROUTES;\n"],
    ['src/lib/fixture.ts', "import { ROUTES } from '../shared/routes';\nexport const x = ROUTES;\n"],
    ['functions/_lib/fixture.ts', "import { ROUTES } from '../../src/shared/routes';\nexport const x = ROUTES;\n"],
    ['dev/fixture.ts', "import { ROUTES } from '../src/shared/routes';\nexport const x = ROUTES;\n"],
    ['scripts/fixture.ts', "import * as emulator from '../dev/auth-emulator/server';\nexport const x = emulator;\n"],
  ])('%s: allowed — %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('the databases are reached through functions/_lib/db/shards.ts only', () => {
  it.each([
    ['functions/_lib/api/fixture.ts', 'export const f = (env: any) => env.DB;\n'],
    ['functions/_lib/api/fixture.ts', 'export const f = (c: any) => c.env.SHARD_0;\n'],
    ['functions/_lib/api/fixture.ts', 'export const f = (env: any, n: number) => env[`SHARD_${n}`];\n'],
    ['functions/_lib/api/fixture.ts', "export const f = (env: any) => env['SHARD_1'];\n"],
    ['workers/webhook-dispatcher/fixture.ts', 'export const f = (env: any) => env.DB;\n'],
  ])('%s: refused — %s', async (file, code) => {
    expect(await problems(file, code)).not.toEqual([]);
  });

  it.each([
    ['functions/_lib/db/shards.ts', 'export const f = (env: any) => env.DB;\n'],
    ['functions/_lib/api/fixture.ts', 'export const f = (c: any) => c.db;\n'],
    ['scripts/fixture.ts', 'export const f = (env: any) => env.DB;\n'],
  ])('%s: allowed — %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
