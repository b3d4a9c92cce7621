import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { localTransactionalMail } from '../../../dev/smtp-inbox/config';
import { billingPeriod } from '../../../src/shared/usage-alerts';
import { addr } from './fixtures';
import { addMember, api, moveIntoDirectory, newProject, shardOf, testEnv, token } from './helpers';

/**
 * Usage alerts and spend caps (docs/api.md "Usage alerts and spend caps"): a threshold crossed by many writes at once
 * is recorded once (one notice, one `usage.threshold_reached` event, one email to each owner and admin through the
 * real local SMTP inbox); the settings' validation and roles; a policy's monthly spend cap refuses sponsorship.
 */
const e = testEnv as unknown as Record<string, string>;
const mailEnv = { ...testEnv, SMTP_ALLOW_LOOPBACK: 'true', ...localTransactionalMail(Number(e.TEST_SMTP_PORT)) } as Env;

/** One API call with the mail sender configured, waiting for its after-commit work (alerts, emails). */
async function call(method: string, path: string, auth: string, body?: unknown) {
  const pending: Promise<unknown>[] = [];
  const res = await handleApi(
    new Request(`https://dash.test/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${auth}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    mailEnv,
    (p) => pending.push(p),
  );
  await Promise.allSettled(pending);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function received(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${e.TEST_SMTP_INBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages;
}

const uid = () => crypto.randomUUID().slice(0, 8);

/** A project with an admin, a developer and a live wallet; `before` live operations already this month. */
async function projectWith(before: number) {
  const owner = `alerts-owner-${uid()}`;
  const p = await newProject(owner, 'Alert Game');
  const admin = `alerts-admin-${uid()}`;
  const dev = `alerts-dev-${uid()}`;
  await addMember(p.id, admin, 'admin');
  await addMember(p.id, dev, 'developer');
  const w = await api('POST', `/projects/${p.id}/live/wallets`, p.ownerToken, {
    address: addr(5150),
    chainId: 1,
    accountType: 'Smart Account',
  });
  expect(w.status, w.text).toBe(201);
  const shard = await shardOf(p.id);
  const now = Date.now();
  // Operations recorded earlier this month (the row counters' triggers count them as the API's creates would).
  for (let i = 0; i < before; i++)
    await shard
      .prepare(
        `INSERT INTO transactions (id, project_id, mode, chain_id, account_id, abstraction_type, status, created_at, updated_at)
         VALUES (?, ?, 'live', 1, ?, 'accountAbstractionV6', 'new', ?, ?)`,
      )
      .bind(`tin_seed_${uid()}${i}`, p.id, w.body.id, now, now)
      .run();
  return { p, owner, admin, dev, wallet: w.body.id as string, shard, devToken: await token(dev) };
}

const createTx = (p: { id: string; ownerToken: string }, wallet: string, policyId?: string, maxCostUsd?: number) =>
  call('POST', `/projects/${p.id}/live/transactions`, p.ownerToken, {
    chainId: 1,
    accountId: wallet,
    interactions: [{ to: addr(9), value: '1' }],
    ...(policyId ? { policyId } : {}),
    ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
  });

describe('a threshold crossed by concurrent writes is recorded exactly once', () => {
  it('twelve live operations at once across 1 %: one notice, one webhook event, one email per owner and admin', async () => {
    const { p, owner, admin, dev, wallet, shard } = await projectWith(5);
    // Free plan: 1,000 included operations; 1 % = 10. Five are there, twelve more arrive at once (17: 1 % only).
    const set = await call('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, {
      thresholds: [1, 2],
      version: 1,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.reached).toEqual([]);
    const results = await Promise.all(Array.from({ length: 12 }, () => createTx(p, wallet)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));

    const period = billingPeriod(Date.now()).name;
    const { results: notices } = await shard
      .prepare(`SELECT kind, alert_key, data FROM notices WHERE project_id = ?`)
      .bind(p.id)
      .all<{ kind: string; alert_key: string; data: string }>();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'usage_threshold', alert_key: `operations:${period}:1` });
    expect(JSON.parse(notices[0]!.data).limit).toBe(1000);

    const { results: events } = await shard
      .prepare(`SELECT mode, payload FROM webhook_events WHERE project_id = ? AND topic = 'usage.threshold_reached'`)
      .bind(p.id)
      .all<{ mode: string; payload: string }>();
    expect(events).toHaveLength(1);
    expect(events[0]!.mode).toBe('live');
    expect(JSON.parse(events[0]!.payload)).toMatchObject({
      type: 'usage.threshold_reached',
      data: { projectId: p.id, meter: 'operations', threshold: 1, period, limit: 1000 },
    });

    for (const who of [owner, admin]) {
      const mails = await received(`${who}@example.com`);
      expect(mails, who).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Alert Game reached 1 % of its included operations');
      expect(mails[0]!.text).toContain(`/${p.id}/live/settings/billing`);
    }
    expect(await received(`${dev}@example.com`)).toHaveLength(0);

    // The notice reaches owners and admins through the notices list; the settings list what was crossed.
    const listed = await call('GET', `/projects/${p.id}/notices`, p.ownerToken);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ kind: 'usage_threshold', meter: 'operations', threshold: 1, period, limit: 1000 }),
    ]);
    const alerts = await call('GET', `/projects/${p.id}/billing/alerts`, p.ownerToken);
    expect(alerts.body.usage).toMatchObject({ operations: 17, included: 1000 });
    expect(alerts.body.reached).toEqual([expect.objectContaining({ meter: 'operations', threshold: 1 })]);

    // More writes past the same threshold change nothing; a dismissed notice does not come back.
    await call('POST', `/projects/${p.id}/notices/${listed.body.data[0].id}/dismiss`, p.ownerToken);
    await createTx(p, wallet);
    expect((await call('GET', `/projects/${p.id}/notices`, p.ownerToken)).body.data).toEqual([]);
    expect(await received(`${owner}@example.com`)).toHaveLength(1);
  });

  it('a lowered threshold the project is already past is raised by the settings change itself', async () => {
    const { p, owner } = await projectWith(30);
    const set = await call('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, { thresholds: [3], version: 1 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.reached).toEqual([expect.objectContaining({ meter: 'operations', threshold: 3, used: 30 })]);
    expect(await received(`${owner}@example.com`)).toHaveLength(1);
  });

  it('test-mode operations are free: they cross nothing', async () => {
    const { p } = await projectWith(0);
    await call('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, { thresholds: [1], version: 1 });
    const w = await api('POST', `/projects/${p.id}/test/wallets`, p.ownerToken, {
      address: addr(77),
      chainId: 1,
      accountType: 'Smart Account',
    });
    await Promise.all(
      Array.from({ length: 11 }, () =>
        call('POST', `/projects/${p.id}/test/transactions`, p.ownerToken, {
          chainId: 1,
          accountId: w.body.id,
          interactions: [],
        }),
      ),
    );
    expect((await call('GET', `/projects/${p.id}/notices`, p.ownerToken)).body.data).toEqual([]);
  });
});

describe('the gas budget', () => {
  it('sponsored cost reported at once across 50 % of the budget: one notice and one event', async () => {
    const { p, wallet, shard } = await projectWith(0);
    const set = await call('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, { gasBudgetUsd: 10, version: 1 });
    expect(set.status, set.text).toBe(200);
    const pol = await call('POST', `/projects/${p.id}/live/policies`, p.ownerToken, { name: 'Gas', chainId: 1 });
    const txs = await Promise.all(Array.from({ length: 6 }, () => createTx(p, wallet, pol.body.id)));
    // Six reports of $1 each at once: $5 (50 %) is crossed once, $8 (80 %) not.
    const reports = await Promise.all(
      txs.map((t) =>
        call('POST', `/projects/${p.id}/live/transactions/${t.body.id}/status`, p.ownerToken, {
          status: 'sent',
          costUsd: 1,
        }),
      ),
    );
    expect(reports.map((r) => r.status)).toEqual(Array(6).fill(200));
    const { results } = await shard
      .prepare(`SELECT alert_key FROM notices WHERE project_id = ? AND kind = 'usage_threshold'`)
      .bind(p.id)
      .all<{ alert_key: string }>();
    expect(results.map((r) => r.alert_key)).toEqual([`gas:${billingPeriod(Date.now()).name}:50`]);
    const events = await shard
      .prepare(`SELECT COUNT(*) AS n FROM webhook_events WHERE project_id = ? AND topic = 'usage.threshold_reached'`)
      .bind(p.id)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
    const alerts = await call('GET', `/projects/${p.id}/billing/alerts`, p.ownerToken);
    expect(alerts.body.usage.gasSpentUsd).toBe(6);
  });
});

describe('the month boundary', () => {
  it('a cost recorded after its month ended is measured, and alerts once, in the month the transaction was created', async () => {
    const { p, wallet, shard } = await projectWith(0);
    await call('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, { gasBudgetUsd: 10, version: 1 });
    const pol = await call('POST', `/projects/${p.id}/live/policies`, p.ownerToken, { name: 'Gas', chainId: 1 });
    const now = Date.now();
    const lastMonth = billingPeriod(billingPeriod(now).start - 1);
    // Sent in the last hour of last month; its cost is reported now.
    const at = lastMonth.end - 3_600_000;
    const id = `tin_late_${uid()}`;
    await shard
      .prepare(
        `INSERT INTO transactions (id, project_id, mode, chain_id, account_id, policy_id, abstraction_type, status, created_at, updated_at)
         VALUES (?, ?, 'live', 1, ?, ?, 'accountAbstractionV6', 'sent', ?, ?)`,
      )
      .bind(id, p.id, wallet, pol.body.id, at, at)
      .run();
    const res = await call('POST', `/projects/${p.id}/live/transactions/${id}/status`, p.ownerToken, {
      status: 'confirmed',
      costUsd: 6,
    });
    expect(res.status, res.text).toBe(200);
    const { results } = await shard
      .prepare(`SELECT alert_key, data FROM notices WHERE project_id = ? AND kind = 'usage_threshold'`)
      .bind(p.id)
      .all<{ alert_key: string; data: string }>();
    expect(results.map((r) => r.alert_key)).toEqual([`gas:${lastMonth.name}:50`]);
    expect(JSON.parse(results[0]!.data)).toEqual({ used: 6, limit: 10 });
    // This month's settings page counts none of it and lists no crossing of this month.
    const alerts = await call('GET', `/projects/${p.id}/billing/alerts`, p.ownerToken);
    expect(alerts.body.usage.gasSpentUsd).toBe(0);
    expect(alerts.body.reached).toEqual([]);
  });
});

describe('a project still in the directory’s own tables (before `shards:split`)', () => {
  it('gets its alerts there: one notice, one webhook event, one email per owner, listed on its pages', async () => {
    const owner = `alerts-unsplit-${uid()}`;
    const p = await newProject(owner, 'Unsplit Game');
    const placed = await testEnv.DB.prepare('SELECT shard FROM projects WHERE id = ?').bind(p.id).first<any>();
    await moveIntoDirectory(p.id, placed.shard);
    const w = await api('POST', `/projects/${p.id}/live/wallets`, p.ownerToken, {
      address: addr(5151),
      chainId: 1,
      accountType: 'Smart Account',
    });
    expect(w.status, w.text).toBe(201);
    const set = await call('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, { thresholds: [1], version: 1 });
    expect(set.status, set.text).toBe(200);
    const results = await Promise.all(Array.from({ length: 11 }, () => createTx(p, w.body.id)));
    expect(results.map((r) => r.status)).toEqual(Array(11).fill(201));

    const period = billingPeriod(Date.now()).name;
    const dir = testEnv.DB;
    const notices = await dir
      .prepare(`SELECT alert_key FROM notices WHERE project_id = ? AND kind = 'usage_threshold'`)
      .bind(p.id)
      .all<{ alert_key: string }>();
    expect(notices.results.map((r) => r.alert_key)).toEqual([`operations:${period}:1`]);
    const events = await dir
      .prepare(`SELECT COUNT(*) AS n FROM webhook_events WHERE project_id = ? AND topic = 'usage.threshold_reached'`)
      .bind(p.id)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
    const mails = await received(`${owner}@example.com`);
    expect(mails.map((m) => m.subject)).toEqual(['Unsplit Game reached 1 % of its included operations']);
    const listed = await call('GET', `/projects/${p.id}/notices`, p.ownerToken);
    expect(listed.body.data).toEqual([expect.objectContaining({ kind: 'usage_threshold', threshold: 1, period })]);
    const alerts = await call('GET', `/projects/${p.id}/billing/alerts`, p.ownerToken);
    expect(alerts.body.usage.operations).toBe(11);
    expect(alerts.body.reached).toEqual([expect.objectContaining({ meter: 'operations', threshold: 1 })]);
  });
});

describe('PATCH /billing/alerts: validation and roles', () => {
  const bad: [string, unknown, string, string][] = [
    [
      'a threshold above 100',
      { thresholds: [50, 101] },
      'thresholds.1',
      'Each threshold is a whole percent from 1 to 100',
    ],
    ['a threshold of 0', { thresholds: [0] }, 'thresholds.0', 'Each threshold is a whole percent from 1 to 100'],
    ['a fraction', { thresholds: [12.5] }, 'thresholds.0', 'Each threshold is a whole percent from 1 to 100'],
    ['a repeated threshold', { thresholds: [80, 80] }, 'thresholds', 'Each threshold once'],
    ['eleven thresholds', { thresholds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'thresholds', 'At most 10 thresholds'],
    ['a negative budget', { gasBudgetUsd: -5 }, 'gasBudgetUsd', 'Give an amount above 0'],
    ['a budget in fractions of a cent', { gasBudgetUsd: 1.001 }, 'gasBudgetUsd', 'At most two decimals (cents)'],
  ];
  it.each(bad)('%s is a 400 at its field, nothing saved', async (_name, body, path, message) => {
    const p = await newProject(`alerts-bad-${uid()}`);
    const res = await api('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, {
      ...(body as object),
      version: 1,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toEqual(expect.arrayContaining([{ path, message }]));
    const now = await api('GET', `/projects/${p.id}/billing/alerts`, p.ownerToken);
    expect(now.body).toMatchObject({ thresholds: [50, 80, 100], gasBudgetUsd: null, version: 1 });
  });

  it('stored ascending; a stale version is a 409; developers and viewers read but cannot change', async () => {
    const p = await newProject(`alerts-roles-${uid()}`);
    const ok = await api('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, {
      thresholds: [90, 25, 60],
      gasBudgetUsd: 250.5,
      version: 1,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ thresholds: [25, 60, 90], gasBudgetUsd: 250.5, version: 2 });
    const stale = await api('PATCH', `/projects/${p.id}/billing/alerts`, p.ownerToken, {
      gasBudgetUsd: null,
      version: 1,
    });
    expect(stale.status).toBe(409);
    for (const role of ['developer', 'viewer']) {
      const sub = `alerts-${role}-${uid()}`;
      await addMember(p.id, sub, role);
      const t = await token(sub);
      expect((await api('GET', `/projects/${p.id}/billing/alerts`, t)).body.thresholds).toEqual([25, 60, 90]);
      const res = await api('PATCH', `/projects/${p.id}/billing/alerts`, t, { thresholds: [10], version: 2 });
      expect(res.status, role).toBe(403);
    }
    // Another tenant's project is a 404.
    const other = await newProject(`alerts-other-${uid()}`);
    expect((await api('GET', `/projects/${p.id}/billing/alerts`, other.ownerToken)).status).toBe(404);
    expect(
      (await api('PATCH', `/projects/${p.id}/billing/alerts`, other.ownerToken, { thresholds: [5], version: 2 }))
        .status,
    ).toBe(404);
  });
});

describe('a policy’s monthly spend cap', () => {
  it('sponsorship past the cap is refused with policy_spend_cap_reached; raising the cap lets it through', async () => {
    const { p, wallet } = await projectWith(0);
    const pol = await api('POST', `/projects/${p.id}/live/policies`, p.ownerToken, {
      name: 'Capped',
      chainId: 1,
      monthlySpendCapUsd: 2,
    });
    expect(pol.status, pol.text).toBe(201);
    expect(pol.body.monthlySpendCapUsd).toBe(2);
    const first = await createTx(p, wallet, pol.body.id, 1);
    expect(first.status).toBe(201);
    await call('POST', `/projects/${p.id}/live/transactions/${first.body.id}/status`, p.ownerToken, {
      status: 'sent',
      costUsd: 2.5,
    });
    const refused = await createTx(p, wallet, pol.body.id, 0.5);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('policy_spend_cap_reached');
    expect(refused.body.error.message).toBe(
      `The gas policy “Capped” reached its monthly spend cap ($2.50 of $2.00 in ${billingPeriod(Date.now()).name}): raise the cap or choose another policy`,
    );
    expect(refused.body.error.details).toMatchObject({ policyId: pol.body.id, capUsd: 2, spentUsd: 2.5 });
    // Without a policy (not sponsored) the same wallet still transacts.
    expect((await createTx(p, wallet)).status).toBe(201);

    const read = await api('GET', `/projects/${p.id}/live/policies/${pol.body.id}`, p.ownerToken);
    expect(read.body.spendThisMonth).toEqual({ transactions: 1, costUsd: 2.5, reservedUsd: 0 });
    const raised = await api('PATCH', `/projects/${p.id}/live/policies/${pol.body.id}`, p.ownerToken, {
      monthlySpendCapUsd: 5,
      version: read.body.version,
    });
    expect(raised.status, raised.text).toBe(200);
    expect((await createTx(p, wallet, pol.body.id, 2.5)).status).toBe(201);
    const removed = await api('PATCH', `/projects/${p.id}/live/policies/${pol.body.id}`, p.ownerToken, {
      monthlySpendCapUsd: 0,
      version: raised.body.version,
    });
    expect(removed.status).toBe(400);
    expect(removed.body.error.details).toEqual([{ path: 'monthlySpendCapUsd', message: 'Give an amount above 0' }]);
  });
});
