import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { fillTemplate } from '../../../functions/_lib/api/handlers/smtp-test';
import { LOCAL_SMTP } from '../../../dev/smtp-inbox/config';
import { addMember, newProject, testEnv, token, shardOf } from './helpers';

/**
 * Custom SMTP: the settings' rules and `POST …/auth/smtp/test` end to end — the API in workerd, the real local SMTP
 * inbox (dev/smtp-inbox) and the DNS-over-HTTPS stand-in of tests/workers/api-setup/smtp-servers.ts.
 */
const e = testEnv as unknown as Record<string, string>;
const inbox = e.TEST_SMTP_INBOX_URL!;
/** The local development settings: loopback SMTP hosts allowed, DNS through the local resolver. */
const localEnv = { ...testEnv, SMTP_ALLOW_LOOPBACK: 'true', SMTP_DNS_URL: e.TEST_SMTP_DNS_URL } as Env;

const fields = (body: any): Record<string, string> =>
  Object.fromEntries((body?.error?.details ?? []).map((d: any) => [d.path, d.message]));

async function call(method: string, path: string, auth: string, body?: unknown, env: Env = localEnv) {
  const res = await handleApi(
    new Request(`https://dash.test/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    env,
    () => undefined,
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text, headers: res.headers };
}

async function project(owner: string) {
  const p = await newProject(owner, `Studio ${owner}`);
  const base = `/projects/${p.id}/test`;
  const patch = async (body: Record<string, unknown>, env: Env = localEnv) => {
    const cur = await call('GET', `${base}/auth/smtp`, p.ownerToken);
    return call('PATCH', `${base}/auth/smtp`, p.ownerToken, { ...body, version: cur.body.version }, env);
  };
  return { ...p, base, patch };
}

const local = {
  enabled: true,
  host: '127.0.0.1',
  port: Number(e.TEST_SMTP_PORT),
  user: LOCAL_SMTP.user,
  password: LOCAL_SMTP.password,
  from: 'no-reply@studio.test',
  fromName: 'Studio',
  tlsMode: 'none',
};

async function received(to: string) {
  const res = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { subject: string; html: string; text: string; from: string }[] }).messages;
}

describe('auth/smtp settings', () => {
  it('saves a valid server; the password is write-only (hint only) and the old tls flag reads as a mode', async () => {
    const p = await project('smtp-save');
    const res = await p.patch({ ...local, host: 'smtp.example.com', port: 587, tlsMode: 'starttls' }, testEnv);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ host: 'smtp.example.com', tlsMode: 'starttls', fromName: 'Studio' });
    expect(res.body.data.passwordHint).toBe('••••word');
    expect(res.text).not.toContain(LOCAL_SMTP.password);
    await (
      await shardOf(p.id)
    )
      .prepare(
        `UPDATE settings SET data = json_remove(json_set(data, '$.tls', json('false')), '$.tlsMode') WHERE project_id = ? AND mode = 'test' AND kind = 'smtp'`,
      )
      .bind(p.id)
      .run();
    const read = await call('GET', `${p.base}/auth/smtp`, p.ownerToken);
    expect(read.body.data.tlsMode).toBe('none');
    expect(read.body.data).not.toHaveProperty('tls');
  });

  it.each<[string, Record<string, unknown>, string, string | RegExp]>([
    ['host with a scheme', { host: 'smtp://mail.example.com' }, 'host', 'without smtp://'],
    ['host with a port', { host: 'mail.example.com:587' }, 'host', 'port in its own field'],
    ['host with a space', { host: 'mail example.com' }, 'host', /host name/],
    ['host missing when enabled', { host: null }, 'host', 'Enter the SMTP server'],
    ['private host', { host: '10.1.2.3' }, 'host', 'private address'],
    ['metadata host', { host: '169.254.169.254' }, 'host', 'link-local'],
    ['loopback host when not allowed', { host: '127.0.0.1' }, 'host', 'loopback'],
    ['internal name', { host: 'mail.internal' }, 'host', 'local or internal'],
    ['port 0', { port: 0 }, 'port', 'Enter a port from 1 to 65535'],
    ['port 70000', { port: 70000 }, 'port', 'Enter a port from 1 to 65535'],
    ['port 25.5', { port: 25.5 }, 'port', 'Enter a port from 1 to 65535'],
    ['short password', { password: 'short' }, 'password', 'at least 8'],
    ['sender not an address', { from: 'no-reply' }, 'from', 'Expected an email address'],
    ['sender missing when enabled', { from: null }, 'from', 'Enter the sender address'],
    ['sender name with quotes', { fromName: 'Evil" <x@y>' }, 'fromName', 'Quotes'],
    ['sender name with a line break', { fromName: 'A\r\nBcc: x@y.test' }, 'fromName', 'line breaks'],
    ['user with a line break', { user: 'a\r\nRCPT TO:<x@y>' }, 'user', 'Line breaks'],
    ['unknown TLS mode', { tlsMode: 'ssl' }, 'tlsMode', 'Choose none, STARTTLS or implicit TLS'],
  ])('%s → 400 at %s', async (_name, change, field, message) => {
    const p = await project(`smtp-bad-${_name}`);
    const res = await p.patch({ ...local, host: 'smtp.example.com', ...change }, testEnv);
    expect(res.status, res.text).toBe(400);
    expect(fields(res.body)[field]).toMatch(message);
    const read = await call('GET', `${p.base}/auth/smtp`, p.ownerToken);
    expect(read.body.version).toBe(1);
  });

  it('allows the loopback inbox only with SMTP_ALLOW_LOOPBACK', async () => {
    const p = await project('smtp-loopback');
    expect((await p.patch(local, testEnv)).status).toBe(400);
    expect((await p.patch(local)).status).toBe(200);
  });
});

describe('POST …/auth/smtp/test', () => {
  it('sends the rendered verification template to the local SMTP server', async () => {
    const p = await project('smtp-send');
    expect((await p.patch(local)).status).toBe(200);
    const tpl = await call('GET', `${p.base}/auth/email-templates`, p.ownerToken);
    const custom = await call('PATCH', `${p.base}/auth/email-templates`, p.ownerToken, {
      emailVerification: {
        subject: 'Welcome to {{ projectName }}, {{email}}',
        body: '<h1>Hi &amp; welcome</h1><p>Code {{code}} for {{email}} — <a href="{{link}}">verify</a> (<i>{{projectName}}</i>)</p>',
      },
      version: tpl.body.version,
    });
    expect(custom.status, custom.text).toBe(200);
    const to = `player-${crypto.randomUUID().slice(0, 8)}@player.test`;
    const res = await call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      message: `Sent to ${to}`,
      subject: `Welcome to Studio smtp-send, ${to}`,
      to,
    });
    const [m, ...rest] = await received(to);
    expect(rest).toHaveLength(0);
    expect(m!.subject).toBe(`Welcome to Studio smtp-send, ${to}`);
    expect(m!.from).toBe('"Studio" <no-reply@studio.test>');
    expect(m!.html).toContain(
      `<h1>Hi &amp; welcome</h1><p>Code 482913 for ${to} — <a href="https://auth.example.com/verify?token_hash=5f2b8c1e9d&amp;type=email">verify</a> (<i>Studio smtp-send</i>)</p>`,
    );
    expect(m!.text).toContain(`Code 482913 for ${to}`);
  });

  it('escapes the values it fills into the HTML body, not into the subject', () => {
    const values = { projectName: 'A<b> & "B"', email: 'x@y.test' };
    expect(fillTemplate('<p>{{projectName}} {{ email }} {{unknown}}</p>', values, true)).toBe(
      '<p>A&lt;b&gt; &amp; &quot;B&quot; x@y.test {{unknown}}</p>',
    );
    expect(fillTemplate('{{projectName}}', values, false)).toBe('A<b> & "B"');
  });

  it.each<[string, Record<string, unknown>, string, string, RegExp]>([
    [
      'refused connection',
      { port: Number(e.TEST_SMTP_CLOSED_PORT) },
      'connection_refused',
      'port',
      /refused the connection/,
    ],
    ['unknown host', { host: 'smtp.nx.test' }, 'unknown_host', 'host', /smtp\.nx\.test does not exist/],
    ['bad credentials', { password: 'not-the-password' }, 'auth_failed', 'password', /535/],
    ['TLS failure (STARTTLS, self-signed certificate)', { tlsMode: 'starttls' }, 'tls_failed', 'tlsMode', /STARTTLS/],
    ['TLS failure (implicit TLS on a plain port)', { tlsMode: 'implicit' }, 'tls_failed', 'tlsMode', /handshake/],
  ])('%s → 200 ok: false, %s at %s', async (name, change, reason, field, message) => {
    const p = await project(`smtp-fail-${name}`);
    expect((await p.patch({ ...local, ...change })).status).toBe(200);
    const to = `fail-${crypto.randomUUID().slice(0, 8)}@player.test`;
    const res = await call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ok: false, reason, field, to });
    expect(res.body.message).toMatch(message);
    expect(await received(to)).toHaveLength(0);
  });

  it('refuses a host that resolves to a private address, at host (SSRF)', async () => {
    const p = await project('smtp-ssrf');
    expect((await p.patch({ ...local, host: 'private.smtp.test' })).status).toBe(200);
    const res = await call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to: 'a@player.test' });
    expect(res.status).toBe(400);
    expect(fields(res.body).host).toMatch(/10\.0\.0\.25, a private address/);
  });

  it('refuses a stored loopback host once the local setting is off (deployed)', async () => {
    const p = await project('smtp-deployed');
    expect((await p.patch(local)).status).toBe(200);
    const res = await call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to: 'a@player.test' }, testEnv);
    expect(res.status).toBe(400);
    expect(fields(res.body).host).toMatch(/loopback/);
  });

  it('needs saved settings, a valid recipient, and the manage_auth role', async () => {
    const p = await project('smtp-roles');
    const none = await call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to: 'a@player.test' });
    expect(none.status).toBe(400);
    expect(fields(none.body)).toEqual({ host: 'Save the SMTP server first', from: 'Save the sender address first' });
    const bad = await call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(fields(bad.body).to).toMatch(/Expected an email address/);
    for (const role of ['viewer', 'developer']) {
      await addMember(p.id, `smtp-${role}`, role);
      const res = await call('POST', `${p.base}/auth/smtp/test`, await token(`smtp-${role}`), { to: 'a@player.test' });
      expect(res.status, role).toBe(403);
    }
    const stranger = await call('POST', `${p.base}/auth/smtp/test`, await token('smtp-stranger'), { to: 'a@x.test' });
    expect(stranger.status).toBe(404);
    await addMember(p.id, 'smtp-admin', 'admin');
    expect((await p.patch(local)).status).toBe(200);
    const admin = await call('POST', `${p.base}/auth/smtp/test`, await token('smtp-admin'), { to: 'a@player.test' });
    expect(admin.body.ok).toBe(true);
  });

  it('rate limits test sends per project and mode (429 with Retry-After)', async () => {
    const p = await project('smtp-rate');
    expect((await p.patch(local)).status).toBe(200);
    const env = { ...localEnv, SMTP_TEST_PER_HOUR: '2' } as Env;
    const send = () => call('POST', `${p.base}/auth/smtp/test`, p.ownerToken, { to: 'rate@player.test' }, env);
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.body.error.message).toMatch(/At most 2 test emails per minute/);
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another mode of the same project has its own count.
    const live = await call('GET', `/projects/${p.id}/live/auth/smtp`, p.ownerToken);
    await call('PATCH', `/projects/${p.id}/live/auth/smtp`, p.ownerToken, { ...local, version: live.body.version });
    const other = await call(
      'POST',
      `/projects/${p.id}/live/auth/smtp/test`,
      p.ownerToken,
      { to: 'r@player.test' },
      env,
    );
    expect(other.status).toBe(200);
  });
});
