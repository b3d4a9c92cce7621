import { beforeAll, describe, expect, it } from 'vitest';
import { api, newProject, testEnv } from './helpers';
import { addr } from './fixtures';

let base = '';
let t = '';
beforeAll(async () => {
  const p = await newProject('input-owner');
  base = `/projects/${p.id}/test`;
  t = p.ownerToken;
});

const q = (o: Record<string, string>) => `?${new URLSearchParams(o)}`;

describe('list params outside the allow-lists are 400 with a clear message', () => {
  const bad: [string, Record<string, string>, RegExp][] = [
    ['limit 0', { limit: '0' }, /limit/],
    ['limit -1', { limit: '-1' }, /limit/],
    ['limit 1e9', { limit: '1e9' }, /limit/],
    ['limit NaN', { limit: 'NaN' }, /limit/],
    ['limit 101', { limit: '101' }, /limit/],
    ['page 0', { page: '0' }, /page/],
    ['page 1.5', { page: '1.5' }, /page/],
    ['order unknown field', { order: 'secret:asc' }, /order/],
    ['order SQL', { order: 'created_at; DROP TABLE wallets--' }, /order/],
    ['order no direction', { order: 'createdAt' }, /order/],
    ['filters not JSON', { filters: 'status=1' }, /filters/],
    ['filters unknown field', { filters: JSON.stringify([{ field: 'project_id', op: 'eq', value: 'x' }]) }, /field/],
    ['filters unknown op', { filters: JSON.stringify([{ field: 'chainId', op: 'like', value: 1 }]) }, /operator/],
    [
      'filters SQL in value type',
      { filters: JSON.stringify([{ field: 'chainId', op: 'eq', value: '1 OR 1=1' }]) },
      /integer/,
    ],
    ['filters extra key', { filters: JSON.stringify([{ field: 'chainId', op: 'eq', value: 1, sql: 'x' }]) }, /filter/],
    [
      'in > 100 values',
      {
        filters: JSON.stringify([{ field: 'chainId', op: 'in', value: Array.from({ length: 101 }, (_, i) => i + 1) }]),
      },
      /100/,
    ],
    ['bad address', { filters: JSON.stringify([{ field: 'address', op: 'eq', value: '0x123' }]) }, /address/],
    ['bad enum', { filters: JSON.stringify([{ field: 'accountType', op: 'eq', value: 'Robot' }]) }, /one of/],
  ];
  it.each(bad)('%s', async (_n, params, msg) => {
    const res = await api('GET', `${base}/wallets${q(params)}`, t);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toMatch(msg);
  });

  it('LIKE pattern > 50 bytes', async () => {
    const res = await api(
      'GET',
      `${base}/users${q({ filters: JSON.stringify([{ field: 'name', op: 'contains', value: 'é'.repeat(26) }]) })}`,
      t,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/50 bytes/);
  });

  it('LIKE wildcards in a pattern are literal', async () => {
    await api('POST', `${base}/users`, t, { name: 'percent%user' });
    await api('POST', `${base}/users`, t, { name: 'plain user' });
    const res = await api(
      'GET',
      `${base}/users${q({ filters: JSON.stringify([{ field: 'name', op: 'contains', value: '%' }]) })}`,
      t,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: any) => u.name)).toEqual(['percent%user']);
  });

  it('valid params work and paging is stable with ties', async () => {
    for (let i = 0; i < 5; i++)
      await api('POST', `${base}/wallets`, t, { address: addr(5000 + i), chainId: 137, accountType: 'Smart Account' });
    const all = await api(
      'GET',
      `${base}/wallets${q({ limit: '100', order: 'createdAt:asc', filters: JSON.stringify([{ field: 'chainId', op: 'in', value: [137] }]) })}`,
      t,
    );
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(5);
    const pages = [];
    for (let p = 1; p <= 3; p++)
      pages.push(
        ...(
          await api(
            'GET',
            `${base}/wallets${q({ limit: '2', page: String(p), order: 'createdAt:asc', total: '5', filters: JSON.stringify([{ field: 'chainId', op: 'eq', value: 137 }]) })}`,
            t,
          )
        ).body.data,
      );
    expect(pages.map((w: any) => w.id)).toEqual(all.body.data.map((w: any) => w.id));
    const skip = await api('GET', `${base}/wallets${q({ total: '12345' })}`, t);
    expect(skip.body.total).toBe(12345);
  });
});

describe('bodies', () => {
  it('unknown fields are 400 (project and mode come from the path only)', async () => {
    const res = await api('POST', `${base}/users`, t, { name: 'x', projectId: 'pro_x', mode: 'live' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.details)).toMatch(/Unknown field/);
  });
  it('oversized body is 413', async () => {
    const res = await api(
      'POST',
      `${base}/users`,
      t,
      JSON.stringify({ name: 'x', description: 'a'.repeat(1024 * 1024 + 10) }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
  it('malformed JSON and non-JSON content types', async () => {
    expect((await api('POST', `${base}/users`, t, '{"name":')).status).toBe(400);
    expect(
      (await api('POST', `${base}/users`, t, 'name=x', { 'Content-Type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(415);
  });
  it('invalid address', async () => {
    const res = await api('POST', `${base}/wallets`, t, {
      address: '0xnothex',
      chainId: 1,
      accountType: 'Smart Account',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('address');
  });
  it('invalid ABI (unknown type, bad shape) is 400 and a valid one is accepted', async () => {
    const bad1 = await api('POST', `${base}/contracts`, t, {
      name: 'X',
      chainId: 1,
      address: addr(77),
      abi: [
        { type: 'function', name: 'f', inputs: [{ name: 'a', type: 'uint7' }], outputs: [], stateMutability: 'view' },
      ],
    });
    expect(bad1.status, bad1.text).toBe(400);
    expect(bad1.body.error.message).toMatch(/ABI item at index 0/);
    const bad2 = await api('POST', `${base}/contracts`, t, {
      name: 'X',
      chainId: 1,
      address: addr(77),
      abi: [{ type: 'banana' }],
    });
    expect(bad2.status).toBe(400);
    const bad3 = await api('POST', `${base}/contracts`, t, {
      name: 'X',
      chainId: 1,
      address: addr(77),
      abi: 'not an array',
    });
    expect(bad3.status).toBe(400);
  });
  it('a contract address with a bad checksum is 400 at address; all-lowercase is checksummed', async () => {
    const good = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
    const bad = await api('POST', `${base}/contracts`, t, {
      name: 'C',
      chainId: 1,
      address: good.replace('d8dA', 'd8Da'),
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.details[0].path).toBe('address');
    expect(bad.body.error.message).toMatch(/checksum/);
    const ok = await api('POST', `${base}/contracts`, t, { name: 'C', chainId: 1, address: good.toLowerCase() });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.address).toBe(good);
  });
  it('ids from the path are validated; unknown mode is 404', async () => {
    expect((await api('GET', `${base}/wallets/acc_nope`, t)).status).toBe(404);
    expect((await api('GET', base.replace('/test', '/staging') + '/wallets', t)).status).toBe(404);
    expect((await api('GET', '/nope', t)).status).toBe(404);
  });
});

describe('unauthenticated users', () => {
  it('lists only users created through the API', async () => {
    const p = await newProject('unauth-owner');
    const b = `/projects/${p.id}/test`;
    await api('POST', `${b}/users`, p.ownerToken, { name: 'API user' });
    await testEnv.DB.prepare(
      `INSERT INTO users (id, project_id, mode, name, authenticated, created_at, updated_at) VALUES ('pla_01900000-0000-7000-8000-00000000a001', ?, 'test', 'Signed in', 1, 1, 1)`,
    )
      .bind(p.id)
      .run();
    const res = await api('GET', `${b}/unauthenticated-users`, p.ownerToken);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((u: any) => u.name)).toEqual(['API user']);
    expect(res.body.total).toBe(1);
    const bad = await api(
      'GET',
      `${b}/unauthenticated-users?filters=${encodeURIComponent(JSON.stringify([{ field: 'authenticated', op: 'eq', value: true }]))}`,
      p.ownerToken,
    );
    expect(bad.status).toBe(400);
  });
});
