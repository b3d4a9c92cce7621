import { connect } from 'cloudflare:sockets';
import { LogLevel, WorkerMailer, type EmailOptions, type WorkerMailerOptions } from 'worker-mailer';
import { encodeHeaderValue, formatMailbox } from '../mail/headers';

/**
 * Sends one email over SMTP from the Function with `worker-mailer` (Cloudflare's `connect()` sockets), and turns
 * every way it can fail into a reason, a clear message and the settings field it belongs to (docs/api.md "Custom
 * SMTP"). Never throws for a failure of the remote side.
 *
 * worker-mailer runs the whole session (greeting, EHLO, STARTTLS, AUTH) inside `connect()`. Three things are
 * tightened on the instance it builds:
 * - `starttls` mode requires the server to offer STARTTLS: worker-mailer would otherwise go on in plain text and
 *   send the password unencrypted;
 * - a connection the server closes ends the read with an error (worker-mailer's reader loops on an ended stream);
 * - one deadline covers the whole send, and the socket is closed when it passes.
 */

export type SmtpTlsMode = 'none' | 'starttls' | 'implicit';

export interface SmtpTarget {
  host: string;
  port: number;
  tlsMode: SmtpTlsMode;
  user: string | null;
  password: string | null;
  /**
   * AUTH without TLS (`tlsMode: none`) is allowed only when true: the loopback SMTP of the local stack
   * (smtp-settings.ts plainAuthAllowed). Otherwise a password goes only inside TLS.
   */
  plainAuth?: boolean;
}

export type SmtpFailureReason =
  | 'connection_refused'
  | 'unknown_host'
  | 'auth_failed'
  | 'auth_required'
  | 'tls_failed'
  | 'starttls_unavailable'
  | 'tls_required'
  | 'timeout'
  | 'sender_refused'
  | 'recipient_refused'
  | 'message_refused'
  | 'connection_closed'
  | 'failed';

export type SmtpSendResult =
  | { ok: true; message: string }
  | {
      ok: false;
      reason: SmtpFailureReason;
      message: string;
      field: 'host' | 'port' | 'user' | 'password' | 'tlsMode' | 'from' | 'to' | null;
    };

export const SMTP_SEND_TIMEOUT_MS = 10_000;

type Stage = 'connect' | 'greet' | 'ehlo' | 'tls' | 'auth' | 'mail' | 'rcpt' | 'data' | 'body';

/** The instance's private members this module reaches (worker-mailer 1.2). */
interface Internals {
  socket: Socket;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  writer: WritableStreamDefaultWriter<Uint8Array>;
  secure: boolean;
  startTls: boolean;
  supportsStartTls: boolean;
  tls(): Promise<void>;
  allowAuth: boolean;
  read(): Promise<string>;
  initializeSmtpSession(): Promise<void>;
  start(): Promise<void>;
  send(o: EmailOptions): Promise<void>;
  close(e?: Error): Promise<void>;
  [k: string]: unknown;
}

class StageError extends Error {
  constructor(
    readonly kind: 'closed' | 'starttls_unavailable' | 'auth_required' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

const decoder = new TextDecoder();

/** The server's reply code at the start of worker-mailer's error message (`Failed to plain authentication: 535 …`). */
const replyOf = (message: string) => /\b([2-5]\d\d)[ -]([^\r\n]*)/.exec(message);

function tlsFailure(t: SmtpTarget): SmtpSendResult {
  const where = `${t.host}:${t.port}`;
  return {
    ok: false,
    reason: 'tls_failed',
    field: 'tlsMode',
    message:
      t.tlsMode === 'implicit'
        ? `The TLS handshake with ${where} failed: the server does not speak implicit TLS on this port, or its certificate is not trusted (try STARTTLS, usually on port 587)`
        : `STARTTLS with ${where} failed: the server's certificate is not trusted (self-signed, expired or for another name) or the handshake was refused`,
  };
}

/** Whether a plain TCP connection opens (tells a failed TLS handshake from a refused connection). */
async function plainOpens(t: SmtpTarget): Promise<boolean> {
  const socket = connect({ hostname: t.host, port: t.port });
  socket.closed.catch(() => undefined);
  try {
    await Promise.race([socket.opened, new Promise((_, reject) => setTimeout(reject, 2_000))]);
    return true;
  } catch {
    return false;
  } finally {
    socket.close().catch(() => undefined);
  }
}

function classify(error: unknown, stage: Stage, t: SmtpTarget, tlsStarted: boolean, timeoutMs: number): SmtpSendResult {
  const raw = error instanceof Error ? error.message : String(error);
  const where = `${t.host}:${t.port}`;
  if (error instanceof StageError) {
    if (error.kind === 'timeout')
      return {
        ok: false,
        reason: 'timeout',
        field: 'host',
        message: `No answer from ${where} within ${timeoutMs / 1000} s (during ${stage}): check the host, the port and any firewall`,
      };
    if (error.kind === 'starttls_unavailable')
      return {
        ok: false,
        reason: 'starttls_unavailable',
        field: 'tlsMode',
        message: `${where} does not offer STARTTLS: choose implicit TLS (usually port 465) or a server that supports it`,
      };
    if (error.kind === 'auth_required')
      return {
        ok: false,
        reason: 'auth_required',
        field: 'user',
        message: `${where} requires a user name and password`,
      };
  }
  if (tlsStarted && (stage === 'tls' || stage === 'ehlo' || stage === 'greet' || stage === 'connect'))
    return tlsFailure(t);
  if (stage === 'connect')
    return {
      ok: false,
      reason: 'connection_refused',
      field: 'port',
      message: `${where} refused the connection (or cannot be reached): nothing accepts SMTP on port ${t.port} there`,
    };
  const reply = replyOf(raw);
  const said = reply ? `${reply[1]} ${reply[2]}`.trim() : null;
  if (stage === 'auth')
    return {
      ok: false,
      reason: 'auth_failed',
      field: 'password',
      message: `${where} refused the user name or password${said ? ` (${said})` : ''}`,
    };
  if (stage === 'mail')
    return {
      ok: false,
      reason: 'sender_refused',
      field: 'from',
      message: `The server refused the sender${said ? ` (${said})` : ''}`,
    };
  if (stage === 'rcpt')
    return {
      ok: false,
      reason: 'recipient_refused',
      field: 'to',
      message: `The server refused the recipient${said ? ` (${said})` : ''}`,
    };
  if (stage === 'data' || stage === 'body')
    return {
      ok: false,
      reason: 'message_refused',
      field: null,
      message: `The server refused the message${said ? ` (${said})` : ''}`,
    };
  if (error instanceof StageError && error.kind === 'closed')
    return {
      ok: false,
      reason: 'connection_closed',
      field: stage === 'greet' ? 'port' : null,
      message: `${where} closed the connection during ${stage}: is it an SMTP server${t.tlsMode === 'none' ? ' (or does it expect TLS)' : ''}?`,
    };
  return {
    ok: false,
    reason: 'failed',
    field: null,
    message: `The SMTP session with ${where} failed during ${stage}${said ? `: ${said}` : ''}`,
  };
}

type Mailbox = string | { name?: string; email: string };
const mailbox = (u: Mailbox) => (typeof u === 'string' ? formatMailbox(u) : formatMailbox(u.email, u.name));

/** From, To and Subject written here, RFC 2047-encoded (worker-mailer leaves ASCII line breaks in them as they are). */
function withEncodedHeaders(email: EmailOptions): EmailOptions {
  const to = (Array.isArray(email.to) ? email.to : [email.to]) as Mailbox[];
  return {
    ...email,
    headers: {
      ...email.headers,
      From: mailbox(email.from as Mailbox),
      To: to.map(mailbox).join(', '),
      Subject: encodeHeaderValue(email.subject),
    },
  };
}

export async function sendSmtp(
  t: SmtpTarget,
  email: EmailOptions,
  o: { timeoutMs?: number } = {},
): Promise<SmtpSendResult> {
  const timeoutMs = o.timeoutMs ?? SMTP_SEND_TIMEOUT_MS;
  // Checked before connecting: the password never leaves in clear text.
  if (t.tlsMode === 'none' && t.user && !t.plainAuth)
    return {
      ok: false,
      reason: 'tls_required',
      field: 'tlsMode',
      message: `The password is sent only over TLS: choose STARTTLS (usually port 587) or implicit TLS (usually port 465) for ${t.host}`,
    };
  const options: WorkerMailerOptions = {
    host: t.host,
    port: t.port,
    secure: t.tlsMode === 'implicit',
    startTls: t.tlsMode === 'starttls',
    credentials: t.user ? { username: t.user, password: t.password ?? '' } : undefined,
    authType: ['plain', 'login'],
    logLevel: LogLevel.NONE,
    socketTimeoutMs: timeoutMs,
    responseTimeoutMs: timeoutMs,
  };
  let stage: Stage = 'connect';
  let tlsStarted = false;
  let m: Internals;
  try {
    // The constructor opens the socket; worker-mailer's static connect() would also run the session unguarded.
    m = new (WorkerMailer as unknown as new (o: WorkerMailerOptions) => Internals)(options);
  } catch (error) {
    return classify(error, stage, t, false, timeoutMs);
  }
  // A socket that fails rejects these too; the session's own error is the one reported.
  const quiet = (x: Internals) =>
    [x.socket.opened, x.socket.closed, x.reader.closed, x.writer.closed].forEach((p) => p.catch(() => undefined));
  quiet(m);
  const wrap = (name: string, s: Stage, before?: () => void) => {
    const original = (m[name] as (...a: unknown[]) => Promise<unknown>).bind(m);
    m[name] = async (...args: unknown[]) => {
      stage = s;
      before?.();
      return original(...args);
    };
  };
  wrap('waitForSocketConnected', 'connect');
  wrap('greet', 'greet', () => (tlsStarted = t.tlsMode === 'implicit'));
  wrap('ehlo', 'ehlo');
  wrap('tls', 'tls', () => (tlsStarted = true));
  const upgrade = m.tls as () => Promise<void>;
  m.tls = async () => {
    await upgrade();
    quiet(m); // the upgraded socket, its reader and writer
  };
  wrap('auth', 'auth', () => {
    if (t.tlsMode === 'starttls' && !m.supportsStartTls)
      throw new StageError('starttls_unavailable', 'STARTTLS not offered');
    if (m.allowAuth && !t.user) throw new StageError('auth_required', 'AUTH required');
  });
  wrap('mail', 'mail');
  wrap('rcpt', 'rcpt');
  wrap('data', 'data');
  wrap('body', 'body');
  m.read = async function read(this: Internals) {
    let text = '';
    for (;;) {
      const { value, done } = await this.reader.read();
      if (done) throw new StageError('closed', 'The server closed the connection');
      if (!value) continue;
      text += decoder.decode(value, { stream: true });
      if (!text.endsWith('\n')) continue;
      const lines = text.split(/\r?\n/);
      if (!/^\d+-/.test(lines[lines.length - 2] ?? '')) return text;
    }
  };

  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StageError('timeout', 'timeout')), timeoutMs);
  });
  const session = (async () => {
    await m.initializeSmtpSession();
    void m.start().catch(() => undefined);
    await m.send(withEncodedHeaders(email));
  })();
  session.catch(() => undefined);
  try {
    await Promise.race([session, deadline]);
  } catch (error) {
    try {
      await m.socket.close();
    } catch {
      // already closed
    }
    // A connection that did not open with implicit TLS: a failed handshake if plain TCP opens, else refused.
    const at = stage as Stage;
    if (at === 'connect' && t.tlsMode === 'implicit' && !(error instanceof StageError))
      tlsStarted = await plainOpens(t);
    return classify(error, at, t, tlsStarted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
  // QUIT politely, but the email is already accepted: a slow goodbye does not hold the answer.
  await Promise.race([m.close().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000))]);
  try {
    await m.socket.close();
  } catch {
    // already closed
  }
  return { ok: true, message: `Sent to ${Array.isArray(email.to) ? email.to.join(', ') : String(email.to)}` };
}
