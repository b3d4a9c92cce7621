import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { checkJwks } from '../../../functions/_lib/net/jwks-check';
import { addMember, api, newProject, testEnv, token, shardOf } from './helpers';

/** Validation details of a 400 as `{ path: message }`. */
const fields = (body: any): Record<string, string> =>
  Object.fromEntries((body?.error?.details ?? []).map((d: any) => [d.path, d.message]));

async function project(owner: string) {
  const p = await newProject(owner);
  const base = `/projects/${p.id}/test`;
  const patch = async (kind: string, body: Record<string, unknown>) => {
    const cur = await api('GET', `${base}/auth/${kind}`, p.ownerToken);
    return api('PATCH', `${base}/auth/${kind}`, p.ownerToken, { ...body, version: cur.body.version });
  };
  return { ...p, base, patch };
}

describe('auth/security validation', () => {
  it.each([
    ['https://app.example.com', null],
    ['https://*.example.com', null],
    ['https://app.example.com:8443', null],
    ['http://localhost:3000', null],
    ['http://127.0.0.1:5173', null],
    ['http://app.example.com', 'Use https'],
    ['http://localhost', 'Use https'],
    ['*', 'Expected an origin'],
    ['https://app.*.example.com', 'wildcard only as the whole leftmost label'],
    ['https://*app.example.com', 'wildcard only as the whole leftmost label'],
    ['https://*.com', 'needs a domain under it'],
    ['https://app.example.com/path', 'Expected an origin'],
    ['https://App.Example.com', 'lowercase'],
    ['https://app.example.com:70000', 'port'],
    ['ftp://app.example.com', 'Use https'],
  ])('origin %s → %s', async (origin, message) => {
    const p = await project(`sec-origin-${origin}`);
    const res = await p.patch('security', { allowedOrigins: [origin] });
    if (message === null) expect(res.status, res.text).toBe(200);
    else {
      expect(res.status).toBe(400);
      expect(fields(res.body)['allowedOrigins.0']).toContain(message);
    }
  });

  it('refuses a repeated origin at the repeat', async () => {
    const p = await project('sec-dup');
    const res = await p.patch('security', {
      allowedOrigins: ['https://a.example.com', 'https://b.example.com', 'https://A.example.com'.toLowerCase()],
    });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual({ 'allowedOrigins.2': 'Listed twice: remove the repeat' });
  });

  it.each([
    ['203.0.113.0/24', null],
    ['2001:db8::/32', null],
    ['10.0.0.1/32', null],
    ['203.0.113.5/24', 'Host bits are set: the network is 203.0.113.0/24'],
    ['203.0.113.0/33', 'prefix length must be from 0 to 32'],
    ['2001:db8::/129', 'prefix length must be from 0 to 128'],
    ['203.0.113.0', 'Add the prefix length'],
    ['0x7f.1/32', 'Expected an IPv4 or IPv6 network'],
    ['999.1.1.1/8', 'Expected an IPv4 or IPv6 network'],
    ['gggg::/16', 'Expected an IPv4 or IPv6 network'],
  ])('network %s → %s', async (cidr, message) => {
    const p = await project(`sec-cidr-${cidr}`);
    const res = await p.patch('security', { authorizedNetworks: ['198.51.100.0/24', cidr] });
    if (message === null) expect(res.status, res.text).toBe(200);
    else {
      expect(res.status).toBe(400);
      expect(fields(res.body)['authorizedNetworks.1']).toContain(message);
    }
  });

  it('native apps: identifier per platform and URL scheme, at their fields', async () => {
    const p = await project('sec-native');
    const bad = await p.patch('security', {
      nativeApps: [
        { platform: 'ios', bundleId: 'com.example.game', urlScheme: 'https' },
        { platform: 'android', bundleId: '1com.example', urlScheme: 'mygame' },
        { platform: 'ios', bundleId: 'com.example.game', urlScheme: 'mygame' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual({
      'nativeApps.0.urlScheme': 'https is not a custom scheme',
      'nativeApps.1.bundleId': expect.stringContaining('Expected a package name'),
      'nativeApps.2.bundleId': 'Listed twice: remove the repeat',
    });
    const ok = await p.patch('security', {
      nativeApps: [
        { platform: 'ios', bundleId: 'com.example.game', urlScheme: 'mygame' },
        { platform: 'android', bundleId: 'com.example.game', urlScheme: 'com.example.game' },
      ],
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.nativeApps[1]).toEqual({
      platform: 'android',
      bundleId: 'com.example.game',
      urlScheme: 'com.example.game',
    });
  });

  it('session lifetimes: bounds and order, at their fields', async () => {
    const p = await project('sec-life');
    const read = await api('GET', `${p.base}/auth/security`, p.ownerToken);
    expect(read.body.data).toMatchObject({
      accessTokenLifetimeSeconds: 3600,
      refreshTokenLifetimeSeconds: 604800,
      inactivityTimeoutSeconds: 0,
    });
    const bounds = await p.patch('security', { accessTokenLifetimeSeconds: 60, inactivityTimeoutSeconds: 10 });
    expect(fields(bounds.body)).toEqual({
      accessTokenLifetimeSeconds: 'Between 5 minutes and 1 day',
      inactivityTimeoutSeconds: 'Between 1 hour and 365 days, or 0 for no timeout',
    });
    const order = await p.patch('security', {
      accessTokenLifetimeSeconds: 7200,
      refreshTokenLifetimeSeconds: 3600,
      inactivityTimeoutSeconds: 86_400,
    });
    expect(fields(order.body)).toEqual({
      accessTokenLifetimeSeconds: 'Must be shorter than the refresh token lifetime',
      inactivityTimeoutSeconds: 'Must not be longer than the refresh token lifetime',
    });
    const ok = await p.patch('security', {
      refreshTokenLifetimeSeconds: 30 * 86_400,
      inactivityTimeoutSeconds: 86_400,
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('a row stored with the former single session lifetime reads and saves with the three lifetimes', async () => {
    const p = await project('sec-legacy');
    await (
      await shardOf(p.id)
    )
      .prepare(
        `UPDATE settings SET data = '{"allowedOrigins":[],"authorizedNetworks":[],"nativeApps":[{"platform":"ios","bundleId":"com.example.old"}],"sessionLifetimeSeconds":1209600}' WHERE project_id = ? AND mode = 'test' AND kind = 'security'`,
      )
      .bind(p.id)
      .run();
    const read = await api('GET', `${p.base}/auth/security`, p.ownerToken);
    expect(read.body.data).toEqual({
      allowedOrigins: [],
      authorizedNetworks: [],
      nativeApps: [{ platform: 'ios', bundleId: 'com.example.old', urlScheme: null }],
      accessTokenLifetimeSeconds: 3600,
      refreshTokenLifetimeSeconds: 1209600,
      inactivityTimeoutSeconds: 0,
    });
    const saved = await p.patch('security', { allowedOrigins: ['https://app.example.com'] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).not.toHaveProperty('sessionLifetimeSeconds');
  });
});

describe('auth/providers validation and secrets', () => {
  it('an enabled OAuth provider needs its client id and a secret, given now or stored before', async () => {
    const p = await project('prov-oauth');
    const none = await p.patch('providers', { oauth: { google: { enabled: true, clientId: null } } });
    expect(fields(none.body)).toEqual({
      'oauth.google.clientId': 'Enter the client ID',
      'oauth.google.clientSecret': 'Enter the client secret',
    });
    const noSecret = await p.patch('providers', { oauth: { google: { enabled: true, clientId: 'gid.apps' } } });
    expect(fields(noSecret.body)).toEqual({ 'oauth.google.clientSecret': 'Enter the client secret' });
    const ok = await p.patch('providers', {
      oauth: { google: { enabled: true, clientId: 'gid.apps', clientSecret: 'google-secret-value-7a3f' } },
    });
    expect(ok.status, ok.text).toBe(200);
    // Stored: later saves need not send it again.
    const again = await p.patch('providers', { oauth: { google: { enabled: true, clientId: 'gid2.apps' } } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.oauth.google).toEqual({
      enabled: true,
      clientId: 'gid2.apps',
      clientSecretHint: '••••7a3f',
    });
  });

  it('phone needs its SMS provider; email rules keep their bounds', async () => {
    const p = await project('prov-phone');
    const res = await p.patch('providers', {
      phone: { enabled: true, smsProvider: null },
      email: { otpLength: 3, passwordMinLength: 200 },
    });
    expect(fields(res.body)).toMatchObject({
      'phone.smsProvider': 'Choose the SMS provider that sends the codes',
      'email.otpLength': expect.any(String),
      'email.passwordMinLength': expect.any(String),
    });
  });

  it.each([
    ['firebase', {}, { 'thirdParty.firebaseProjectId': 'Required for this provider' }],
    ['firebase', { firebaseProjectId: 'My Project' }, { 'thirdParty.firebaseProjectId': expect.any(String) }],
    ['playfab', { playfabTitleId: 'A1' }, { 'thirdParty.playfabTitleId': expect.any(String) }],
    [
      'oidc',
      { jwksUrl: 'http://idp.example.com/jwks' },
      { 'thirdParty.jwksUrl': 'Use an https URL', 'thirdParty.audience': 'Required for this provider' },
    ],
    ['supabase', { supabaseUrl: 'https://abc.supabase.co' }, { 'thirdParty.supabaseKey': 'Enter the key' }],
    ['lootlocker', {}, { 'thirdParty.lootlockerServerKey': 'Enter the key' }],
    ['custom', {}, { 'thirdParty.endpoint': 'Required for this provider' }],
    [
      'accelbyte',
      { accelbyteBaseUrl: 'https://demo.accelbyte.io' },
      { 'thirdParty.accelbyteNamespace': expect.any(String) },
    ],
  ])('third-party %s %o → %o', async (provider, extra, expected) => {
    const p = await project(`prov-tp-${provider}-${Object.keys(extra).join()}`);
    const res = await p.patch('providers', { thirdParty: { provider, ...extra } });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual(expected);
  });

  it('secrets are write-only: answers and later reads carry hints, never the values', async () => {
    const p = await project('prov-secrets');
    const values = ['apple-secret-value-0001', 'supabase-key-value-0002', 'lootlocker-key-value-0003'];
    const set = await p.patch('providers', {
      oauth: { apple: { enabled: true, clientId: 'com.example.signin', clientSecret: values[0] } },
      thirdParty: { provider: 'supabase', supabaseUrl: 'https://abc.supabase.co', supabaseKey: values[1] },
    });
    expect(set.status, set.text).toBe(200);
    const ll = await p.patch('providers', { thirdParty: { provider: 'lootlocker', lootlockerServerKey: values[2] } });
    expect(ll.status, ll.text).toBe(200);
    const read = await api('GET', `${p.base}/auth/providers`, p.ownerToken);
    for (const text of [set.text, ll.text, read.text]) for (const v of values) expect(text).not.toContain(v);
    expect(read.body.data.oauth.apple.clientSecretHint).toBe('••••0001');
    expect(read.body.data.thirdParty).toMatchObject({
      supabaseKeyHint: '••••0002',
      lootlockerServerKeyHint: '••••0003',
    });
    expect(read.body.data.oauth.apple).not.toHaveProperty('clientSecret');
    expect(read.body.data.thirdParty).not.toHaveProperty('supabaseKey');
  });

  it('only admins and owners change auth settings', async () => {
    const p = await project('prov-roles');
    for (const role of ['developer', 'viewer']) {
      const sub = `prov-roles-${role}`;
      await addMember(p.id, sub, role);
      const t = await token(sub);
      expect((await api('GET', `${p.base}/auth/providers`, t)).status).toBe(200);
      const res = await api('PATCH', `${p.base}/auth/providers`, t, { guest: { enabled: false }, version: 1 });
      expect(res.status).toBe(403);
      const check = await api('POST', `${p.base}/auth/providers/check-jwks`, t, { jwksUrl: 'https://idp.example' });
      expect(check.status).toBe(403);
    }
  });
});

describe('POST auth/providers/check-jwks', () => {
  /** The API with the local development setting for loopback targets. */
  async function apiWithLoopback(path: string, auth: string, body: unknown) {
    const res = await handleApi(
      new Request(`https://dash.test/api/v1${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
      { ...testEnv, JWKS_CHECK_ALLOW_LOOPBACK: 'true' },
      () => {},
    );
    return { status: res.status, body: await res.json<any>() };
  }

  it('fetches the JWKS from the server and says it parses', async () => {
    const p = await project('jwks-ok');
    const res = await apiWithLoopback(`${p.base}/auth/providers/check-jwks`, p.ownerToken, {
      jwksUrl: `${testEnv.PUBLIC_SUPABASE_URL}/auth/v1/.well-known/jwks.json`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      message: 'Parses: 1 signing key (ES256)',
      keyCount: 1,
      algorithms: ['ES256'],
    });
  });

  it('says when the answer is not a JWKS, or an error', async () => {
    const p = await project('jwks-bad');
    const notJwks = await apiWithLoopback(`${p.base}/auth/providers/check-jwks`, p.ownerToken, {
      jwksUrl: `${testEnv.PUBLIC_SUPABASE_URL}/__auth/invites?email=nobody@example.com`,
    });
    expect(notJwks.status).toBe(200);
    expect(notJwks.body).toMatchObject({ ok: false, message: expect.stringContaining('not a JSON Web Key Set') });
    const missing = await apiWithLoopback(`${p.base}/auth/providers/check-jwks`, p.ownerToken, {
      jwksUrl: `${testEnv.PUBLIC_SUPABASE_URL}/no-such-path`,
    });
    expect(missing.body).toEqual({ ok: false, message: 'The URL answered HTTP 404' });
  });

  it.each([
    ['http://127.0.0.1:1/jwks.json', 'loopback'],
    ['http://localhost:8788/jwks.json', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://10.0.0.7/jwks.json', 'private'],
    ['https://[::1]/jwks.json', 'loopback'],
    ['https://0x7f.1/jwks.json', 'loopback'],
    ['https://metadata.internal/jwks.json', 'internal'],
  ])('refuses %s (%s) without the local development setting, at the field', async (jwksUrl, what) => {
    const p = await project(`jwks-refused-${jwksUrl}`);
    const res = await api('POST', `${p.base}/auth/providers/check-jwks`, p.ownerToken, { jwksUrl });
    expect(res.status).toBe(400);
    expect(fields(res.body).jwksUrl).toContain(what);
  });

  it('the local development setting allows loopback only, never private or link-local addresses', async () => {
    const p = await project('jwks-loopback-only');
    const res = await apiWithLoopback(`${p.base}/auth/providers/check-jwks`, p.ownerToken, {
      jwksUrl: 'https://169.254.169.254/latest/meta-data',
    });
    expect(res.status).toBe(400);
  });

  it('gives up on a server that does not answer in time', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const started = Date.now();
    const res = await checkJwks('https://idp.example.com/jwks.json', {
      mode: 'test',
      allowLoopback: false,
      timeoutMs: 100,
      fetch: hanging,
    });
    expect(res).toEqual({ refused: false, ok: false, message: 'The URL did not answer within 0.1 s' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('does not follow redirects', async () => {
    const redirecting: typeof fetch = async () =>
      new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } });
    const res = await checkJwks('https://idp.example.com/jwks.json', {
      mode: 'test',
      allowLoopback: false,
      fetch: redirecting,
    });
    expect(res).toMatchObject({ ok: false, message: expect.stringContaining('redirects') });
  });
});
