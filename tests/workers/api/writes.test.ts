import { purgeTrash } from '../../../functions/_lib/db/trash';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMember, api, authServer, newProject, testEnv, token, shardOf } from './helpers';
import { addr, DEV_ACCOUNT, ERC20_ABI } from './fixtures';

describe('secrets appear in exactly one response', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('secret keys, webhook secrets, OAuth/SMTP secrets, custodial keys — and never in the logs', async () => {
    // Everything the Worker writes to the console during the test (Workers Logs would keep it).
    const logged: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
    const p = await newProject('secret-owner');
    const base = `/projects/${p.id}/test`;
    const created = await api('POST', `${base}/api-keys`, p.ownerToken, { type: 'secret', name: 'CI' });
    const hook = await api('POST', `${base}/webhooks`, p.ownerToken, {
      url: 'https://hooks.example.com/a',
      topics: ['test', 'user.created'],
    });
    expect(hook.body.secret).toMatch(/^whsec_/);
    const providers = await api('GET', `${base}/auth/providers`, p.ownerToken);
    const oauth = await api('PATCH', `${base}/auth/providers`, p.ownerToken, {
      oauth: { google: { enabled: true, clientId: 'cid', clientSecret: 'google-super-secret-1234' } },
      version: providers.body.version,
    });
    expect(oauth.status, oauth.text).toBe(200);
    expect(oauth.body.data.oauth.google.clientSecretHint).toBe('••••1234');
    const smtp = await api('PATCH', `${base}/auth/smtp`, p.ownerToken, {
      enabled: true,
      host: 'smtp.example.com',
      user: 'u',
      password: 'smtp-password-9876',
      from: 'no-reply@example.com',
      version: 1,
    });
    expect(smtp.status, smtp.text).toBe(200);
    expect(smtp.body.data.passwordHint).toBe('••••9876');
    const bw = await api('POST', `${base}/backend-wallets`, p.ownerToken, { custody: 'custodial', name: 'Treasury' });
    expect(bw.status).toBe(201);

    const secrets = [
      p.secretTest,
      p.secretLive,
      created.body.secret,
      hook.body.secret,
      'google-super-secret-1234',
      'smtp-password-9876',
    ];
    const stored = await (
      await shardOf(p.id)
    )
      .prepare('SELECT encrypted_private_key FROM backend_wallets WHERE id = ?')
      .bind(bw.body.id)
      .first<{ encrypted_private_key: string }>();
    expect(stored!.encrypted_private_key).toMatch(/^v1\./);
    const paths = [
      `/projects/${p.id}`,
      `${base}/api-keys`,
      `${base}/api-keys/${created.body.id}`,
      `/projects/${p.id.replace('test', 'live')}/live/api-keys`,
      `${base}/webhooks`,
      `${base}/webhooks/${hook.body.id}`,
      `${base}/auth/providers`,
      `${base}/auth/smtp`,
      `${base}/backend-wallets`,
      `${base}/backend-wallets/${bw.body.id}`,
      `/projects/${p.id}/audit-log?limit=100`,
      '/projects',
    ];
    for (const path of paths) {
      const res = await api('GET', path, p.ownerToken);
      expect(res.status, path).toBe(200);
      for (const s of secrets) expect(res.text.includes(s), `${path} leaks a secret`).toBe(false);
      expect(
        /key_hash|secret_encrypted|encrypted_private_key|"v1\.[A-Za-z0-9_-]+\./.test(res.text),
        `${path} leaks stored secret material`,
      ).toBe(false);
    }
    // Idempotent replays of creates do not carry the secret again.
    const k1 = await api(
      'POST',
      `${base}/api-keys`,
      p.ownerToken,
      { type: 'secret', name: 'Idem' },
      { 'Idempotency-Key': 'k-1' },
    );
    const k2 = await api(
      'POST',
      `${base}/api-keys`,
      p.ownerToken,
      { type: 'secret', name: 'Idem' },
      { 'Idempotency-Key': 'k-1' },
    );
    expect(k1.body.secret).toMatch(/^sk_test_/);
    expect(k2.headers.get('Idempotent-Replayed')).toBe('true');
    expect(k2.body.id).toBe(k1.body.id);
    expect(k2.body.secret).toBeNull();

    // A rejected write carrying a secret echoes it neither in the answer nor in the logs.
    const rejected = await api('PATCH', `${base}/auth/smtp`, p.ownerToken, {
      password: 'smtp-password-rejected-5555',
      port: 'not a port',
      version: 2,
    });
    expect(rejected.status).toBe(400);
    expect(rejected.text).not.toContain('smtp-password-rejected-5555');
    secrets.push(k1.body.secret, 'smtp-password-rejected-5555');
    for (const line of logged)
      for (const s of secrets) expect(line.includes(s), `a log line leaks a secret`).toBe(false);
  });
});

describe('versions and races', () => {
  it('concurrent edits: exactly one wins, the rest get 409', async () => {
    const p = await newProject('race-owner');
    const base = `/projects/${p.id}/test`;
    const u = await api('POST', `${base}/users`, p.ownerToken, { name: 'Racer' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api('PATCH', `${base}/users/${u.body.id}`, p.ownerToken, { name: `Name ${i}`, version: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const audit = await api(
      'GET',
      `/projects/${p.id}/audit-log?filters=${encodeURIComponent(JSON.stringify([{ field: 'action', op: 'eq', value: 'user.updated' }]))}`,
      p.ownerToken,
    );
    expect(audit.body.total).toBe(1);
    const stale = await api('PATCH', `/projects/${p.id}`, p.ownerToken, { name: 'New', version: 7 });
    expect(stale.status).toBe(409);
  });

  it('idempotent creates: same key replays, different body is 409, concurrent same key creates once', async () => {
    const p = await newProject('idem-owner');
    const base = `/projects/${p.id}/test`;
    const body = { address: addr(9001), chainId: 10, accountType: 'Externally Owned Account' };
    const all = await Promise.all(
      Array.from({ length: 4 }, () => api('POST', `${base}/wallets`, p.ownerToken, body, { 'Idempotency-Key': 'w-1' })),
    );
    expect(new Set(all.map((r) => r.body.id)).size).toBe(1);
    expect(all.every((r) => r.status === 201)).toBe(true);
    const list = await api('GET', `${base}/wallets`, p.ownerToken);
    expect(list.body.total).toBe(1);
    const other = await api(
      'POST',
      `${base}/wallets`,
      p.ownerToken,
      { ...body, chainId: 11 },
      { 'Idempotency-Key': 'w-1' },
    );
    expect(other.status).toBe(409);
  });
});

describe('atomic project creation (the shard first, then the directory)', () => {
  const shards = [testEnv.SHARD_0!, testEnv.SHARD_1!];
  const directoryCounts = async (user: string, name: string) => {
    const db = testEnv.DB;
    const counts = await db.batch([
      db.prepare('SELECT COUNT(*) AS n FROM projects WHERE name = ?').bind(name),
      db.prepare('SELECT COUNT(*) AS n FROM members WHERE user_id = ?').bind(user),
      db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE project_id NOT IN (SELECT id FROM projects)'),
    ]);
    return counts.map((c) => (c.results[0] as { n: number }).n);
  };

  it('a failure on the shard leaves nothing anywhere and answers a generic 500', async () => {
    const before = await Promise.all(shards.map((s) => s.prepare('SELECT COUNT(*) AS n FROM settings').first<any>()));
    for (const s of shards)
      await s
        .prepare(
          `CREATE TRIGGER IF NOT EXISTS test_fail_settings BEFORE INSERT ON settings WHEN NEW.kind = 'smtp' AND NEW.mode = 'test' BEGIN SELECT RAISE(ABORT, 'boom'); END`,
        )
        .run();
    try {
      const res = await api('POST', '/projects', await token('atomic-user'), { name: 'explode' });
      expect(res.status).toBe(500);
      expect(res.text).not.toMatch(/boom|SQLITE|trigger|settings/i);
      expect(await directoryCounts('atomic-user', 'explode')).toEqual([0, 0, 0]);
      const after = await Promise.all(shards.map((s) => s.prepare('SELECT COUNT(*) AS n FROM settings').first<any>()));
      expect(after).toEqual(before);
    } finally {
      for (const s of shards) await s.prepare('DROP TRIGGER IF EXISTS test_fail_settings').run();
    }
  });

  it('a failure in the directory leaves no project, member or key (only settings no project reaches)', async () => {
    await testEnv.DB.prepare(
      `CREATE TRIGGER IF NOT EXISTS test_fail_keys BEFORE INSERT ON api_keys WHEN (SELECT name FROM projects WHERE id = NEW.project_id) = 'explode-later' BEGIN SELECT RAISE(ABORT, 'boom'); END`,
    ).run();
    try {
      const res = await api('POST', '/projects', await token('atomic-user-2'), { name: 'explode-later' });
      expect(res.status).toBe(500);
      expect(res.text).not.toMatch(/boom|SQLITE|trigger|api_keys/i);
      expect(await directoryCounts('atomic-user-2', 'explode-later')).toEqual([0, 0, 0]);
    } finally {
      await testEnv.DB.prepare('DROP TRIGGER IF EXISTS test_fail_keys').run();
    }
    const ok = await api('POST', '/projects', await token('atomic-user'), { name: 'fine' });
    expect(ok.status).toBe(201);
    const settings = await (
      await shardOf(ok.body.id)
    )
      .prepare('SELECT COUNT(*) AS n FROM settings WHERE project_id = ?')
      .bind(ok.body.id)
      .first<{ n: number }>();
    expect(settings!.n).toBe(10);
  });
});

describe('members', () => {
  it('last owner cannot be removed or demoted; ownership can be transferred by an owner', async () => {
    const p = await newProject('m-owner');
    const path = `/projects/${p.id}/members`;
    expect((await api('DELETE', `${path}/m-owner`, p.ownerToken)).status).toBe(409);
    expect((await api('PATCH', `${path}/m-owner`, p.ownerToken, { role: 'admin', version: 1 })).status).toBe(409);
    await addMember(p.id, 'm-admin', 'admin');
    const adminT = await token('m-admin');
    expect((await api('PATCH', `${path}/m-owner`, adminT, { role: 'viewer', version: 1 })).status).toBe(403);
    expect((await api('PATCH', `${path}/m-admin`, adminT, { role: 'owner', version: 1 })).status).toBe(403);
    expect((await api('POST', path, adminT, { email: 'boss@example.com', role: 'owner' })).status).toBe(403);
    const promote = await api('PATCH', `${path}/m-admin`, p.ownerToken, { role: 'owner', version: 1 });
    expect(promote.status, promote.text).toBe(200);
    expect((await api('DELETE', `${path}/m-owner`, adminT)).status).toBe(204);
    expect((await api('DELETE', `${path}/m-admin`, adminT)).status).toBe(409);
  });

  it('invites are pending for 24 h and become a membership when the verified email signs in', async () => {
    const p = await newProject('inv-owner');
    const inv = await api('POST', `/projects/${p.id}/members`, p.ownerToken, {
      email: 'New.Dev@Example.com',
      role: 'developer',
    });
    expect(inv.status, inv.text).toBe(201);
    expect(inv.body.status).toBe('pending');
    expect(Date.parse(inv.body.expiresAt) - Date.parse(inv.body.createdAt)).toBe(24 * 3600_000);
    // Whether the email is confirmed is the auth server's answer (tests/workers/api/auth-checks.test.ts).
    await authServer.setUser('new-dev', { email_confirmed_at: null });
    const unverified = await token('new-dev', { email: 'new.dev@example.com' });
    expect((await api('GET', `/projects/${p.id}`, unverified)).status).toBe(404);
    await authServer.setUser('new-dev', { email_confirmed_at: '2026-11-01T00:00:00Z' });
    const verified = await token('new-dev', { email: 'new.dev@example.com' });
    const list = await api('GET', '/projects', verified);
    expect(list.body.data.map((x: any) => [x.id, x.role])).toContainEqual([p.id, 'developer']);
    const members = await api('GET', `/projects/${p.id}/members`, p.ownerToken);
    expect(members.body.data.filter((m: any) => m.status === 'pending')).toHaveLength(0);
  });

  it('expired invites do not grant access', async () => {
    const p = await newProject('inv-owner-2');
    await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email: 'late@example.com', role: 'viewer' });
    await testEnv.DB.prepare('UPDATE invites SET expires_at = ? WHERE project_id = ?')
      .bind(Date.now() - 1, p.id)
      .run();
    const t = await token('late', { email: 'late@example.com' });
    expect((await api('GET', `/projects/${p.id}`, t)).status).toBe(404);
  });
});

describe('features', () => {
  it('backend wallets: custodial key pair; added wallets need a valid ownership signature', async () => {
    const p = await newProject('bw-owner');
    const base = `/projects/${p.id}/test/backend-wallets`;
    const c = await api('POST', base, p.ownerToken, { custody: 'custodial', name: 'Hot' });
    expect(c.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // More in backend-wallet-challenge.test.ts (nonce, expiry, other project or mode).
    const ch = await api('POST', `${base}/challenge`, p.ownerToken, { address: DEV_ACCOUNT.address });
    const signature = await DEV_ACCOUNT.signMessage({ message: ch.body.message });
    const good = await api('POST', base, p.ownerToken, {
      custody: 'added',
      name: 'Mine',
      address: DEV_ACCOUNT.address,
      nonce: ch.body.nonce,
      signature,
    });
    expect(good.status, good.text).toBe(201);
    const wrong = await DEV_ACCOUNT.signMessage({ message: 'something else' });
    const ch5 = await api('POST', `${base}/challenge`, p.ownerToken, { address: addr(5) });
    const bad = await api('POST', base, p.ownerToken, {
      custody: 'added',
      name: 'Mine',
      address: addr(5),
      nonce: ch5.body.nonce,
      signature: wrong,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/ownership/);
  });

  it('transactions with status history, analytics series, billing usage, policy spend', async () => {
    const p = await newProject('tx-owner');
    const base = `/projects/${p.id}/live`;
    const t = p.ownerToken;
    const w = await api('POST', `${base}/wallets`, t, {
      address: addr(42),
      chainId: 8453,
      accountType: 'Smart Account',
    });
    const pol = await api('POST', `${base}/policies`, t, { name: 'Sponsor', chainId: 8453 });
    const rule = await api('POST', `${base}/policies/${pol.body.id}/rules`, t, {
      type: 'rate_limit',
      limitType: 'count_per_interval',
      limitValue: 10,
      intervalUnit: 'day',
      intervalValue: 1,
    });
    expect(rule.status, rule.text).toBe(201);
    const con = await api('POST', `${base}/contracts`, t, {
      name: 'USDC',
      chainId: 8453,
      address: addr(99),
      abi: ERC20_ABI,
    });
    // The nine functions of the ERC-20 standard, events left out.
    expect([...con.body.functions].sort()).toEqual([
      'allowance',
      'approve',
      'balanceOf',
      'decimals',
      'name',
      'symbol',
      'totalSupply',
      'transfer',
      'transferFrom',
    ]);
    const tx = await api('POST', `${base}/transactions`, t, {
      chainId: 8453,
      accountId: w.body.id,
      policyId: pol.body.id,
      interactions: [{ contract: con.body.id, functionName: 'transfer', functionArgs: [addr(1), '10'] }],
    });
    expect(tx.status, tx.text).toBe(201);
    const got = await api('GET', `${base}/transactions/${tx.body.id}`, t);
    expect(got.body.statusHistory.map((h: any) => h.status)).toEqual(['new']);
    const series = await api('GET', `${base}/analytics/transactions?timeFrame=week`, t);
    expect(series.body.data.reduce((a: number, d: any) => a + d.total, 0)).toBe(1);
    const wallets = await api('GET', `${base}/analytics/wallets?timeFrame=day`, t);
    expect(wallets.body.data[0]).toMatchObject({ chainId: 8453, accountType: 'Smart Account', count: 1 });
    expect((await api('GET', `${base}/analytics/wallets?timeFrame=year`, t)).status).toBe(400);
    const billing = await api('GET', `/projects/${p.id}/billing`, t);
    expect(billing.body.usage).toMatchObject({ operations: 1, wallets: 1 });
    const spend = await api('GET', `${base}/policies/${pol.body.id}/spend`, t);
    expect(spend.body.totals.transactions).toBe(1);
    const off = await api('POST', `${base}/policies/${pol.body.id}/disable`, t);
    expect(off.body.enabled).toBe(false);
    const byUser = await api('GET', `${base}/users`, t);
    expect(byUser.status).toBe(200);
  });

  it('settings: invalid values 400, stale version 409, ecosystem theme', async () => {
    const p = await newProject('set-owner');
    const base = `/projects/${p.id}/test`;
    expect(
      (await api('PATCH', `${base}/auth/security`, p.ownerToken, { sessionLifetimeSeconds: 5, version: 1 })).status,
    ).toBe(400);
    expect((await api('PATCH', `${base}/auth/security`, p.ownerToken, { unknownThing: 1, version: 1 })).status).toBe(
      400,
    );
    const ok = await api('PATCH', `${base}/auth/security`, p.ownerToken, {
      allowedOrigins: ['https://app.example.com'],
      version: 1,
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await api('PATCH', `${base}/auth/security`, p.ownerToken, { allowedOrigins: [], version: 1 })).status).toBe(
      409,
    );
    const eco = await api('PATCH', `${base}/ecosystem`, p.ownerToken, {
      theme: { primaryColor: '#b91c1c' },
      version: 1,
    });
    expect(eco.body.data.theme).toMatchObject({ primaryColor: '#b91c1c', radius: '0.5rem' });
  });
});

describe('row counters (migration 0006)', () => {
  it('stay equal to COUNT(*) through inserts, updates, deletes and project deletion', async () => {
    const p = await newProject('count-owner');
    const base = `/projects/${p.id}/test`;
    const db = await shardOf(p.id);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const w = await api('POST', `${base}/wallets`, p.ownerToken, {
        address: addr(70_000 + i),
        chainId: i % 2 ? 137 : 1,
        accountType: i % 3 ? 'Smart Account' : 'Delegated Account',
      });
      ids.push(w.body.id);
    }
    await api('POST', `${base}/users`, p.ownerToken, { name: 'Counted' });
    await api('DELETE', `${base}/wallets/${ids[0]}`, p.ownerToken);
    await db.prepare('UPDATE wallets SET chain_id = 10 WHERE id = ?').bind(ids[1]).run();
    await db.prepare("UPDATE wallets SET deployed = 1, custody = 'Developer' WHERE id = ?").bind(ids[2]).run();
    const check = async (filters: unknown[], sql: string, args: unknown[]) => {
      const res = await api(
        'GET',
        `${base}/wallets?filters=${encodeURIComponent(JSON.stringify(filters))}`,
        p.ownerToken,
      );
      const real = await db
        .prepare(`SELECT COUNT(*) AS n FROM wallets WHERE project_id = ? AND mode = 'test'${sql}`)
        .bind(p.id, ...args)
        .first<{ n: number }>();
      expect(res.body.total).toBe(real!.n);
    };
    await check([], '', []);
    await check([{ field: 'chainId', op: 'eq', value: 1 }], ' AND chain_id = ?', [1]);
    await check([{ field: 'chainId', op: 'in', value: [137, 10] }], ' AND chain_id IN (?, ?)', [137, 10]);
    await check([{ field: 'accountType', op: 'eq', value: 'Smart Account' }], ' AND account_type = ?', [
      'Smart Account',
    ]);
    // Migration 0012: custody and deployed are counted too.
    await check([{ field: 'custody', op: 'eq', value: 'User' }], ' AND custody = ?', ['User']);
    await check([{ field: 'custody', op: 'eq', value: 'Developer' }], ' AND custody = ?', ['Developer']);
    await check([{ field: 'deployed', op: 'eq', value: false }], ' AND deployed = ?', [0]);
    await check([{ field: 'deployed', op: 'eq', value: true }], ' AND deployed = ?', [1]);
    const users = await api(
      'GET',
      `${base}/users?filters=${encodeURIComponent(JSON.stringify([{ field: 'authenticated', op: 'eq', value: false }]))}`,
      p.ownerToken,
    );
    expect(users.body.total).toBe(1);
    const deleted = await api('DELETE', `/projects/${p.id}?version=1`, p.ownerToken);
    expect(deleted.status).toBe(200);
    // The trash keeps everything for 7 days; the scheduled purge removes it (project-trash.test.ts).
    expect(await purgeTrash(testEnv, Date.parse(deleted.body.purgeAt))).toContain(p.id);
    const left = await db
      .prepare('SELECT COUNT(*) AS n FROM row_counts WHERE project_id = ?')
      .bind(p.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe('createdAt range totals from day buckets', () => {
  it('match COUNT(*) for open, closed, same-day and empty ranges', async () => {
    const p = await newProject('range-owner');
    const db = await shardOf(p.id);
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 0, 10, 6);
    const stmts = [];
    for (let i = 0; i < 60; i++) {
      const at = t0 + i * 7 * 3600_000 + (i % 5) * 1000;
      stmts.push(
        db
          .prepare(
            `INSERT INTO transactions (id, project_id, mode, chain_id, abstraction_type, status, created_at, updated_at) VALUES (?, ?, 'test', 1, 'standard', 'confirmed', ?, ?)`,
          )
          .bind(`tin_0190${String(i).padStart(4, '0')}-0000-7000-8000-000000000000`, p.id, at, at),
      );
    }
    await db.batch(stmts);
    const iso = (ms: number) => new Date(ms).toISOString();
    const ranges: [string, number | null, string, number | null][] = [
      ['gte', t0 + day / 2, 'lt', null],
      ['gt', null, 'lte', t0 + 5 * day + 123],
      ['gte', t0 + day + 3600_000, 'lt', t0 + 4 * day - 1],
      ['gte', t0 + 2 * day + 3600_000, 'lte', t0 + 2 * day + 7 * 3600_000],
      ['gte', t0 + 9 * day, 'lt', t0 + 3 * day],
      ['gt', Date.UTC(2026, 0, 12), 'lt', Date.UTC(2026, 0, 14)],
    ];
    for (const [op1, a, op2, b] of ranges) {
      const filters = [
        ...(a === null ? [] : [{ field: 'createdAt', op: op1, value: iso(a) }]),
        ...(b === null ? [] : [{ field: 'createdAt', op: op2, value: iso(b) }]),
      ];
      const res = await api(
        'GET',
        `/projects/${p.id}/test/transactions?filters=${encodeURIComponent(JSON.stringify(filters))}`,
        p.ownerToken,
      );
      const sql = [`project_id = ? AND mode = 'test'`];
      const args: unknown[] = [p.id];
      const sym: Record<string, string> = { gte: '>=', gt: '>', lt: '<', lte: '<=' };
      if (a !== null) {
        sql.push(`created_at ${sym[op1]} ?`);
        args.push(a);
      }
      if (b !== null) {
        sql.push(`created_at ${sym[op2]} ?`);
        args.push(b);
      }
      const real = await db
        .prepare(`SELECT COUNT(*) AS n FROM transactions WHERE ${sql.join(' AND ')}`)
        .bind(...args)
        .first<{ n: number }>();
      expect(res.body.total, JSON.stringify(filters)).toBe(real!.n);
    }
  });
});
