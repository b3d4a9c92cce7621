import { describe, expect, it } from 'vitest';
import { checkTarget, type Resolver } from '../../../functions/_lib/net/ssrf-guard';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { api, newProject, testEnv } from './helpers';

/** Private, loopback, link-local, CGNAT, metadata and unspecified targets, in every spelling the URL parser accepts. */
const REFUSED: [string, RegExp][] = [
  ['https://127.0.0.1/hook', /loopback/],
  ['https://localhost/hook', /loopback/],
  ['https://LOCALHOST./hook', /loopback/],
  ['https://api.localhost/hook', /loopback/],
  ['https://[::1]/hook', /loopback/],
  ['https://169.254.169.254/latest/meta-data', /link-local|metadata/],
  ['https://metadata.google.internal/computeMetadata/v1', /internal/],
  ['https://10.0.0.1/hook', /private/],
  ['https://172.16.0.1/hook', /private/],
  ['https://192.168.0.1/hook', /private/],
  ['https://100.64.0.1/hook', /carrier-grade NAT/],
  ['https://0.0.0.0/hook', /unspecified/],
  ['https://2130706433/hook', /loopback/],
  ['https://0177.0.0.1/hook', /loopback/],
  ['https://0x7f.1/hook', /loopback/],
  ['https://[::ffff:127.0.0.1]/hook', /IPv4-mapped/],
  ['https://[::ffff:a9fe:a9fe]/hook', /IPv4-mapped/],
  ['https://[fd00::1]/hook', /unique-local/],
  ['https://[fe80::1]/hook', /link-local/],
  ['https://[64:ff9b::a00:1]/hook', /NAT64|IPv4/],
  ['https://224.0.0.1/hook', /multicast/],
  // IPv6 outside 2000::/3 or in a special block of it (issue 17.7): only global unicast is a target.
  ['https://[::a9fe:a9fe]/hook', /IPv4-compatible/],
  ['https://[::127.0.0.1]/hook', /IPv4-compatible/],
  ['https://[::10.0.0.1]/hook', /IPv4-compatible/],
  ['https://[::]/hook', /unspecified/],
  ['https://[100::1]/hook', /discard|not a public/],
  ['https://[400::1]/hook', /global unicast/],
  ['https://[2001::1]/hook', /Teredo|IETF/],
  ['https://[2001:2::1]/hook', /IETF|benchmark|reserved|public/],
  ['https://[2001:20::1]/hook', /ORCHID|IETF|public/],
  ['https://[2001:db8::1]/hook', /documentation|reserved/],
  ['https://[2002:a9fe:a9fe::1]/hook', /6to4/],
  ['https://[3fff::1]/hook', /documentation|reserved/],
  ['https://[5f00::1]/hook', /segment|public/],
  ['https://[ff02::1]/hook', /multicast/],
  ['https://intranet/hook', /single-label|public/],
  ['https://printer.local/hook', /local/],
  ['https://user:pass@hooks.example.com/hook', /credentials/],
  ['http://localhost:1@attacker.example/hook', /credentials/],
  ['ftp://hooks.example.com/hook', /https/],
  ['http://hooks.example.com/hook', /https/],
];

const ALLOWED = [
  'https://hooks.example.com/hook',
  'https://8.8.8.8/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://[2a00:1450:4001:82b::200e]/hook',
];

/** A fixed DNS table: the guard takes any resolver (the delivery engine passes a real one at send time). */
const dns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'six.example.com': ['fd12:3456::1'],
};
const resolver: Resolver = async (host) => dns[host] ?? [];

describe('SSRF guard (functions/_lib/net/ssrf-guard.ts), loopback not allowed', () => {
  it.each(REFUSED)('refuses %s', async (url, reason) => {
    const r = await checkTarget(url, { mode: 'test' });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(reason);
  });
  it.each(ALLOWED)('allows %s', async (url) => {
    expect(await checkTarget(url, { mode: 'live' })).toMatchObject({ ok: true });
  });
  it.each([
    ['https://rebind.example.com/h', /private/],
    ['https://metadata.example.com/h', /link-local/],
    ['https://six.example.com/h', /unique-local/],
  ])('refuses %s, whose name resolves to a private address', async (url, reason) => {
    const r = await checkTarget(url, { mode: 'live', resolve: resolver });
    expect(r.ok ? '' : r.reason).toMatch(reason);
  });
  it('allows a name that resolves to public addresses only', async () => {
    expect(await checkTarget('https://hooks.example.com/h', { mode: 'live', resolve: resolver })).toMatchObject({
      ok: true,
    });
  });
});

describe('SSRF guard with WEBHOOK_ALLOW_LOOPBACK', () => {
  it.each([
    ['http://127.0.0.1:9999/hook', 'test', true],
    ['http://localhost:9999/hook', 'test', true],
    ['https://[::1]:9999/hook', 'live', true],
    ['http://127.0.0.1:9999/hook', 'live', false], // live mode requires https
    ['http://10.0.0.1/hook', 'test', false], // only loopback
    ['https://169.254.169.254/hook', 'test', false],
    ['http://localhost:1@attacker.example/hook', 'test', false],
    ['https://[::127.0.0.1]:9999/hook', 'test', false], // IPv4-compatible: not the loopback ::1
    ['https://[::a9fe:a9fe]/hook', 'test', false],
  ] as const)('%s in %s mode: %s', async (url, mode, ok) => {
    expect((await checkTarget(url, { mode, allowLoopback: true })).ok).toBe(ok);
  });
});

describe('webhook create and update run the guard', () => {
  it.each(REFUSED.map(([url]) => url))('POST and PATCH refuse %s', async (url) => {
    const p = await newProject('ssrf-owner');
    const base = `/projects/${p.id}/test/webhooks`;
    const created = await api('POST', base, p.ownerToken, { url, topics: ['test'] });
    expect(created.status, created.text).toBe(400);
    expect(created.body.error.details[0].path).toBe('url');
    const ok = await api('POST', base, p.ownerToken, { url: 'https://hooks.example.com/a', topics: ['test'] });
    expect(ok.status).toBe(201);
    const patched = await api('PATCH', `${base}/${ok.body.id}`, p.ownerToken, { url, version: ok.body.version });
    expect(patched.status, patched.text).toBe(400);
  });

  it('loopback targets only with WEBHOOK_ALLOW_LOOPBACK=true, and never http in live mode', async () => {
    const p = await newProject('ssrf-owner-2');
    const post = async (env: Env, mode: string, url: string) => {
      const res = await handleApi(
        new Request(`https://dash.test/api/v1/projects/${p.id}/${mode}/webhooks`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${p.ownerToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ url, topics: ['test'] }),
        }),
        env,
        () => {},
      );
      return res.status;
    };
    const local = { ...testEnv, WEBHOOK_ALLOW_LOOPBACK: 'true' };
    expect(testEnv.WEBHOOK_ALLOW_LOOPBACK).toBeUndefined();
    expect(await post(testEnv, 'test', 'http://127.0.0.1:9999/hook')).toBe(400);
    expect(await post(local, 'test', 'http://127.0.0.1:9999/hook')).toBe(201);
    expect(await post(local, 'live', 'http://127.0.0.1:9999/hook')).toBe(400);
    expect(await post(local, 'live', 'https://127.0.0.1:9999/hook')).toBe(201);
    expect(await post(local, 'test', 'https://10.0.0.1/hook')).toBe(400);
  });
});
