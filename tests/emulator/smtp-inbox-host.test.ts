import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpInbox, type SmtpInbox } from '../../dev/smtp-inbox/server.ts';
import { LOCAL_SMTP } from '../../dev/smtp-inbox/config.ts';

/**
 * The local SMTP inbox (dev/smtp-inbox) keeps mails with sign-in links: like the auth emulator's inbox
 * (tests/emulator/hardening.test.ts) it answers only a loopback `Host` with its own port, so a DNS-rebinding page
 * (attacker.example resolving to 127.0.0.1) cannot read them.
 */
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await createSmtpInbox({ port: 0, webPort: 0, user: LOCAL_SMTP.user, password: LOCAL_SMTP.password });
});
afterAll(() => inbox.close());

/** A raw HTTP request, so the Host header can be set to anything (fetch sets it from the URL). */
function raw(method: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: inbox.webPort, method, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One mail over plain SMTP with AUTH PLAIN, a command per server reply. */
function sendPlain(to: string, subject: string, text: string): Promise<void> {
  const auth = Buffer.from(`\0${LOCAL_SMTP.user}\0${LOCAL_SMTP.password}`).toString('base64');
  const commands = [
    'EHLO test',
    `AUTH PLAIN ${auth}`,
    'MAIL FROM:<a@example.test>',
    `RCPT TO:<${to}>`,
    'DATA',
    `From: a@example.test\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(inbox.smtpPort, '127.0.0.1');
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      // A reply is complete when its last line has a space after the code.
      if (!/^\d{3} [^\n]*\r\n$/m.test(buffer.split(/(?<=\n)/).at(-1) ?? '')) return;
      if (/^[45]/.test(buffer)) reject(new Error(buffer));
      buffer = '';
      const next = commands.shift();
      if (next) socket.write(`${next}\r\n`);
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('the SMTP inbox answers loopback Host names only (no DNS rebinding)', () => {
  const paths: [string, string][] = [
    ['GET', '/'],
    ['GET', '/inbox'],
    ['GET', '/inbox/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/messages'],
    ['GET', '/api/messages?to=someone@example.test'],
    ['DELETE', '/api/messages'],
  ];

  it.each(paths)('%s %s refuses a foreign Host', async (method, path) => {
    const port = inbox.webPort;
    for (const host of [
      `evil.com:${port}`,
      'evil.com',
      `127.0.0.1.evil.com:${port}`,
      `localhost.evil.com:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `10.0.0.1:${port}`,
    ]) {
      const res = await raw(method, path, host);
      expect(res.status, host).toBe(403);
      expect(res.body, host).not.toContain('messages');
    }
  });

  it.each(paths)('%s %s answers 127.0.0.1, localhost and [::1] with the port', async (method, path) => {
    const port = inbox.webPort;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const res = await raw(method, path, host);
      expect(res.status, host).not.toBe(403);
    }
  });

  it('a rebinding page neither reads nor deletes a received mail', async () => {
    await sendPlain('rebind@example.test', 'Sign in', 'https://example.test/link?token_hash=secret-hash');
    const attacker = `attacker.example:${inbox.webPort}`;
    const json = await raw('GET', '/api/messages?to=rebind@example.test', attacker);
    expect(json.status).toBe(403);
    expect(json.body).not.toContain('secret-hash');
    expect((await raw('GET', '/inbox', attacker)).body).not.toContain('Sign in');
    expect((await raw('DELETE', '/api/messages', attacker)).status).toBe(403);
    expect(inbox.messages().map((m) => m.subject)).toContain('Sign in');
  });
});
