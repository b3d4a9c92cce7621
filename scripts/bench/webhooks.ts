/**
 * Webhook delivery bench (docs/api.md "Webhook delivery"): a burst of 1,000 API changes (`POST users`, each with its
 * `user.created` outbox event; 8 requests in flight) in a fresh project whose one webhook points at a real receiver on 127.0.0.1 that
 * verifies every delivery with `standardwebhooks`. Figures: every event delivered (once per event id, signature
 * valid), deliveries per second, and the p95 delay from the event (its payload timestamp: the API request's time) to
 * its first attempt's arrival at the receiver. Budget (issue 11): all delivered, p95 ≤ 2 s locally.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStackOnFreePorts, type Stack } from '../lib/stack.ts';
import { pct } from './stats.ts';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import { LOCAL_ANON_KEY } from '../../dev/auth-emulator/config.ts';
import { startReceiver } from '../../tests/stack/webhook-receiver.ts';

export const WEBHOOK_BUDGET = { events: 1000, p95FirstAttemptMs: 2000 } as const;

export interface WebhookBenchResult {
  events: number;
  delivered: number;
  verified: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

/** Runs the burst on a running stack (the bench's shared one; the burst makes its own project), or on one of its own. */
export async function runWebhookBench(events = WEBHOOK_BUDGET.events, on?: Stack): Promise<WebhookBenchResult> {
  if (!on) process.env.DASHBOARD_DIST ??= mkdtempSync(path.join(os.tmpdir(), 'dashboard-empty-site-'));
  const stack = on ?? (await startStackOnFreePorts());
  const receiver = await startReceiver();
  try {
    const session = await fetch(`${stack.auth.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: LOCAL_ANON_KEY },
      // Another caller than the user import's (the demo owner) on the shared stack: each has its own rate-limit budget.
      body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }),
    });
    const token = ((await session.json()) as { access_token: string }).access_token;
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${stack.url}/api/v1${p}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { id: string; secret: string };
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const project = await call('POST', '/projects', { name: 'Webhook bench' });
    const hook = await call('POST', `/projects/${project.id}/test/webhooks`, {
      url: receiver.url('/bench'),
      topics: ['user.created'],
    });
    receiver.secret('/bench', 'current', hook.secret);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < events) {
          next++;
          await call('POST', `/projects/${project.id}/test/users`, { name: `bench-${next}` });
        }
      }),
    );
    const deadline = Date.now() + 120_000;
    while (new Set(receiver.at('/bench').map((r) => r.id)).size < events && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    const got = receiver.at('/bench');
    const firsts = new Map<string, (typeof got)[number]>();
    for (const r of got) if (!firsts.has(r.id)) firsts.set(r.id, r);
    const delays = [...firsts.values()]
      .map((r) => r.at - Date.parse((JSON.parse(r.body) as { timestamp: string }).timestamp))
      .sort((a, b) => a - b);
    const last = Math.max(...got.map((r) => r.at));
    return {
      events,
      delivered: firsts.size,
      verified: [...firsts.values()].filter((r) => r.verifiedBy.includes('current')).length,
      deliveriesPerSecond: firsts.size / Math.max(0.001, (last - started) / 1000),
      p50Ms: pct(delays, 50),
      p95Ms: pct(delays, 95),
    };
  } finally {
    await receiver.close();
    if (!on) await stack.close();
  }
}

// `node scripts/bench/webhooks.ts`: this bench alone.
if (import.meta.main) {
  const r = await runWebhookBench();
  console.log(JSON.stringify(r, null, 2));
  process.exit(0);
}
