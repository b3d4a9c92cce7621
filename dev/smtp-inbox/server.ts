import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from 'node:net';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { loopbackHost } from '../auth-emulator/gotrue-http.ts';
import { inboxPage, messagePage } from './page.ts';

/** One message the local SMTP server accepted, as mailparser read it. */
export interface InboxMessage {
  id: string;
  /** SMTP envelope. */
  mailFrom: string;
  rcptTo: string[];
  /** Headers as parsed. */
  from: string;
  to: string;
  subject: string;
  /** The header lines as received (folded lines kept), so tests can see how values were encoded. */
  headerLines: string[];
  html: string | null;
  text: string | null;
  receivedAt: string;
}

export interface SmtpInboxOptions {
  /** SMTP port on 127.0.0.1 (0: any free one). */
  port: number;
  /** Inbox web page port on 127.0.0.1 (0: any free one). */
  webPort: number;
  user: string;
  password: string;
  /** Log each accepted message (npm start). */
  log?: boolean;
  /** Do not offer STARTTLS (tests: a server without it). */
  hideStartTls?: boolean;
}

const MAX_MESSAGES = 200;
const MAX_SIZE = 1024 * 1024;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a.map((x) => x.text).join(', ') : a?.text) ?? '';

const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown }, port: number) =>
  new Promise<void>((resolve, reject) => {
    (server as unknown as Server).once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;

/**
 * A local SMTP server that keeps what it receives, and a web page to read it (docs/api.md "Custom SMTP").
 *
 * It speaks plain SMTP, offers STARTTLS with smtp-server's built-in self-signed certificate (so choosing STARTTLS or
 * implicit TLS against it is a real TLS failure: a Worker only trusts public certificates) and requires AUTH (PLAIN
 * or LOGIN) with the local credentials, so a wrong user or password is a real `535` refusal.
 */
export async function createSmtpInbox(o: SmtpInboxOptions) {
  const messages: InboxMessage[] = [];
  const smtp = new SMTPServer({
    name: 'smtp-inbox.local',
    banner: 'local SMTP inbox (npm start)',
    authMethods: ['PLAIN', 'LOGIN'],
    // Loopback only and local credentials: AUTH before STARTTLS is allowed (the seeded settings use no TLS).
    allowInsecureAuth: true,
    hideSTARTTLS: o.hideStartTls ?? false,
    size: MAX_SIZE,
    logger: false,
    onAuth(auth, _session, callback) {
      if (same(auth.username ?? '', o.user) && same(auth.password ?? '', o.password))
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const message: InboxMessage = {
            id: randomUUID(),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            from: addressText(mail.from),
            to: addressText(mail.to),
            subject: mail.subject ?? '',
            headerLines: mail.headerLines.map((h) => h.line),
            html: typeof mail.html === 'string' ? mail.html : null,
            text: mail.text ?? null,
            receivedAt: new Date().toISOString(),
          };
          messages.unshift(message);
          messages.length = Math.min(messages.length, MAX_MESSAGES);
          if (o.log) console.log(`smtp-inbox: "${message.subject}" for ${message.rcptTo.join(', ')}`);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  smtp.on('error', (err) => console.error(`smtp-inbox: ${err.message}`));
  await listen(smtp.server, o.port);
  const smtpPort = portOf(smtp.server);

  const list = (to: string | null) =>
    to ? messages.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === to.toLowerCase())) : messages;
  const web = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        // Messages are customer HTML: nothing in them runs (the body is shown in a sandboxed srcdoc iframe too).
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(body);
    };
    // Mails hold sign-in links: a DNS-rebinding page reaches this socket under its own name, so only a loopback
    // `Host` with the inbox's own port is answered (the auth emulator's inbox rule).
    if (!loopbackHost(req, webPort)) return send(403, 'text/plain', 'Forbidden: open the inbox at 127.0.0.1');
    if (url.pathname === '/api/messages' && req.method === 'GET')
      return send(200, 'application/json', JSON.stringify({ messages: list(url.searchParams.get('to')) }));
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      messages.length = 0;
      return send(200, 'application/json', '{"deleted":true}');
    }
    if (req.method !== 'GET') return send(405, 'text/plain', 'Method not allowed');
    if (url.pathname === '/' || url.pathname === '/inbox')
      return send(200, 'text/html; charset=utf-8', inboxPage(list(url.searchParams.get('to')), smtpPort));
    const one = /^\/inbox\/([0-9a-f-]{36})$/.exec(url.pathname);
    const message = one && messages.find((m) => m.id === one[1]);
    if (message) return send(200, 'text/html; charset=utf-8', messagePage(message));
    return send(404, 'text/plain', 'Not found');
  });
  await listen(web, o.webPort);
  // Read by the Host check above, which runs only once the server listens.
  const webPort = portOf(web);

  return {
    smtpPort,
    webPort,
    url: `http://127.0.0.1:${webPort}`,
    inboxUrl: `http://127.0.0.1:${webPort}/inbox`,
    messages: () => [...messages],
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          web.closeAllConnections();
          web.close(() => resolve());
        }),
      ]).then(() => undefined),
  };
}
export type SmtpInbox = Awaited<ReturnType<typeof createSmtpInbox>>;
