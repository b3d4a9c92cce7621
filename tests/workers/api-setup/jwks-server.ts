import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createAuthEmulator } from '../../../dev/auth-emulator/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    jwksBaseUrl: string;
    jwtPrivateJwk: string;
    jwtRotatedPrivateJwk: string;
    emulatorUrl: string;
    serviceRoleKey: string;
  }
}

/** What the fake auth server knows about a user beyond the token: set by tests through `POST /__auth/users/{sub}`. */
interface FakeUser {
  email?: string;
  /** Default: confirmed (a user who signs in with a password has confirmed the address). `null`: unconfirmed. */
  email_confirmed_at?: string | null;
  factors?: { id: string; factor_type: string; status: 'verified' | 'unverified' }[];
  is_anonymous?: boolean;
  /** The auth server fails (500) for this user's lookups. */
  down?: boolean;
}

/** How the fake `POST /auth/v1/invite` answers for an address (set through `POST /__auth/invite-behaviour`). */
type InviteBehaviour = 'ok' | 'slow' | 'down' | 'exists' | 'rate_limited' | 'refused_address';

/**
 * GoTrue's `GET /auth/v1/user` as the data API uses it (also under `/rotating`): the caller's access token is verified
 * with the test keys; a session revoked through `POST /__auth/sessions/{id}/revoke` answers 403 `session_not_found`;
 * the user carries `email_confirmed_at`, `factors` and `is_anonymous` from the per-user state. Lookups are counted per
 * session (`GET /__auth/lookups/{sessionId}`) so tests can see the cache. Request without `apikey` → 401.
 */
function fakeAuthServer(publicKeys: object[], serviceRoleKey: string) {
  const keys = createLocalJWKSet({ keys: publicKeys as never[] });
  const inviteBehaviour = new Map<string, InviteBehaviour>();
  const invitesSent: { email: string; data: unknown }[] = [];
  const users = new Map<string, FakeUser>();
  const revoked = new Set<string>();
  const lookups = new Map<string, number>();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
    });
  const user = async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.headers.apikey) return send(res, 401, { message: 'No API key found in request' });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return send(res, 401, { code: 'no_authorization', msg: 'This endpoint requires a Bearer token' });
    let claims;
    try {
      claims = (await jwtVerify(token, keys, { algorithms: ['ES256'], audience: 'authenticated' })).payload;
    } catch {
      return send(res, 403, { code: 'bad_jwt', msg: 'invalid JWT' });
    }
    const sid = String(claims.session_id);
    lookups.set(sid, (lookups.get(sid) ?? 0) + 1);
    const u = users.get(String(claims.sub)) ?? {};
    if (u.down) return send(res, 500, { code: 'unexpected_failure', msg: 'Unexpected failure' });
    if (revoked.has(sid)) return send(res, 403, { code: 'session_not_found', msg: 'Session does not exist' });
    const email = u.email ?? String(claims.email ?? '');
    const confirmedAt = u.email_confirmed_at === undefined ? '2026-01-01T00:00:00Z' : u.email_confirmed_at;
    return send(res, 200, {
      id: claims.sub,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      ...(confirmedAt ? { email_confirmed_at: confirmedAt } : {}),
      user_metadata: claims.user_metadata ?? {},
      identities: [{ provider: 'email', identity_data: { email, email_verified: Boolean(confirmedAt) } }],
      is_anonymous: u.is_anonymous ?? false,
      ...(u.factors?.length ? { factors: u.factors } : {}),
    });
  };
  /**
   * GoTrue's admin invite: the service-role key as bearer (else 403 `not_admin`); per address it answers as set by
   * the test (default: sent). Invites that "went out" are listed by `GET /__auth/invites?email=…`.
   */
  const invite = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (req.headers.authorization !== `Bearer ${serviceRoleKey}` || req.headers.apikey !== serviceRoleKey)
      return send(res, 403, { code: 'not_admin', message: 'User not allowed' });
    const email = String(body.email ?? '').toLowerCase();
    switch (inviteBehaviour.get(email) ?? 'ok') {
      case 'down':
        return send(res, 500, { code: 'unexpected_failure', message: 'Unexpected failure' });
      case 'exists':
        return send(res, 422, {
          code: 'email_exists',
          message: 'A user with this email address has already been registered',
        });
      case 'rate_limited':
        res.setHeader('Retry-After', '120');
        return send(res, 429, { code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
      case 'refused_address':
        return send(res, 400, { code: 'email_address_not_authorized', message: 'Email address not authorized' });
      case 'slow':
        // Sent, after 300 ms: concurrent invites of the address all reach the database while this one is sending.
        await new Promise((resolve) => setTimeout(resolve, 300));
        invitesSent.push({ email, data: body.data });
        return send(res, 200, { id: crypto.randomUUID(), email, invited_at: new Date().toISOString() });
      default:
        invitesSent.push({ email, data: body.data });
        return send(res, 200, { id: crypto.randomUUID(), email, invited_at: new Date().toISOString() });
    }
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/auth/v1/invite') {
      void invite(req, res);
      return true;
    }
    if (req.method === 'POST' && url === '/__auth/invite-behaviour') {
      void readBody(req).then((body) => {
        inviteBehaviour.set(String(body.email).toLowerCase(), body.behaviour as InviteBehaviour);
        send(res, 200, { ok: true });
      });
      return true;
    }
    if (req.method === 'GET' && url.startsWith('/__auth/invites?')) {
      const email = new URL(url, 'http://x').searchParams.get('email')?.toLowerCase();
      send(
        res,
        200,
        invitesSent.filter((i) => i.email === email),
      );
      return true;
    }
    if (req.method === 'GET' && /^(\/rotating)?\/auth\/v1\/user$/.test(url)) {
      void user(req, res);
      return true;
    }
    let m = /^\/__auth\/users\/([^/]+)$/.exec(url);
    if (m && req.method === 'POST') {
      const sub = decodeURIComponent(m[1]!);
      void readBody(req).then((body) => {
        users.set(sub, { ...users.get(sub), ...body });
        send(res, 200, users.get(sub));
      });
      return true;
    }
    m = /^\/__auth\/sessions\/([^/]+)\/revoke$/.exec(url);
    if (m && req.method === 'POST') {
      revoked.add(decodeURIComponent(m[1]!));
      send(res, 200, { revoked: true });
      return true;
    }
    m = /^\/__auth\/lookups\/([^/]+)$/.exec(url);
    if (m && req.method === 'GET') {
      send(res, 200, { lookups: lookups.get(decodeURIComponent(m[1]!)) ?? 0 });
      return true;
    }
    return false;
  };
}

/**
 * Node-side global setup of the workers project: a real ES256 key pair and a real JWKS endpoint on 127.0.0.1
 * (`/auth/v1/.well-known/jwks.json`), so the Worker verifies test tokens over HTTP exactly as in production.
 */
export default async function setup(project: TestProject) {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const pub = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'ES256', use: 'sig' };
  const priv = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'ES256' };
  // A second issuer under /rotating whose JWKS gains `test-key-2` after POST /rotating/__rotate (key rotation), and
  // which counts its JWKS fetches (GET /rotating/__fetches), to test caching and the refetch on an unknown `kid`.
  const next = await generateKeyPair('ES256', { extractable: true });
  const pub2 = { ...(await exportJWK(next.publicKey)), kid: 'test-key-2', alg: 'ES256', use: 'sig' };
  const priv2 = { ...(await exportJWK(next.privateKey)), kid: 'test-key-2', alg: 'ES256' };
  let rotated = false;
  let rotatingFetches = 0;
  const json = (res: import('node:http').ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  // The service-role key of the fake auth server's admin invite (bound as SUPABASE_SERVICE_ROLE_KEY in the Worker).
  const serviceRoleKey = `test-service-role-${crypto.randomUUID()}`;
  const auth = fakeAuthServer([pub, pub2], serviceRoleKey);
  const server: Server = createServer((req, res) => {
    if (auth(req, res)) return;
    if (req.url === '/auth/v1/.well-known/jwks.json') return json(res, { keys: [pub] });
    if (req.url === '/rotating/auth/v1/.well-known/jwks.json') {
      rotatingFetches++;
      return json(res, { keys: rotated ? [pub, pub2] : [pub] });
    }
    if (req.url === '/rotating/__rotate' && req.method === 'POST') {
      rotated = true;
      return json(res, { rotated });
    }
    if (req.url === '/rotating/__fetches') return json(res, { fetches: rotatingFetches });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('jwksBaseUrl', `http://127.0.0.1:${port}`);
  project.provide('jwtPrivateJwk', JSON.stringify(priv));
  project.provide('jwtRotatedPrivateJwk', JSON.stringify(priv2));
  project.provide('serviceRoleKey', serviceRoleKey);
  // The real local auth emulator too, for tests that sign in, enrol MFA and sign out as the browser does.
  const dir = mkdtempSync(path.join(tmpdir(), 'workers-auth-emulator-'));
  const emulator = await createAuthEmulator({
    port: 0,
    stateFile: path.join(dir, 'state.json'),
    rateLimits: false,
    seedDemoAccounts: false,
    bcryptCost: 4,
  });
  project.provide('emulatorUrl', emulator.url);
  return async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
