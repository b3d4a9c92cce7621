/**
 * User import at scale (docs/api.md "User import in chunks"): 100,000 generated rows, mixed valid and invalid, sent the
 * way the /migrations page sends them (chunks of IMPORT_CHUNK_SIZE, in order, `PUT …/chunks/{index}`) to the real API
 * of a throw-away local stack, into a new project of the demo owner. Midway the migration is paused (the next chunk
 * must be refused), the last chunk is sent again (it must answer its stored outcome), and the migration resumes. At the
 * end the migration's created and failed counts, the project's user total and the failed-rows list must match what
 * was generated: nothing lost, nothing twice. Prints rows/s.
 */
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import { IMPORT_CHUNK_SIZE, type ImportRow } from '../../src/shared/api/user-import.ts';
import { LOCAL_ANON_KEY } from '../../dev/auth-emulator/config.ts';
import { startStack, type Stack } from '../lib/stack.ts';

export const IMPORT_BUDGET = { rows: 100_000, maxSeconds: 60 } as const;

export interface UserImportResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  created: number;
  failed: number;
  expectedCreated: number;
  expectedFailed: number;
  usersTotal: number;
  failuresListed: number;
  pauseRefused: boolean;
  retryReplayed: boolean;
}

/** The generated file: every 10th row a bad email, every 50th a repeat of row 1, every 40th an unknown provider. */
export function generateRows(n: number) {
  const rows: ImportRow[] = [];
  let failed = 0;
  for (let i = 1; i <= n; i++) {
    if (i % 10 === 0) {
      rows.push({ row: i, email: `user-${i}-at-example.com` });
      failed++;
    } else if (i % 50 === 7) {
      rows.push({ row: i, email: 'user-1@example.com' });
      failed++;
    } else if (i % 40 === 3) {
      rows.push({ row: i, email: `user-${i}@example.com`, provider: 'myspace' });
      failed++;
    } else
      rows.push({
        row: i,
        email: `user-${i}@example.com`,
        name: `User ${i}`,
        provider: i % 3 ? 'google.com' : 'password',
        externalId: `ext-${i}`,
        emailVerified: i % 2 === 0,
      });
  }
  return { rows, expectedFailed: failed, expectedCreated: n - failed };
}

/**
 * Runs the import on `on`: a running stack (the bench's shared one; the import makes its own project, so the demo
 * data is untouched), or ports for a stack of its own, closed at the end.
 */
export async function runUserImportBench(
  n: number = IMPORT_BUDGET.rows,
  on: Stack | { port: number; authPort: number } = { port: 8791, authPort: 8792 },
): Promise<UserImportResult> {
  const own = !('url' in on);
  const stack = own ? await startStack(on) : on;
  try {
    const session = await fetch(`${stack.auth.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: LOCAL_ANON_KEY },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.demo.email, password: DEMO_ACCOUNTS.demo.password }),
    });
    if (!session.ok) throw new Error(`sign-in: ${session.status}`);
    const token = ((await session.json()) as { access_token: string }).access_token;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${stack.url}/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, text };
    };
    const project = await call('POST', '/projects', { name: 'Import bench' });
    if (project.status !== 201) throw new Error(`project: ${project.text}`);
    const base = `/projects/${project.body.id}/test/auth/migrations`;
    const { rows, expectedCreated, expectedFailed } = generateRows(n);
    const created = await call('POST', base, { sourceProvider: 'csv', mappingStrategy: 'email', totalCount: n });
    const id = created.body.id as string;
    const setStatus = async (status: string) => {
      const cur = await call('GET', `${base}/${id}`);
      const res = await call('PATCH', `${base}/${id}`, { status, version: cur.body.version });
      if (res.status !== 200) throw new Error(`${status}: ${res.text}`);
    };

    const chunks = Math.ceil(n / IMPORT_CHUNK_SIZE);
    const pauseAt = Math.floor(chunks / 2);
    let pauseRefused = false;
    let retryReplayed = false;
    const t0 = performance.now();
    await setStatus('running');
    for (let i = 0; i < chunks; i++) {
      const send = () =>
        call('PUT', `${base}/${id}/chunks/${i}`, {
          rows: rows.slice(i * IMPORT_CHUNK_SIZE, (i + 1) * IMPORT_CHUNK_SIZE),
        });
      if (i === pauseAt) {
        await setStatus('paused');
        pauseRefused = (await send()).status === 409;
        const retry = await call('PUT', `${base}/${id}/chunks/${i - 1}`, {
          rows: rows.slice((i - 1) * IMPORT_CHUNK_SIZE, i * IMPORT_CHUNK_SIZE),
        });
        retryReplayed = retry.status === 200 && retry.body.replayed === true;
        await setStatus('running');
      }
      const res = await send();
      if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${res.text}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    const m = await call('GET', `${base}/${id}`);
    const users = await call('GET', `/projects/${project.body.id}/test/users?limit=1`);
    const failures = await call('GET', `${base}/${id}/failures`);
    if (m.body.status !== 'completed') throw new Error(`migration ended ${m.body.status}`);
    return {
      rows: n,
      seconds,
      rowsPerSecond: n / seconds,
      created: m.body.importedCount,
      failed: m.body.failedCount,
      expectedCreated,
      expectedFailed,
      usersTotal: users.body.total,
      failuresListed: failures.body.total,
      pauseRefused,
      retryReplayed,
    };
  } finally {
    if (own) await stack.close();
  }
}

/** Everything there once, pause held, retry replayed, in time. */
export function importWithinBudget(r: UserImportResult): boolean {
  return (
    r.created === r.expectedCreated &&
    r.failed === r.expectedFailed &&
    r.usersTotal === r.expectedCreated &&
    r.failuresListed === r.expectedFailed &&
    r.pauseRefused &&
    r.retryReplayed &&
    r.seconds <= IMPORT_BUDGET.maxSeconds
  );
}

if (import.meta.main) {
  // `npx node scripts/bench/user-import.ts [rows]`; PORT and AUTH_EMULATOR_PORT choose the stack's ports.
  const r = await runUserImportBench(Number(process.argv[2] ?? IMPORT_BUDGET.rows), {
    port: Number(process.env.PORT ?? 8791),
    authPort: Number(process.env.AUTH_EMULATOR_PORT ?? 8792),
  });
  console.log(JSON.stringify(r, null, 2));
  console.log(`${Math.round(r.rowsPerSecond).toLocaleString('en')} rows/s; within budget: ${importWithinBudget(r)}`);
  process.exit(importWithinBudget(r) ? 0 : 1);
}
