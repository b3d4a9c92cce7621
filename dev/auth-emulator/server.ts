import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import { LOCAL_SERVICE_ROLE_KEY, resolveOptions } from './config.ts';
import type { AuthEmulatorOptions } from './config.ts';
import type { Emulator, Handler, RequestContext } from './context.ts';
import { nowIso } from './context.ts';
import {
  GoTrueError,
  applyCors,
  clientIp,
  loopbackHost,
  readJsonBody,
  sendEmpty,
  sendError,
  sendJson,
} from './gotrue-http.ts';
import { hashPassword } from './passwords.ts';
import { RateLimiter } from './rate-limit.ts';
import { clearInbox, getInboxMessage, inboxPage, listInboxMessages } from './routes/inbox.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './routes/factors.ts';
import { invite } from './routes/invite.ts';
import { logout } from './routes/logout.ts';
import { health, jwks, settings } from './routes/meta.ts';
import { recover } from './routes/recover.ts';
import { resend } from './routes/resend.ts';
import { signUp } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, updateUser } from './routes/user.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';
import { Store } from './state.ts';
import { TokenSigner, createSigningKey } from './tokens.ts';
import { newUser } from './users.ts';

export { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, DEFAULT_RATE_LIMITS } from './config.ts';
export type { AuthEmulatorOptions, RateLimit, RateLimitBucket, RateLimits } from './config.ts';

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Reachable without an `apikey` (links opened from emails, JWKS fetched by servers, health checks). */
  open?: boolean;
  /** Shows codes or links: answered only under a loopback `Host` with the emulator's port (no DNS rebinding). */
  loopbackOnly?: boolean;
}

const FACTOR = '([^/]+)';
const ROUTES: Route[] = [
  { method: 'POST', pattern: /^\/auth\/v1\/signup$/, handler: signUp },
  { method: 'POST', pattern: /^\/auth\/v1\/token$/, handler: token },
  { method: 'GET', pattern: /^\/auth\/v1\/user$/, handler: getUser },
  { method: 'PUT', pattern: /^\/auth\/v1\/user$/, handler: updateUser },
  { method: 'POST', pattern: /^\/auth\/v1\/logout$/, handler: logout },
  { method: 'POST', pattern: /^\/auth\/v1\/recover$/, handler: recover },
  { method: 'POST', pattern: /^\/auth\/v1\/verify$/, handler: verifyPost },
  { method: 'GET', pattern: /^\/auth\/v1\/verify$/, handler: verifyGet, open: true },
  { method: 'POST', pattern: /^\/auth\/v1\/resend$/, handler: resend },
  { method: 'POST', pattern: /^\/auth\/v1\/invite$/, handler: invite },
  { method: 'POST', pattern: /^\/auth\/v1\/factors$/, handler: enrollFactor },
  { method: 'POST', pattern: new RegExp(`^/auth/v1/factors/${FACTOR}/challenge$`), handler: challengeFactor },
  { method: 'POST', pattern: new RegExp(`^/auth/v1/factors/${FACTOR}/verify$`), handler: verifyFactor },
  { method: 'DELETE', pattern: new RegExp(`^/auth/v1/factors/${FACTOR}$`), handler: unenrollFactor },
  { method: 'GET', pattern: /^\/auth\/v1\/\.well-known\/jwks\.json$/, handler: jwks, open: true },
  { method: 'GET', pattern: /^\/auth\/v1\/settings$/, handler: settings },
  { method: 'GET', pattern: /^\/auth\/v1\/health$/, handler: health, open: true },
  { method: 'GET', pattern: /^\/inbox\/?$/, handler: inboxPage, open: true, loopbackOnly: true },
  { method: 'GET', pattern: /^\/inbox\/api\/messages$/, handler: listInboxMessages, open: true, loopbackOnly: true },
  {
    method: 'GET',
    pattern: /^\/inbox\/api\/messages\/([\w-]+)$/,
    handler: getInboxMessage,
    open: true,
    loopbackOnly: true,
  },
  { method: 'DELETE', pattern: /^\/inbox\/api\/messages$/, handler: clearInbox, open: true, loopbackOnly: true },
];

const MAX_STORED_EMAILS = 500;

/** A running emulator. */
export interface AuthEmulator {
  /** Base URL to hand to `createClient` (e.g. `http://127.0.0.1:54321`). */
  url: string;
  /** `${url}/auth/v1`: the JWT `iss`. */
  issuer: string;
  /** `${url}/inbox`. */
  inboxUrl: string;
  port: number;
  /** Stop listening and flush the state file. */
  close: () => Promise<void>;
}

async function seedDemoAccounts(emu: Emulator): Promise<void> {
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if (emu.store.userById(account.id) || emu.store.userByEmail(account.email)) continue;
    emu.store.data.users.push(
      newUser(emu, account.email, {
        id: account.id,
        password_hash: await hashPassword(account.password, emu.options.bcryptCost),
        email_confirmed_at: nowIso(emu),
      }),
    );
  }
}

function hasApiKey(req: IncomingMessage, url: URL, anonKey: string): boolean {
  const header = req.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey');
  return key === anonKey || key === LOCAL_SERVICE_ROLE_KEY;
}

/** Start the Supabase-Auth-compatible emulator (with its inbox) and resolve once it listens. */
export async function createAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const resolved = resolveOptions(options);
  const store = new Store(resolved.stateFile);
  store.data.signingKey ??= await createSigningKey();
  const siteOrigin = new URL(resolved.siteUrl).origin;

  // The issuer depends on the bound port, so the signer is created once the server listens.
  const emu = { options: resolved, store, limiter: new RateLimiter(resolved.rateLimits, resolved.now) } as Emulator;
  if (resolved.seedDemoAccounts) await seedDemoAccounts(emu);
  store.save();

  let boundPort = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    applyCors(req, res, siteOrigin);
    if (req.method === 'OPTIONS') return sendEmpty(res, 204);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    let params: string[] = [];
    const route = ROUTES.find((r) => {
      const match = r.method === req.method && r.pattern.exec(path);
      if (match) params = match.slice(1);
      return Boolean(match);
    });
    const mutates = req.method !== 'GET' || path.endsWith('/verify');
    try {
      if (!route) {
        const known = ROUTES.some((r) => r.pattern.test(path));
        throw known
          ? new GoTrueError(405, 'method_not_allowed', `Method ${req.method} not allowed on ${path}`)
          : new GoTrueError(404, 'not_found', `No route for ${req.method} ${path} in the local auth emulator`);
      }
      if (route.loopbackOnly && !loopbackHost(req, boundPort)) {
        throw new GoTrueError(
          403,
          'host_not_allowed',
          `The inbox answers only http://127.0.0.1:${boundPort}, http://localhost:${boundPort} or http://[::1]:${boundPort}`,
        );
      }
      if (!route.open && !hasApiKey(req, url, resolved.anonKey)) {
        throw new GoTrueError(401, 'no_api_key', 'No API key found in request, or the API key is not valid', {
          message: 'No API key found in request',
          hint: 'Send the anon key in the apikey header.',
        });
      }
      let parsedBody: Promise<Record<string, unknown>> | undefined;
      const ctx: RequestContext = {
        emu,
        req,
        res,
        url,
        ip: clientIp(req),
        params,
        body: () => (parsedBody ??= readJsonBody(req)),
      };
      await route.handler(ctx);
    } catch (error) {
      if (error instanceof GoTrueError) sendError(res, error);
      else {
        console.error('[auth-emulator]', error);
        sendJson(res, 500, { code: 'unexpected_failure', error_code: 'unexpected_failure', msg: 'Unexpected failure' });
      }
    } finally {
      if (mutates) {
        if (store.data.emails.length > MAX_STORED_EMAILS)
          store.data.emails.splice(0, store.data.emails.length - MAX_STORED_EMAILS);
        store.save();
      }
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  boundPort = port;
  const host = resolved.host === '0.0.0.0' || resolved.host === '::' ? '127.0.0.1' : resolved.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  emu.issuer = `${url}/auth/v1`;
  emu.signer = new TokenSigner(store.data.signingKey, emu.issuer, resolved.now);

  return {
    url,
    issuer: emu.issuer,
    inboxUrl: `${url}/inbox`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          store.save();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
