/**
 * Scale bench of the data API: every list endpoint × each allowed filter and sort, at page 1 (with and without
 * `total`) and at a deep page, against the "Scale project" of `node scripts/seed.ts --scale`.
 * Prints p50/p95 of the server time (Server-Timing header) and checks the budgets:
 * page 1 p95 ≤ 25 ms with `total` passed, ≤ 100 ms when counted.
 *
 *   node scripts/bench-api.ts [--samples 7] [--port N (default: a free one)] [--deep-page 500]
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ListSpec, FilterValue } from '../src/shared/api/list-params.ts';
import { walletListSpec } from '../src/shared/api/wallets.ts';
import { userListSpec } from '../src/shared/api/users.ts';
import { transactionListSpec } from '../src/shared/api/transactions.ts';
import { policyListSpec } from '../src/shared/api/policies.ts';
import { contractListSpec } from '../src/shared/api/contracts.ts';
import { backendWalletListSpec } from '../src/shared/api/backend-wallets.ts';
import { webhookListSpec, eventListSpec } from '../src/shared/api/webhooks.ts';
import { authMigrationListSpec } from '../src/shared/api/settings.ts';
import { openLocalD1 } from './seed/local-d1.ts';
import { localEncryptionKey } from './seed/local-secrets.ts';

const SCALE_PROJECT = 'pro_01900000-0000-7000-8000-000000005ca1';
const root = path.resolve(import.meta.dirname, '..');
/** Where `node scripts/seed.ts --scale` puts the scaled local D1. */
const STATE = path.join(root, '.wrangler', 'scale-state');
const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '7' },
    port: { type: 'string' },
    'deep-page': { type: 'string', default: '500' },
  },
});
const SAMPLES = Number(args.samples);
const DEEP = Number(args['deep-page']);

const COLLECTIONS: [string, ListSpec][] = [
  ['transactions', transactionListSpec],
  ['wallets', walletListSpec],
  ['users', userListSpec],
  ['policies', policyListSpec],
  ['contracts', contractListSpec],
  ['backend-wallets', backendWalletListSpec],
  // api-keys is left out: it needs the admin role, which secret keys never have (and holds a handful of rows).
  ['webhooks', webhookListSpec],
  ['events', eventListSpec],
  ['auth/migrations', authMigrationListSpec],
];

// Real values from the scaled data, so filters match rows.
const db = openLocalD1(root, STATE);
if (!db.prepare('SELECT 1 FROM projects WHERE id = ?').get(SCALE_PROJECT)) {
  console.error('No scale project: run `node scripts/seed.ts --scale` first.');
  process.exit(1);
}
const one = (sql: string) => db.prepare(sql).get(SCALE_PROJECT) as Record<string, FilterValue>;
const tx = one(
  `SELECT chain_id, account_id, user_id FROM transactions WHERE project_id = ? AND mode = 'test' AND user_id IS NOT NULL LIMIT 1 OFFSET 5000`,
);
const wallet = one(`SELECT address, user_id FROM wallets WHERE project_id = ? AND mode = 'test' LIMIT 1 OFFSET 777`);
const SAMPLE: Record<string, FilterValue> = {
  status: 'confirmed',
  chainId: tx.chain_id!,
  accountId: tx.account_id!,
  userId: tx.user_id!,
  policyId: 'pol_00000000-0000-7000-8000-000000000000',
  createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  accountType: 'Smart Account',
  address: wallet.address!,
  name: 'Ada',
  email: 'ada',
  authenticated: true,
  enabled: true,
  custody: 'custodial',
  type: 'secret',
};
// A temporary secret key for the scale project (removed at the end).
const key = `sk_test_bench${randomBytes(16).toString('hex')}`;
const keyId = `key_01900000-0000-7000-8000-${randomBytes(6).toString('hex')}`;
db.prepare(
  `INSERT INTO api_keys (id, project_id, mode, type, name, key_hash, hint, created_at, updated_at) VALUES (?, ?, 'test', 'secret', 'bench', ?, 'bench', ?, ?)`,
).run(keyId, SCALE_PROJECT, createHash('sha256').update(key).digest('hex'), Date.now(), Date.now());
db.close();

/** A free TCP port on 127.0.0.1 (other local servers may hold the usual ones). */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
const port = args.port ? Number(args.port) : await freePort();
const empty = mkdtempSync(path.join(tmpdir(), 'bench-assets-'));
const server = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
    'pages',
    'dev',
    empty,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--show-interactive-dev-session=false',
    '--persist-to',
    STATE,
    '--binding',
    `DATA_ENCRYPTION_KEY=${localEncryptionKey(root)}`,
    '--binding',
    'API_RATE_LIMIT_PER_MINUTE=1000000',
  ],
  {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  },
);
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

const base = `http://127.0.0.1:${port}/api/v1/projects/${SCALE_PROJECT}/test`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`)).ok) break;
    throw new Error('not ready');
  } catch {
    if (i > 240) throw new Error('wrangler pages dev did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function time(url: string): Promise<number> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${res.status} ${url}`);
  return Number(/dur=([0-9.]+)/.exec(res.headers.get('Server-Timing') ?? '')?.[1] ?? NaN);
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

interface Row {
  name: string;
  kind: string;
  p50: number;
  p95: number;
  budget?: number;
}
const rows: Row[] = [];
for (const [collection, spec] of COLLECTIONS) {
  const variants: { name: string; params: Record<string, string> }[] = [];
  for (const field of spec.sorts)
    for (const dir of ['asc', 'desc'])
      variants.push({ name: `order=${field}:${dir}`, params: { order: `${field}:${dir}` } });
  for (const [field, def] of Object.entries(spec.filters)) {
    for (const op of def.ops) {
      if (collection === 'users' && field === 'userId') continue;
      let v = SAMPLE[field] ?? (def.type === 'enum' ? def.values![0]! : 'x');
      if (def.type === 'enum' && !def.values!.includes(String(v))) v = def.values![0]!;
      if (op === 'gte' || op === 'gt') v = SAMPLE.createdAt!;
      variants.push({
        name: `${field} ${op}`,
        params: { filters: JSON.stringify([{ field, op, value: op === 'in' ? [v] : v }]) },
      });
    }
  }
  for (const variant of variants) {
    const url = (extra: Record<string, string>) =>
      `${base}/${collection}?${new URLSearchParams({ limit: '50', ...variant.params, ...extra })}`;
    await time(url({ total: '1' })); // warm-up
    for (const [kind, extra, budget] of [
      ['page1+total', { total: '1000000' }, 25],
      ['page1 counted', {}, 100],
      [`page${DEEP}+total`, { page: String(DEEP), total: '1000000' }, undefined],
    ] as const) {
      const xs: number[] = [];
      for (let i = 0; i < SAMPLES; i++) xs.push(await time(url(extra)));
      rows.push({ name: `${collection} ${variant.name}`, kind, p50: pct(xs, 50), p95: pct(xs, 95), budget });
    }
  }
}
stop();
const db2 = openLocalD1(root, STATE);
db2.prepare('DELETE FROM api_keys WHERE id = ?').run(keyId);
db2.close();

const over = rows.filter((r) => r.budget !== undefined && r.p95 > r.budget);
console.log(`${'endpoint / variant'.padEnd(58)} ${'kind'.padEnd(16)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const r of rows)
  console.log(
    `${r.name.padEnd(58)} ${r.kind.padEnd(16)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}${r.budget !== undefined && r.p95 > r.budget ? `  OVER ${r.budget} ms` : ''}`,
  );
console.log(
  `\n${rows.length} measurements, ${SAMPLES} samples each; ${over.length} over budget (page 1 p95 ≤ 25 ms with total, ≤ 100 ms counted).`,
);
process.exitCode = over.length ? 1 : 0;
