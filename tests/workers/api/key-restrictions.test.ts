import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, api, newProject, testEnv, token } from './helpers';
import { CREATE } from './fixtures';

/**
 * Per-key restrictions (docs/api.md "Key restrictions"): a secret key's IP allowlist (403 `ip_not_allowed` from any
 * other address) and rate limit (429 with `Retry-After` over it), both checked before the handler; the edit's
 * validation and canonical form; who may edit; the key's last addresses seen.
 */

let projectId = '';
let owner = '';
let base = '';

/** A new secret key of the test mode: its id, secret and the path of its restrictions. */
async function newKey(name = 'Restricted') {
  const res = await api('POST', `/projects/${projectId}/test/api-keys`, owner, { type: 'secret', name });
  if (res.status !== 201) throw new Error(`key: ${res.status} ${res.text}`);
  return {
    id: res.body.id as string,
    secret: res.body.secret as string,
    path: `${base}/api-keys/${res.body.id}/restrictions`,
  };
}

async function setRestrictions(path: string, allowedIps: string[], rateLimitPerMinute: number | null, auth = owner) {
  const current = await api('GET', path, owner);
  return api('PUT', path, auth, { allowedIps, rateLimitPerMinute, version: current.body.version });
}

/** A call with the key from `ip` (no header when null). */
const fromIp = (secret: string, ip: string | null, method = 'GET', path = `${base}/wallets`, body?: unknown) =>
  api(method, path, secret, body, ip === null ? {} : { 'CF-Connecting-IP': ip });

beforeAll(async () => {
  const p = await newProject('restrictions-owner', 'Restrictions');
  projectId = p.id;
  owner = p.ownerToken;
  base = `/projects/${projectId}/test`;
});

describe('the edit: validated, canonical, at the field', () => {
  it.each([
    { name: 'not an address', allowedIps: ['10.0.0.1', 'example.com'], path: 'allowedIps.1', message: /IPv4 or IPv6/ },
    { name: 'IPv4 short form', allowedIps: ['127.1'], path: 'allowedIps.0', message: /IPv4 or IPv6/ },
    { name: 'an empty entry', allowedIps: [' '], path: 'allowedIps.0', message: /Enter an address/ },
    { name: 'prefix too long (v4)', allowedIps: ['10.0.0.0/33'], path: 'allowedIps.0', message: /from 0 to 32/ },
    { name: 'prefix too long (v6)', allowedIps: ['2001:db8::/129'], path: 'allowedIps.0', message: /from 0 to 128/ },
    { name: 'host bits set', allowedIps: ['10.1.2.3/8'], path: 'allowedIps.0', message: /the range is 10\.0\.0\.0\/8/ },
    { name: 'a zone id', allowedIps: ['fe80::1%eth0'], path: 'allowedIps.0', message: /IPv4 or IPv6/ },
    {
      name: 'a repeat in another form',
      allowedIps: ['2001:db8::1', '2001:DB8:0:0::1'],
      path: 'allowedIps.1',
      message: /Listed twice/,
    },
    {
      name: 'more than 50 entries',
      allowedIps: Array.from({ length: 51 }, (_, i) => `10.0.${i}.1`),
      path: 'allowedIps',
      message: /At most 50/,
    },
    { name: 'a limit of 0', allowedIps: [], rateLimitPerMinute: 0, path: 'rateLimitPerMinute', message: /At least 1/ },
    {
      name: 'a fractional limit',
      allowedIps: [],
      rateLimitPerMinute: 2.5,
      path: 'rateLimitPerMinute',
      message: /whole number/,
    },
    {
      name: "a limit at the project's own",
      allowedIps: [],
      rateLimitPerMinute: 1_000_000,
      path: 'rateLimitPerMinute',
      message: /below the project's limit of 1,000,000/,
    },
  ])('refuses $name with the message at $path, and keeps the stored restrictions', async (t) => {
    const key = await newKey();
    const res = await setRestrictions(key.path, t.allowedIps, t.rateLimitPerMinute ?? null);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    const issue = res.body.error.details.find((d: { path: string }) => d.path === t.path);
    expect(issue?.message).toMatch(t.message);
    const after = await api('GET', key.path, owner);
    expect(after.body).toMatchObject({ allowedIps: [], rateLimitPerMinute: null, version: 1 });
  });

  it('stores each entry in one canonical form, takes 50 entries, and audits the change', async () => {
    const key = await newKey();
    const res = await setRestrictions(
      key.path,
      ['2001:DB8:0:0::1', '10.0.0.0/8', '::ffff:203.0.113.7', '198.51.100.7/32', ' 2001:db8:abcd::/48 '],
      600,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      allowedIps: ['2001:db8::1', '10.0.0.0/8', '203.0.113.7', '198.51.100.7', '2001:db8:abcd::/48'],
      rateLimitPerMinute: 600,
      projectRateLimitPerMinute: 1_000_000,
      version: 2,
    });
    const fifty = await setRestrictions(
      key.path,
      Array.from({ length: 50 }, (_, i) => `10.1.${i}.0/24`),
      null,
    );
    expect(fifty.status).toBe(200);
    expect(fifty.body.allowedIps).toHaveLength(50);
    const audit = await api(
      'GET',
      `/projects/${projectId}/audit-log?filters=${encodeURIComponent(JSON.stringify([{ field: 'targetId', op: 'eq', value: key.id }]))}`,
      owner,
    );
    const actions = audit.body.data.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === 'api_key.restrictions_changed')).toHaveLength(2);
  });

  it('answers a stale version with 409 and keeps the newer edit', async () => {
    const key = await newKey();
    expect((await setRestrictions(key.path, ['10.0.0.0/8'], null)).status).toBe(200);
    const stale = await api('PUT', key.path, owner, { allowedIps: [], rateLimitPerMinute: 5, version: 1 });
    expect(stale.status).toBe(409);
    expect((await api('GET', key.path, owner)).body).toMatchObject({
      allowedIps: ['10.0.0.0/8'],
      rateLimitPerMinute: null,
    });
  });

  it('refuses restrictions on a publishable key', async () => {
    const res = await api('POST', `${base}/api-keys`, owner, { type: 'publishable', name: 'Web' });
    const path = `${base}/api-keys/${res.body.id}/restrictions`;
    const put = await api('PUT', path, owner, { allowedIps: ['10.0.0.0/8'], rateLimitPerMinute: null, version: 1 });
    expect(put.status).toBe(409);
    expect(put.body.error.message).toMatch(/Only secret keys/);
  });
});

describe('who may read and edit: the roles that manage keys', () => {
  it.each([
    { role: 'admin', read: 200, write: 200 },
    { role: 'developer', read: 403, write: 403 },
    { role: 'viewer', read: 403, write: 403 },
  ])('$role reads $read, writes $write', async ({ role, read, write }) => {
    const key = await newKey();
    const sub = `restrictions-${role}-${crypto.randomUUID()}`;
    await addMember(projectId, sub, role);
    const t = await token(sub);
    expect((await api('GET', key.path, t)).status).toBe(read);
    expect((await setRestrictions(key.path, ['10.0.0.0/8'], null, t)).status).toBe(write);
  });

  it("another project's owner gets 404, a secret key 403, and nothing changes", async () => {
    const key = await newKey();
    const other = await newProject('restrictions-stranger', 'Other');
    expect((await api('GET', key.path, other.ownerToken)).status).toBe(404);
    expect((await setRestrictions(key.path, ['10.0.0.0/8'], null, other.ownerToken)).status).toBe(404);
    expect((await api('PUT', key.path, key.secret, { allowedIps: [], rateLimitPerMinute: 1, version: 1 })).status).toBe(
      403,
    );
    expect((await api('GET', key.path, owner)).body.version).toBe(1);
  });
});

describe('the IP allowlist, before any handler', () => {
  const cases = [
    { ip: '203.0.113.9', allowed: true },
    { ip: '203.0.114.1', allowed: false },
    { ip: '::ffff:203.0.113.9', allowed: true },
    { ip: '198.51.100.7', allowed: true },
    { ip: '198.51.100.8', allowed: false },
    { ip: '2001:db8:abcd:12::5', allowed: true },
    { ip: '2001:db8:abce::1', allowed: false },
    { ip: null, allowed: false },
  ];
  let key: Awaited<ReturnType<typeof newKey>>;
  beforeAll(async () => {
    key = await newKey();
    const res = await setRestrictions(key.path, ['203.0.113.0/24', '198.51.100.7', '2001:db8:abcd::/48'], null);
    expect(res.status).toBe(200);
  });

  it.each(cases)('from $ip: allowed $allowed', async ({ ip, allowed }) => {
    const res = await fromIp(key.secret, ip);
    if (allowed) expect(res.status).toBe(200);
    else {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ip_not_allowed');
      expect(res.body.error.message).toMatch(/not allowed from/);
      // A normal API error: JSON, with the request id every answer carries (the request logs read the same path).
      expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
      expect(res.headers.get('X-Request-Id')).toBeTruthy();
    }
  });

  it('a refused write changes nothing; an empty allowlist lets any address in again', async () => {
    const res = await fromIp(key.secret, '192.0.2.1', 'POST', `${base}/wallets`, CREATE.wallets!());
    expect(res.status).toBe(403);
    const list = await fromIp(key.secret, '203.0.113.9');
    expect(list.body.total ?? list.body.data.length).toBe(0);
    expect((await setRestrictions(key.path, [], null)).status).toBe(200);
    expect((await fromIp(key.secret, '192.0.2.1')).status).toBe(200);
  });

  it("does not restrict the project's other keys or its members", async () => {
    const other = await newKey('Unrestricted');
    expect((await fromIp(other.secret, '192.0.2.77')).status).toBe(200);
    expect((await api('GET', `${base}/wallets`, owner, undefined, { 'CF-Connecting-IP': '192.0.2.77' })).status).toBe(
      200,
    );
  });
});

describe("the key's rate limit, counted across isolates", () => {
  it('answers 429 with Retry-After past the limit, for this key only; null brings back the project limit', async () => {
    const key = await newKey();
    const other = await newKey('Neighbour');
    expect((await setRestrictions(key.path, [], 3)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await fromIp(key.secret, `192.0.2.${10 + i}`)).status).toBe(200);
    const over = await fromIp(key.secret, '192.0.2.20');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(over.body.error.message).toMatch(/its limit is 3 per minute/);
    const retry = Number(over.headers.get('Retry-After'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(over.body.error.details.retryAfterSeconds).toBe(retry);
    // Refused before the handler: a write over the limit creates nothing.
    expect((await fromIp(key.secret, '192.0.2.21', 'POST', `${base}/wallets`, CREATE.wallets!())).status).toBe(429);
    expect((await fromIp(other.secret, '192.0.2.22')).body.total ?? 0).toBe(0);
    // The neighbour key keeps the project's limit.
    expect((await fromIp(other.secret, '192.0.2.23')).status).toBe(200);
    // Without a limit of its own, the key is counted against the project's (1,000,000 here) again.
    expect((await setRestrictions(key.path, [], null)).status).toBe(200);
    expect((await fromIp(key.secret, '192.0.2.24')).status).toBe(200);
  });
});

describe('last addresses seen', () => {
  it('lists the most recent distinct addresses (at most 10) with first and last seen and a count', async () => {
    const key = await newKey();
    for (let i = 1; i <= 12; i++) expect((await fromIp(key.secret, `192.0.2.${100 + i}`)).status).toBe(200);
    expect((await fromIp(key.secret, '2001:DB8::7')).status).toBe(200);
    const res = await api('GET', key.path, owner);
    const seen = res.body.recentAddresses as { address: string; requestCount: number; lastSeenAt: string }[];
    expect(seen).toHaveLength(10);
    // Canonical (RFC 5952) and among the kept ones: the oldest three went.
    expect(seen.map((a) => a.address)).toContain('2001:db8::7');
    expect(seen.every((a) => a.requestCount === 1)).toBe(true);
    expect(new Date(seen[0]!.lastSeenAt).getTime()).toBeGreaterThanOrEqual(new Date(seen[9]!.lastSeenAt).getTime());
    // A refused address is not a use of the key.
    expect((await setRestrictions(key.path, ['192.0.2.0/24'], null)).status).toBe(200);
    expect((await fromIp(key.secret, '198.51.100.200')).status).toBe(403);
    const after = (await api('GET', key.path, owner)).body.recentAddresses as { address: string }[];
    expect(after.map((a) => a.address)).not.toContain('198.51.100.200');
  });
});

it('the test env sets the project limit the cases above assume', () => {
  expect(testEnv.API_RATE_LIMIT_PER_MINUTE).toBe('1000000');
});

describe('a refused address in the request log (docs/api.md "Request logs")', () => {
  it('records the 403 ip_not_allowed with the key as caller, the client /24 and the request id it answered', async () => {
    const key = await newKey('Logged refusal');
    expect((await setRestrictions(key.path, ['198.51.100.0/24'], null)).status).toBe(200);
    const res = await fromIp(key.secret, '192.0.2.44');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ip_not_allowed');
    const requestId = res.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^req_/);
    // What the API handed to the log's queue (the dispatcher's recorder in vitest.config.ts).
    const handed = await (testEnv.WEBHOOK_DISPATCHER as unknown as Fetcher).fetch(
      'https://webhook-dispatcher/log-entries',
    );
    const entry = ((await handed.json()) as Record<string, unknown>[]).find((e) => e.id === requestId);
    expect(entry).toMatchObject({
      projectId,
      status: 403,
      errorCode: 'ip_not_allowed',
      callerType: 'key',
      callerId: key.id,
    });
    expect(String(entry!.clientAddress)).toBe('192.0.2.0/24');
  });
});
