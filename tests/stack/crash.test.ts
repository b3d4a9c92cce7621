import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStackOnFreePorts, type Stack } from '../../scripts/lib/stack.ts';
import { descendants } from '../../scripts/lib/supervise.ts';
import { DEMO_ACCOUNTS, DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { LOCAL_ANON_KEY } from '../../dev/auth-emulator/config.ts';

/**
 * The local stack survives its Workers runtime being killed (docs/decisions.md "The local stack fails loudly"):
 * writes go on while workerd gets SIGKILL; the supervised Pages server answers again, and every write the API
 * acknowledged (201) before, during or after the crash is still there. The API needs no build: the site's
 * folder is empty here.
 */
let stack: Stack;
let token: string;
const api = (p: string, init: RequestInit = {}) =>
  fetch(`${stack.url}/api/v1/projects/${DEMO_PROJECTS.demo}/test${p}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    signal: AbortSignal.timeout(5000),
  });

beforeAll(async () => {
  process.env.DASHBOARD_DIST = mkdtempSync(path.join(os.tmpdir(), 'dashboard-empty-site-'));
  // Free ports: a left-over server on a fixed port would answer in this stack's place.
  stack = await startStackOnFreePorts({ superviseEveryMs: 1000 });
  const session = await fetch(`${stack.auth.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: LOCAL_ANON_KEY },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.demo.email, password: DEMO_ACCOUNTS.demo.password }),
  });
  expect(session.status, 'the demo user signs in at the emulator').toBe(200);
  token = ((await session.json()) as { access_token: string }).access_token;
}, 180_000);
afterAll(() => stack?.close());

function killWorkerd(): number {
  const pids = descendants(stack.pagesChild().pid!).filter((pid) => {
    try {
      return /workerd/.test(execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }));
    } catch {
      return false;
    }
  });
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  return pids.length;
}

it('acknowledged writes survive a killed Workers runtime, and the site answers again', async () => {
  const acknowledged: string[] = [];
  let failed = 0;
  let killed = 0;
  const started = Date.now();
  let answeredAfterCrash = false;
  for (let i = 0; Date.now() - started < 90_000; i++) {
    if (!killed && acknowledged.length === 20) {
      killed = killWorkerd();
      console.log(
        `crash test: killed ${killed} workerd process(es) after ${acknowledged.length} writes, ${Date.now() - started} ms`,
      );
    }
    try {
      const res = await api('/users', { method: 'POST', body: JSON.stringify({ name: `crash-${i}` }) });
      if (res.status === 201) {
        acknowledged.push(((await res.json()) as { id: string }).id);
        if (killed && !answeredAfterCrash) {
          answeredAfterCrash = true;
          console.log(`crash test: a write was acknowledged again ${Date.now() - started} ms in`);
        }
      } else {
        await res.body?.cancel();
        failed += 1;
      }
    } catch {
      failed += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (answeredAfterCrash && acknowledged.length >= 40) break;
  }
  expect(killed, 'workerd processes killed').toBeGreaterThan(0);
  expect(answeredAfterCrash, 'the API answered again after the crash').toBe(true);
  const lost: string[] = [];
  for (const id of acknowledged) {
    const res = await api(`/users/${id}`);
    await res.body?.cancel();
    if (res.status !== 200) lost.push(id);
  }
  console.log(
    `crash test: ${acknowledged.length} writes acknowledged, ${failed} refused or unanswered, ${lost.length} lost`,
  );
  expect(lost).toEqual([]);
}, 240_000);
