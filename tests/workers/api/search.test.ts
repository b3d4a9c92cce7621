import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { listSql } from '../../../functions/_lib/db/core';
import type { Filter } from '../../../src/shared/api/list-params';
import { api, newProject, testEnv } from './helpers';

/**
 * Search that finds (issue 19.2, docs/api.md "Search"): partial addresses and hashes in any case, wallets by their
 * user's name or email, users by the start of a name or email; each a range on an index.
 */
const ADDRESS = '0xAbCdEf0123456789aBcDeF0123456789ABCDEF01';
const OTHER = '0x1111111111111111111111111111111111111111';
const HASH = `0x${'ab12'.repeat(16)}`;

let base = '';
let token = '';
const ids: Record<string, string> = {};

const search = async (collection: string, filters: Filter[]) => {
  const res = await api('GET', `${base}/${collection}?filters=${encodeURIComponent(JSON.stringify(filters))}`, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((r: { id: string }) => r.id) as string[];
};

beforeAll(async () => {
  const p = await newProject('search-owner');
  base = `/projects/${p.id}/test`;
  token = p.ownerToken;
  const users = [
    ['grace', 'Grace Hopper', 'grace.hopper@navy.example'],
    ['ada', 'Ada Lovelace', 'countess@analytical.example'],
  ] as const;
  for (const [key, name, email] of users) {
    const res = await api('POST', `${base}/users`, p.secretTest, { name, email });
    expect(res.status, res.text).toBe(201);
    ids[key] = res.body.id;
  }
  for (const [key, address, user] of [
    ['w1', ADDRESS, ids.grace],
    ['w2', OTHER, ids.ada],
  ] as const) {
    const res = await api('POST', `${base}/wallets`, p.secretTest, {
      address,
      chainId: 1,
      accountType: 'Smart Account',
      userId: user,
    });
    expect(res.status, res.text).toBe(201);
    ids[key] = res.body.id;
  }
  const tx = await api('POST', `${base}/transactions`, p.secretTest, {
    chainId: 1,
    accountId: ids.w1,
    interactions: [{ to: OTHER, value: '0' }],
  });
  ids.tx = tx.body.id;
  const sent = await api('POST', `${base}/transactions/${ids.tx}/status`, p.secretTest, {
    status: 'sent',
    transactionHash: HASH,
  });
  expect(sent.status, sent.text).toBe(200);
  await api('POST', `${base}/transactions`, p.secretTest, {
    chainId: 1,
    accountId: ids.w2,
    interactions: [{ to: OTHER, value: '0' }],
  });
});

describe('prefix search in any case', () => {
  it.each([
    ['0xabcdef', 'w1'],
    ['0XABCDEF01', 'w1'],
    ['0xAbCdEf0123456789', 'w1'],
    ['0x1111', 'w2'],
    ['0x', 'w1,w2'],
    ['0xabd', ''],
  ])('wallets by a partial address %s', async (value, expected) => {
    const found = await search('wallets', [{ field: 'address', op: 'prefix', value }]);
    expect(found.sort()).toEqual(
      expected
        ? expected
            .split(',')
            .map((k) => ids[k]!)
            .sort()
        : [],
    );
  });

  it.each([
    ['0xab12ab', true],
    ['0xAB12AB12', true],
    ['0xab13', false],
  ])('transactions by a partial hash %s', async (value, hit) => {
    const found = await search('transactions', [{ field: 'transactionHash', op: 'prefix', value }]);
    expect(found).toEqual(hit ? [ids.tx] : []);
  });

  it.each([
    ['grace', 'w1'],
    ['GRACE H', 'w1'],
    ['countess@', 'w2'],
    ['Ada', 'w2'],
    ['hopper', ''],
  ])('wallets by their user’s name or email: %s', async (value, expected) => {
    const found = await search('wallets', [{ field: 'user', op: 'prefix', value }]);
    expect(found).toEqual(expected ? [ids[expected]] : []);
  });

  it.each([
    ['gRaCe', 'grace'],
    ['grace.hopper@navy', 'grace'],
    ['COUNTESS', 'ada'],
    ['ada love', 'ada'],
    ['navy', ''],
  ])('users by the start of a name or email: %s', async (value, expected) => {
    const found = await search('users', [{ field: 'nameOrEmail', op: 'prefix', value }]);
    expect(found).toEqual(expected ? [ids[expected]] : []);
  });

  it('wildcards are literal: `%` and `_` match only themselves', async () => {
    expect(await search('users', [{ field: 'nameOrEmail', op: 'prefix', value: 'gr_ce' }])).toEqual([]);
    expect(await search('wallets', [{ field: 'address', op: 'prefix', value: '0x%' }])).toEqual([]);
  });
});

describe('EXPLAIN QUERY PLAN: each search is a range on its index', () => {
  const route = (path: string) => API_ROUTES.find((r) => r.method === 'GET' && r.path === path)!;
  it.each([
    [
      '/projects/:projectId/:mode/wallets',
      { field: 'address', op: 'prefix', value: '0xAb' },
      ['wallets_address_lower'],
    ],
    [
      '/projects/:projectId/:mode/wallets',
      { field: 'user', op: 'prefix', value: 'Ada' },
      ['users_name_lower', 'users_email_lower', 'wallets_user'],
    ],
    [
      '/projects/:projectId/:mode/transactions',
      { field: 'transactionHash', op: 'prefix', value: '0xab' },
      ['transactions_hash_prefix'],
    ],
    [
      '/projects/:projectId/:mode/users',
      { field: 'nameOrEmail', op: 'prefix', value: 'ada' },
      ['users_name_lower', 'users_email_lower'],
    ],
  ] as const)('%s %o', async (path, filter, indexes) => {
    const r = route(path);
    for (const total of [1000, undefined]) {
      const q = { page: 1, limit: 25, order: r.list!.defaultOrder, filters: [filter as Filter], total };
      const s = listSql(r.table!, r.list!, { projectId: 'pro_x', mode: 'test' }, q);
      for (const [sql, args] of [
        [s.sql, s.args],
        [s.countSql, s.countArgs],
      ] as const) {
        const { results } = await testEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...args)
          .all<{ detail: string }>();
        const plan = results.map((x) => x.detail).join(' | ');
        expect(plan).not.toMatch(/\bSCAN (wallets|users|transactions)\b/);
        for (const index of indexes) if (sql === s.sql) expect(plan).toContain(`INDEX ${index} `);
        expect(plan).toMatch(/USING (COVERING )?INDEX (wallets_address_lower|users_|transactions_hash_prefix)/);
      }
    }
  });
});
