import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIST_LIMITS } from '../../../src/shared/api/list-params';
import { takeViolations } from '../d1-param-guard';
import { api, newProject, testEnv, token } from './helpers';

const chainIds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('D1 bound-parameter limit (tests/workers/d1-param-guard.ts)', () => {
  it('the guard refuses a statement binding more than 100 values', () => {
    const stmt = env.DB.prepare(
      `SELECT ${chainIds(101)
        .map(() => '?')
        .join(', ')}`,
    );
    expect(() => stmt.bind(...chainIds(101))).toThrow(/at most 100 bound parameters/);
    // The afterEach check would fail this test too: take the violation back.
    expect(takeViolations()).toHaveLength(1);
  });

  it('guards the shards and the sessions the API reads them through as well', () => {
    for (const db of [env.SHARD_0!, env.SHARD_1!.withSession('first-unconstrained')]) {
      const stmt = db.prepare(
        `SELECT ${chainIds(101)
          .map(() => '?')
          .join(', ')}`,
      );
      expect(() => stmt.bind(...chainIds(101))).toThrow(/at most 100 bound parameters/);
    }
    expect(takeViolations()).toHaveLength(2);
  });

  it('an `in` filter with 100 values (plus scope, paging and counting) stays under the limit', async () => {
    const p = await newProject('bind-owner-1');
    const base = `/projects/${p.id}/test/wallets`;
    for (const chainId of [1, 100])
      expect(
        (
          await api('POST', base, p.ownerToken, {
            address: `0x${'ab'.repeat(19)}${chainId.toString(16).padStart(2, '0')}`,
            chainId,
            accountType: 'Smart Account',
          })
        ).status,
      ).toBe(201);
    const filters = JSON.stringify([{ field: 'chainId', op: 'in', value: chainIds(LIST_LIMITS.maxIn) }]);
    const counted = await api('GET', `${base}?limit=100&filters=${encodeURIComponent(filters)}`, p.ownerToken);
    expect(counted.status, counted.text).toBe(200);
    expect(counted.body.total).toBe(2);
    expect(counted.body.data.map((w: any) => w.chainId).sort()).toEqual([1, 100]);
    const passed = await api('GET', `${base}?limit=100&total=2&filters=${encodeURIComponent(filters)}`, p.ownerToken);
    expect(passed.status).toBe(200);
    expect(passed.body.data).toHaveLength(2);
  });

  it('listing 100 projects (roles looked up for each) stays under the limit', async () => {
    const sub = 'bind-many-projects';
    const now = Date.now();
    const stmts = chainIds(101).flatMap((i) => {
      const id = `pro_00000000-0000-7000-8000-${i.toString().padStart(12, '0')}`;
      return [
        testEnv.DB.prepare(
          `INSERT INTO projects (id, name, plan, created_at, updated_at, version) VALUES (?, ?, 'free', ?, ?, 1)`,
        ).bind(id, `P${i}`, now + i, now + i),
        testEnv.DB.prepare(
          `INSERT INTO members (project_id, user_id, email, role, created_at, updated_at) VALUES (?, ?, ?, 'viewer', ?, ?)`,
        ).bind(id, sub, `${sub}@example.com`, now, now),
      ];
    });
    await testEnv.DB.batch(stmts);
    const res = await api('GET', '/projects?limit=100', await token(sub));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.data.every((p: any) => p.role === 'viewer')).toBe(true);
  });
});

describe('list depth', () => {
  it(`pages reach at most ${LIST_LIMITS.maxRows} rows deep: 400 beyond, with a clear message`, async () => {
    const p = await newProject('depth-owner');
    const base = `/projects/${p.id}/test/transactions`;
    expect((await api('GET', `${base}?limit=100&page=100`, p.ownerToken)).status).toBe(200);
    expect((await api('GET', `${base}?limit=10&page=1000`, p.ownerToken)).status).toBe(200);
    for (const q of ['limit=100&page=101', 'limit=10&page=1001', 'page=100000']) {
      const res = await api('GET', `${base}?${q}`, p.ownerToken);
      expect(res.status, q).toBe(400);
      expect(res.body.error.details).toEqual({ param: 'page' });
      expect(res.body.error.message).toMatch(/10,000 rows/);
    }
  });
});
