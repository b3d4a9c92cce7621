import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { encryptSecret } from '../../../functions/_lib/api/crypto';
import { plainAuthAllowed, readSmtpPassword, smtpPasswordAad } from '../../../functions/_lib/api/smtp-settings';
import { sendSmtp } from '../../../functions/_lib/net/smtp-send';
import { LOCAL_SMTP } from '../../../dev/smtp-inbox/config';
import { newProject, testEnv, shardOf } from './helpers';

/**
 * The write-only SMTP password stays with the server it was entered for (docs/api.md "Custom SMTP", docs/security.md):
 * forgotten when host, port, user or TLS mode change; never sent by AUTH without TLS except to the loopback SMTP of
 * the local stack; sealed with AES-GCM associated data that names the host. Against the real local SMTP inbox.
 */
const e = testEnv as unknown as Record<string, string>;
const inbox = e.TEST_SMTP_INBOX_URL!;
const localEnv = { ...testEnv, SMTP_ALLOW_LOOPBACK: 'true', SMTP_DNS_URL: e.TEST_SMTP_DNS_URL } as Env;

async function call(method: string, path: string, auth: string, body?: unknown) {
  const res = await handleApi(
    new Request(`https://dash.test/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    localEnv,
    () => undefined,
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
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

async function project(owner: string) {
  const p = await newProject(owner, `Studio ${owner}`);
  const base = `/projects/${p.id}/test`;
  const patch = async (body: Record<string, unknown>) => {
    const cur = await call('GET', `${base}/auth/smtp`, p.ownerToken);
    return call('PATCH', `${base}/auth/smtp`, p.ownerToken, { ...body, version: cur.body.version });
  };
  const send = (to: string) => call('POST', `${base}/auth/smtp/test`, p.ownerToken, { to });
  const secrets = async () =>
    JSON.parse(
      (await (
        await shardOf(p.id)
      )
        .prepare(`SELECT secrets FROM settings WHERE project_id = ? AND mode = 'test' AND kind = 'smtp'`)
        .bind(p.id)
        .first<{ secrets: string }>())!.secrets,
    );
  return { ...p, base, patch, send, secrets };
}

async function received(to: string) {
  const res = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: unknown[] }).messages;
}
const recipient = () => `pw-${crypto.randomUUID().slice(0, 8)}@player.test`;

describe('the stored SMTP password is forgotten when the server changes', () => {
  it.each<[string, Record<string, unknown>]>([
    ['host', { host: 'loopback.smtp.test' }],
    ['port', { port: Number(e.TEST_SMTP_NO_STARTTLS_PORT) }],
    ['user', { user: 'someone-else' }],
    ['tlsMode', { tlsMode: 'starttls' }],
  ])('changing %s without a password forgets it; the test send asks for it at password', async (field, change) => {
    const p = await project(`smtp-forget-${field}`);
    expect((await p.patch(local)).status).toBe(200);
    const changed = await p.patch(change);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.passwordHint).toBeNull();
    expect((await call('GET', `${p.base}/auth/smtp`, p.ownerToken)).body.data.passwordHint).toBeNull();
    expect(await p.secrets()).toEqual({});
    const to = recipient();
    const res = await p.send(to);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'password', message: 'Enter the password for this server and save' },
    ]);
    expect(await received(to)).toHaveLength(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['from', { from: 'hello@studio.test' }],
    ['fromName', { fromName: 'Studio Two' }],
    ['enabled', { enabled: false }],
    ['the same host, port, user and mode', { host: '127.0.0.1', port: local.port, user: local.user }],
  ])('changing %s keeps it, and the test email still goes out', async (_name, change) => {
    const p = await project(`smtp-keep-${_name.slice(0, 12)}`);
    expect((await p.patch(local)).status).toBe(200);
    const changed = await p.patch(change);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.passwordHint).toBe('••••word');
    const to = recipient();
    expect((await p.send(to)).body).toMatchObject({ ok: true });
    expect(await received(to)).toHaveLength(1);
  });

  it('a new password sent with the new server is kept (sealed for the new host)', async () => {
    const p = await project('smtp-new-pw');
    expect((await p.patch(local)).status).toBe(200);
    const res = await p.patch({ port: Number(e.TEST_SMTP_NO_STARTTLS_PORT), password: LOCAL_SMTP.password });
    expect(res.body.data.passwordHint).toBe('••••word');
    const to = recipient();
    expect((await p.send(to)).body).toMatchObject({ ok: true });
  });
});

describe('AUTH only inside TLS, except to the loopback SMTP of the local stack', () => {
  it.each<[string, boolean, boolean]>([
    ['127.0.0.1', true, true],
    ['127.0.0.2', true, true],
    ['localhost', true, true],
    ['[::1]', true, true],
    ['::ffff:127.0.0.1', true, true],
    ['127.0.0.1', false, false],
    ['loopback.smtp.test', true, false],
    ['smtp.example.com', true, false],
    ['10.0.0.25', true, false],
    ['localhost.example.com', true, false],
  ])('plainAuthAllowed(%s, allowLoopback %s) is %s', (host, allow, expected) => {
    expect(plainAuthAllowed(host, allow)).toBe(expected);
  });

  it('sendSmtp refuses AUTH without TLS to a host that is not loopback, before connecting', async () => {
    const to = recipient();
    // A name, not a loopback address: not the loopback SMTP of the local stack, whatever it resolves to.
    const r = await sendSmtp(
      { host: 'localhost.smtp.test', port: local.port, tlsMode: 'none', user: local.user, password: local.password },
      { from: 'no-reply@studio.test', to, subject: 'x', html: '<p>x</p>' },
    );
    expect(r).toMatchObject({ ok: false, reason: 'tls_required', field: 'tlsMode' });
    expect(r.ok || r.message).toMatch(/only over TLS/);
  });

  it('the test send through a host name with TLS none answers tls_required at tlsMode; nothing reaches the server', async () => {
    const p = await project('smtp-plain-auth');
    expect((await p.patch({ ...local, host: 'loopback.smtp.test' })).status).toBe(200);
    const to = recipient();
    const res = await p.send(to);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ok: false, reason: 'tls_required', field: 'tlsMode' });
    expect(await received(to)).toHaveLength(0);
  });

  it('without a user nothing is refused (no password to protect)', async () => {
    const r = await sendSmtp(
      { host: '127.0.0.1', port: Number(e.TEST_SMTP_CLOSED_PORT), tlsMode: 'none', user: null, password: null },
      { from: 'a@b.test', to: 'c@d.test', subject: 'x', html: 'x' },
      { timeoutMs: 1_500 },
    );
    expect(r).toMatchObject({ ok: false, reason: 'connection_refused' });
  });
});

describe('the password is sealed with associated data naming the host', () => {
  it('a stored ciphertext moved beside another host does not open: the test send asks for the password', async () => {
    const p = await project('smtp-aad');
    expect((await p.patch(local)).status).toBe(200);
    const stored = await p.secrets();
    expect(stored.password.aad).toBe('host');
    expect(await readSmtpPassword(testEnv, stored.password, p.id, 'test', '127.0.0.1')).toBe(LOCAL_SMTP.password);
    expect(await readSmtpPassword(testEnv, stored.password, p.id, 'test', 'loopback.smtp.test')).toBeNull();
    // The host changed behind the API's back (a database write): the password stays closed.
    await (
      await shardOf(p.id)
    )
      .prepare(
        `UPDATE settings SET data = json_set(data, '$.host', 'loopback.smtp.test') WHERE project_id = ? AND mode = 'test' AND kind = 'smtp'`,
      )
      .bind(p.id)
      .run();
    const res = await p.send(recipient());
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details[0].path).toBe('password');
  });

  it('a password stored before the host binding still works, and the next save seals it bound to the host', async () => {
    const p = await project('smtp-legacy');
    expect((await p.patch(local)).status).toBe(200);
    const legacy = {
      password: {
        value: await encryptSecret(testEnv, LOCAL_SMTP.password, `settings:${p.id}:test:smtp:password`),
        hint: '••••word',
      },
    };
    await (
      await shardOf(p.id)
    )
      .prepare(`UPDATE settings SET secrets = ? WHERE project_id = ? AND mode = 'test' AND kind = 'smtp'`)
      .bind(JSON.stringify(legacy), p.id)
      .run();
    expect((await p.send(recipient())).body).toMatchObject({ ok: true });
    expect((await p.patch({ fromName: 'Studio again' })).status).toBe(200);
    const resealed = (await p.secrets()).password;
    expect(resealed.aad).toBe('host');
    expect(resealed.value).not.toBe(legacy.password.value);
    expect(smtpPasswordAad(p.id, 'test', '127.0.0.1')).toContain('host=127.0.0.1');
    expect(await readSmtpPassword(testEnv, resealed, p.id, 'test', '127.0.0.1')).toBe(LOCAL_SMTP.password);
  });
});
