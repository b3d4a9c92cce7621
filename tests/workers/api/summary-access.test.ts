import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, newProject, token } from './helpers';
import { addr } from './fixtures';
import { pagesFetch } from '../pages-stack';

/**
 * Summaries leak nothing (docs/security.md, issue 17.3): a relation summary (a wallet's user, a transaction's user,
 * wallet and policy) and its CSV columns are in an answer only when the caller may read the related collection. A
 * `wallets:read` key gets 403 on /users, so it must not read users' names and emails inside wallet rows either.
 */
const NAME = 'Ada Secretname';
const EMAIL = 'ada.secret@example.com';

let base = '';
let walletId = '';
let txId = '';
let userId = '';
const callers = new Map<string, string>();

beforeAll(async () => {
  const p = await newProject('summary-access');
  base = `/projects/${p.id}/test`;
  const user = await api('POST', `${base}/users`, p.secretTest, { name: NAME, email: EMAIL });
  expect(user.status, user.text).toBe(201);
  userId = user.body.id;
  const wallet = await api('POST', `${base}/wallets`, p.secretTest, {
    address: addr(4242),
    chainId: 11155111,
    accountType: 'Smart Account',
    userId,
  });
  expect(wallet.status, wallet.text).toBe(201);
  walletId = wallet.body.id;
  const policy = await api('POST', `${base}/policies`, p.secretTest, {
    name: 'Sponsor all',
    chainId: 11155111,
    strategy: { type: 'pay_for_user' },
  });
  const tx = await api('POST', `${base}/transactions`, p.secretTest, {
    chainId: 11155111,
    accountId: walletId,
    policyId: policy.body.id,
    interactions: [{ to: addr(5), value: '0' }],
  });
  expect(tx.status, tx.text).toBe(201);
  txId = tx.body.id;
  for (const scopes of [
    ['wallets:read'],
    ['wallets:write'],
    ['transactions:read'],
    ['transactions:read', 'wallets:read'],
    ['wallets:read', 'users:read'],
    ['users:read', 'transactions:read'],
    ['read'],
    ['write'],
  ]) {
    const key = await api('POST', `${base}/api-keys`, p.ownerToken, {
      type: 'secret',
      name: scopes.join(' '),
      scopes,
    });
    expect(key.status, key.text).toBe(201);
    callers.set(`key ${scopes.join(',')}`, key.body.secret);
  }
  callers.set('owner', p.ownerToken);
  await addMember(p.id, 'summary-viewer', 'viewer');
  callers.set('viewer', await token('summary-viewer'));
});

/** Whether the answer's text holds the user's name or email anywhere. */
const leaks = (text: string) => text.includes(NAME) || text.includes(EMAIL);

// caller → what it may read: users (the user summary), wallets (the account summary), policies (the policy summary)
const TABLE: { caller: string; users: boolean; wallets: boolean; policies: boolean }[] = [
  { caller: 'key wallets:read', users: false, wallets: true, policies: false },
  { caller: 'key wallets:write', users: false, wallets: true, policies: false },
  { caller: 'key transactions:read', users: false, wallets: false, policies: false },
  { caller: 'key transactions:read,wallets:read', users: false, wallets: true, policies: false },
  { caller: 'key wallets:read,users:read', users: true, wallets: true, policies: false },
  { caller: 'key users:read,transactions:read', users: true, wallets: false, policies: false },
  { caller: 'key read', users: true, wallets: true, policies: true },
  { caller: 'key write', users: true, wallets: true, policies: true },
  { caller: 'owner', users: true, wallets: true, policies: true },
  { caller: 'viewer', users: true, wallets: true, policies: true },
];

describe('relation summaries only for callers who may read the related collection', () => {
  it.each(TABLE.filter((t) => t.wallets))('$caller: wallet list, read and CSV', async ({ caller, users }) => {
    const auth = callers.get(caller)!;
    const list = await api('GET', `${base}/wallets`, auth);
    expect(list.status, list.text).toBe(200);
    const row = list.body.data.find((w: { id: string }) => w.id === walletId);
    expect(row.userId).toBe(userId);
    if (users) expect(row.user).toEqual({ id: userId, name: NAME, email: EMAIL });
    else expect(row).not.toHaveProperty('user');
    expect(leaks(list.text)).toBe(users);

    const one = await api('GET', `${base}/wallets/${walletId}`, auth);
    expect(one.status, one.text).toBe(200);
    expect(leaks(one.text)).toBe(users);

    // Through the whole Pages stack (edge middleware, then the API function).
    const csv = await pagesFetch(`/api/v1${base}/wallets.csv`, { headers: { Authorization: `Bearer ${auth}` } });
    const text = await csv.text();
    expect(csv.status, text).toBe(200);
    const header = text.split('\r\n')[0]!.split(',');
    expect(header).toContain('userId');
    expect(header.includes('userEmail')).toBe(users);
    expect(header).not.toContain('user');
    expect(leaks(text)).toBe(users);
    expect(text).toContain(userId);
  });

  it.each(TABLE.filter((t) => !/^key wallets:(read|write)(,users:read)?$/.test(t.caller)))(
    '$caller: transaction list, read and CSV',
    async ({ caller, users, wallets, policies }) => {
      const auth = callers.get(caller)!;
      const list = await api('GET', `${base}/transactions`, auth);
      expect(list.status, list.text).toBe(200);
      const row = list.body.data.find((t: { id: string }) => t.id === txId);
      expect('user' in row).toBe(users);
      expect('account' in row).toBe(wallets);
      expect('policy' in row).toBe(policies);
      expect(leaks(list.text)).toBe(users);

      const one = await api('GET', `${base}/transactions/${txId}`, auth);
      expect(one.status, one.text).toBe(200);
      expect(leaks(one.text)).toBe(users);

      const csv = await pagesFetch(`/api/v1${base}/transactions.csv`, {
        headers: { Authorization: `Bearer ${auth}` },
      });
      const text = await csv.text();
      expect(csv.status, text).toBe(200);
      const header = text.split('\r\n')[0]!.split(',');
      expect(header.includes('userEmail')).toBe(users);
      expect(header.includes('accountAddress')).toBe(wallets);
      expect(header.includes('policyName')).toBe(policies);
      expect(leaks(text)).toBe(users);
    },
  );

  it('a wallets:read key cannot search wallets by their user’s name or email (403), a users:read one can', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'user', op: 'prefix', value: 'ada.secret' }]));
    const refused = await api('GET', `${base}/wallets?filters=${filters}`, callers.get('key wallets:read')!);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error.message).toMatch(/users:read/);
    const csv = await api('GET', `${base}/wallets.csv?filters=${filters}`, callers.get('key wallets:read')!);
    expect(csv.status, csv.text).toBe(403);
    const allowed = await api('GET', `${base}/wallets?filters=${filters}`, callers.get('key wallets:read,users:read')!);
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.data.map((w: { id: string }) => w.id)).toEqual([walletId]);
  });

  it('the OpenAPI document says when summaries and their CSV columns are present', async () => {
    const res = await api('GET', '/openapi.json', null);
    const doc = res.body;
    const wallet = doc.components.schemas.Wallet.properties.user;
    expect(JSON.stringify(wallet)).toMatch(/only when the caller may read users/);
    const tx = doc.components.schemas.Transaction.properties;
    expect(JSON.stringify(tx.account)).toMatch(/only when the caller may read wallets/);
    expect(JSON.stringify(tx.policy)).toMatch(/only when the caller may read policies/);
    const list = doc.paths['/api/v1/projects/{projectId}/{mode}/wallets'].get.description;
    expect(list).toMatch(/`user` only when the caller may read users/);
    const csv = doc.paths['/api/v1/projects/{projectId}/{mode}/wallets.csv'].get.description;
    expect(csv).toMatch(/`userEmail` only when the caller may read users/);
  });
});
