import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { encodedWords, encodeHeaderValue, formatMailbox } from '../../../functions/_lib/mail/headers';
import { sendSmtp, type SmtpTarget } from '../../../functions/_lib/net/smtp-send';
import { LOCAL_SMTP } from '../../../dev/smtp-inbox/config';

/**
 * Outgoing mail encodes its header values (RFC 2047): a subject or display name with `\r\n` cannot add a header
 * (`Bcc: …`), and non-ASCII text arrives intact. Seen by the real local SMTP server (dev/smtp-inbox) and mailparser.
 */
const e = env as unknown as Record<string, string>;
const target: SmtpTarget = {
  host: '127.0.0.1',
  port: Number(e.TEST_SMTP_PORT),
  tlsMode: 'none',
  user: LOCAL_SMTP.user,
  password: LOCAL_SMTP.password,
  plainAuth: true,
};

interface Received {
  subject: string;
  from: string;
  rcptTo: string[];
  headerLines: string[];
}
async function received(to: string): Promise<Received[]> {
  const res = await fetch(`${e.TEST_SMTP_INBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Received[] }).messages;
}
async function receivedBy(address: string) {
  const res = await fetch(`${e.TEST_SMTP_INBOX_URL}/api/messages`);
  return ((await res.json()) as { messages: Received[] }).messages.filter((m) => m.rcptTo.includes(address));
}

describe('RFC 2047 header values', () => {
  it.each<[string, string, string]>([
    ['a CR LF with a Bcc', 'Welcome\r\nBcc: attacker@evil.test', 'Studio\r\nX-Injected: yes'],
    ['a bare LF', 'Welcome\nBcc: attacker@evil.test', 'Studio\nBcc: attacker@evil.test'],
    ['non-ASCII text', 'Willkommen bei Zoë’s Spiel 🎮', 'Zoë’s Studio'],
    ['a long subject (several encoded-words)', `Ünïcödé ${'lang '.repeat(30)}ende`, 'Studio'],
    ['ASCII with quotes', 'Say "hi" = ok', 'The "Best" \\ Studio'],
  ])('%s: one header each, no extra recipient, the text arrives as written', async (_name, subject, fromName) => {
    const to = `hdr-${crypto.randomUUID().slice(0, 8)}@player.test`;
    const r = await sendSmtp(target, {
      from: { name: fromName, email: 'no-reply@studio.test' },
      to,
      subject,
      html: '<p>Hello</p>',
    });
    expect(r).toMatchObject({ ok: true });
    const [m, ...more] = await received(to);
    expect(more).toHaveLength(0);
    expect(m!.rcptTo).toEqual([to]);
    expect(await receivedBy('attacker@evil.test')).toHaveLength(0);
    const names = m!.headerLines.map((l) => l.split(':')[0]!.toLowerCase());
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    expect(names.filter((n) => n === 'subject')).toHaveLength(1);
    expect(m!.subject).toBe(subject);
    expect(m!.from).toContain('<no-reply@studio.test>');
    if (!/^[\x20-\x7e]*$/.test(subject)) {
      const line = m!.headerLines.find((l) => /^subject:/i.test(l))!;
      expect(line).toMatch(/^Subject: =\?UTF-8\?B\?/);
      expect(line.replace(/\r\n /g, '')).not.toMatch(/[\r\n]/); // folded only with CRLF + space
    }
  });

  it('encodes only what needs it, each encoded-word at most 75 characters and whole characters', () => {
    expect(encodeHeaderValue('Plain subject')).toBe('Plain subject');
    expect(encodeHeaderValue('a=?b')).toMatch(/^=\?UTF-8\?B\?/);
    const words = encodedWords('🎮'.repeat(40)).split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const w of words) {
      expect(w.length).toBeLessThanOrEqual(75);
      const bytes = Uint8Array.from(atob(w.slice(10, -2)), (c) => c.charCodeAt(0));
      expect(new TextDecoder().decode(bytes)).toMatch(/^(🎮)+$/);
    }
    expect(formatMailbox('a@b.test', 'The "Best"')).toBe('"The \\"Best\\"" <a@b.test>');
    expect(formatMailbox('a@b.test', 'X\r\nBcc: c@d.test')).toMatch(/^=\?UTF-8\?B\?\S+\?= <a@b\.test>$/);
    expect(() => formatMailbox('a@b.test>\r\nBcc: c@d.test')).toThrow();
  });
});
