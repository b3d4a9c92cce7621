import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sendSmtp, type SmtpTarget } from '../../../functions/_lib/net/smtp-send';
import { resolveSmtpHost } from '../../../functions/_lib/net/smtp-host';
import { LOCAL_SMTP } from '../../../dev/smtp-inbox/config';

/**
 * The send path against the real local SMTP inbox (dev/smtp-inbox, started by tests/workers/api-setup/smtp-servers.ts):
 * every way a send ends, from inside workerd over `connect()`.
 */
const e = env as unknown as Record<string, string>;
const inbox = e.TEST_SMTP_INBOX_URL!;
const good: SmtpTarget = {
  host: '127.0.0.1',
  port: Number(e.TEST_SMTP_PORT),
  tlsMode: 'none',
  user: LOCAL_SMTP.user,
  password: LOCAL_SMTP.password,
  // The loopback SMTP of the local stack: the one server AUTH may reach without TLS.
  plainAuth: true,
};

async function received(to: string) {
  const res = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { subject: string; html: string; text: string; from: string }[] }).messages;
}

describe('sendSmtp against the local SMTP inbox', () => {
  it('delivers: the inbox parses the subject, the HTML body and the sender', async () => {
    const to = `ok-${crypto.randomUUID()}@player.test`;
    const r = await sendSmtp(good, {
      from: { name: 'Demo Game', email: 'no-reply@demo.test' },
      to,
      subject: 'Confirm your email — Démo',
      html: '<p>Your verification code is <b>482913</b>.</p>',
      text: 'Your verification code is 482913.',
    });
    expect(r).toEqual({ ok: true, message: `Sent to ${to}` });
    const [m, ...rest] = await received(to);
    expect(rest).toHaveLength(0);
    expect(m!.subject).toBe('Confirm your email — Démo');
    expect(m!.html).toContain('<p>Your verification code is <b>482913</b>.</p>');
    expect(m!.from).toBe('"Demo Game" <no-reply@demo.test>');
  });

  it.each<[string, Partial<SmtpTarget>, string, string | null, RegExp]>([
    [
      'refused connection',
      { port: Number(e.TEST_SMTP_CLOSED_PORT) },
      'connection_refused',
      'port',
      /refused the connection/,
    ],
    [
      'bad password',
      { password: 'wrong-password' },
      'auth_failed',
      'password',
      /refused the user name or password \(535/,
    ],
    ['unknown user', { user: 'nobody' }, 'auth_failed', 'password', /535 Invalid username or password/],
    [
      'no credentials where AUTH is offered',
      { user: null, password: null },
      'auth_required',
      'user',
      /requires a user name/,
    ],
    ['STARTTLS with an untrusted certificate', { tlsMode: 'starttls' }, 'tls_failed', 'tlsMode', /STARTTLS .* failed/],
    [
      'STARTTLS chosen, not offered (the password is never sent in plain text)',
      { tlsMode: 'starttls', port: Number(e.TEST_SMTP_NO_STARTTLS_PORT) },
      'starttls_unavailable',
      'tlsMode',
      /does not offer STARTTLS/,
    ],
    ['implicit TLS on a plain port', { tlsMode: 'implicit' }, 'tls_failed', 'tlsMode', /TLS handshake .* failed/],
    [
      'a server that never answers',
      { port: Number(e.TEST_SMTP_SILENT_PORT) },
      'timeout',
      'host',
      /No answer .* within 1\.5 s \(during greet\)/,
    ],
  ])('%s → %s at %s', async (_name, change, reason, field, message) => {
    const to = `fail-${crypto.randomUUID()}@player.test`;
    const started = Date.now();
    const r = await sendSmtp(
      { ...good, ...change },
      { from: 'no-reply@demo.test', to, subject: 'x', html: '<p>x</p>' },
      { timeoutMs: 1_500 },
    );
    expect(r).toMatchObject({ ok: false, reason, field });
    expect(r.message).toMatch(message);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await received(to)).toHaveLength(0);
  });
});

describe('resolveSmtpHost (DNS over HTTPS, then the SSRF address rules)', () => {
  const o = { mode: 'test' as const, allowLoopback: false, dnsUrl: e.TEST_SMTP_DNS_URL };
  it.each<[string, boolean, string | null, RegExp | null]>([
    ['smtp.nx.test', false, 'unknown_host', /does not exist/],
    ['private.smtp.test', false, 'refused', /10\.0\.0\.25, a private address/],
    ['mapped.smtp.test', false, 'refused', /IPv4-mapped/],
    ['loopback.smtp.test', false, 'refused', /127\.0\.0\.1, a loopback address/],
    ['loopback.smtp.test', true, null, null],
    ['127.0.0.1', false, 'refused', /loopback/],
    ['127.0.0.1', true, null, null],
    ['169.254.169.254', true, 'refused', /link-local/],
    ['2130706433', false, 'refused', /127.0.0.1 is a loopback address/],
    ['mail.internal', true, 'refused', /local or internal name/],
    ['localhost', false, 'refused', /loopback name/],
  ])('%s (loopback allowed: %s) → %s', async (host, allowLoopback, kind, message) => {
    const r = await resolveSmtpHost(host, { ...o, allowLoopback });
    if (kind === null) expect(r).toEqual({ ok: true });
    else {
      expect(r).toMatchObject({ ok: false, kind });
      expect((r as { message: string }).message).toMatch(message!);
    }
  });

  it('says so when the resolver cannot be reached', async () => {
    const r = await resolveSmtpHost('smtp.example.com', {
      ...o,
      dnsUrl: `http://127.0.0.1:${e.TEST_SMTP_CLOSED_PORT}/dns-query`,
    });
    expect(r).toMatchObject({ ok: false, kind: 'dns_unavailable' });
  });
});
