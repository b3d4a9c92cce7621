import { env } from 'cloudflare:test';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { shardAt } from '../../../functions/_lib/db/shards';
import { SHARD_TABLES } from '../../../functions/_lib/db/shard-tables';

export const testEnv = env as unknown as Env & { TEST_JWT_PRIVATE_JWK: string };
export const ISSUER = `${testEnv.PUBLIC_SUPABASE_URL}/auth/v1`;

let keyPromise: Promise<CryptoKey | Uint8Array> | null = null;
const privateKey = () => (keyPromise ??= importJWK(JSON.parse(testEnv.TEST_JWT_PRIVATE_JWK), 'ES256'));

/** A Supabase-shaped ES256 access token signed by the test JWKS key. */
export async function token(
  sub: string,
  o: {
    email?: string;
    claims?: JWTPayload;
    header?: Record<string, unknown>;
    exp?: number;
    nbf?: number;
    aud?: string;
    iss?: string;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({
    email: o.email ?? `${sub}@example.com`,
    role: 'authenticated',
    aal: 'aal1',
    session_id: crypto.randomUUID(),
    ...o.claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key-1', typ: 'JWT', ...o.header })
    .setSubject(sub)
    .setIssuer(o.iss ?? ISSUER)
    .setAudience(o.aud ?? 'authenticated')
    .setIssuedAt(now)
    .setExpirationTime(o.exp ?? now + 3600);
  if (o.nbf) jwt.setNotBefore(o.nbf);
  return jwt.sign(await privateKey());
}

/** Calls the API in-process (same code path as the Pages Function). */
export async function api(
  method: string,
  path: string,
  auth: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const init: RequestInit = { method, headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
  }
  const pending: Promise<unknown>[] = [];
  const res = await handleApi(new Request(`https://dash.test/api/v1${path}`, init), testEnv, (p) => pending.push(p));
  await Promise.allSettled(pending);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** A new project owned by `ownerSub`, plus the secret keys from its creation response. */
export async function newProject(ownerSub: string, name = 'Test project') {
  const t = await token(ownerSub);
  const res = await api('POST', '/projects', t, { name });
  if (res.status !== 201) throw new Error(`create project: ${res.status} ${res.text}`);
  const secret = (mode: string) =>
    res.body.keys.find((k: any) => k.type === 'secret' && k.hint.startsWith(`sk_${mode}_`)).secret as string;
  return {
    id: res.body.id as string,
    ownerToken: t,
    secretTest: secret('test'),
    secretLive: secret('live'),
    body: res.body,
  };
}

/** Adds a member directly (the invite flow is tested separately). */
export async function addMember(projectId: string, userId: string, role: string) {
  const now = Date.now();
  await testEnv.DB.prepare(
    'INSERT INTO members (project_id, user_id, email, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(projectId, userId, `${userId}@example.com`, role, now, now)
    .run();
}

/**
 * The fake Supabase Auth server beside the JWKS (tests/workers/api-setup/jwks-server.ts): what `GET /auth/v1/user`
 * answers for a user (email confirmation, MFA factors, anonymous), sessions signed out everywhere, lookups counted.
 */
export const authServer = {
  async setUser(
    sub: string,
    state: {
      email?: string;
      email_confirmed_at?: string | null;
      factors?: { id: string; factor_type: string; status: 'verified' | 'unverified' }[];
      is_anonymous?: boolean;
      down?: boolean;
    },
  ): Promise<void> {
    const res = await fetch(`${testEnv.PUBLIC_SUPABASE_URL}/__auth/users/${encodeURIComponent(sub)}`, {
      method: 'POST',
      body: JSON.stringify(state),
    });
    if (!res.ok) throw new Error(`fake auth server: ${res.status}`);
  },
  async revokeSession(sessionId: string): Promise<void> {
    const res = await fetch(`${testEnv.PUBLIC_SUPABASE_URL}/__auth/sessions/${sessionId}/revoke`, { method: 'POST' });
    if (!res.ok) throw new Error(`fake auth server: ${res.status}`);
  },
  async lookups(sessionId: string): Promise<number> {
    const res = await fetch(`${testEnv.PUBLIC_SUPABASE_URL}/__auth/lookups/${sessionId}`);
    return (await res.json<{ lookups: number }>()).lookups;
  },
};

/**
 * The shard a project's data is on (docs/architecture.md "Shards"): tests that look into its tables directly, or
 * write there as if something else had, reach it here. The directory's tables are `testEnv.DB`.
 */
export async function shardOf(projectId: string): Promise<D1Database> {
  const row = await testEnv.DB.prepare('SELECT shard FROM projects WHERE id = ?')
    .bind(projectId)
    .first<{ shard: number | null }>();
  if (!row) throw new Error(`no project ${projectId}`);
  return shardAt(testEnv, row.shard);
}

/**
 * A new project with a test-mode webhook on `url` for `user.created`, and one such event (a user created through the
 * API), with no delivery attempt yet: the set-up of tests that drive the delivery engine (fan-out, attempts) by hand.
 */
export async function projectWithUserEvent(ownerSub: string, name: string, url: string) {
  const project = await newProject(ownerSub, name);
  const base = `/projects/${project.id}/test`;
  const hook = await api('POST', `${base}/webhooks`, project.ownerToken, { url, topics: ['user.created'] });
  if (hook.status !== 201) throw new Error(`webhook not created: ${JSON.stringify(hook.body)}`);
  await api('POST', `${base}/users`, project.ownerToken, { name: 'Ada' });
  const shard = await shardOf(project.id);
  const event = await shard
    .prepare('SELECT id FROM webhook_events WHERE project_id = ? AND topic = ?')
    .bind(project.id, 'user.created')
    .first<{ id: string }>();
  if (!event) throw new Error('no user.created event');
  await shard.prepare('DELETE FROM webhook_deliveries WHERE project_id = ?').bind(project.id).run();
  return { project, base, hookId: hook.body.id as string, shard, eventId: event.id };
}

/**
 * Test set-up of an installation from before the shards (`shards:split` not run yet): the project's shard rows moved
 * into the directory's own tables by plain SQL, and its `shard` set to NULL.
 */
export async function moveIntoDirectory(projectId: string, shard: number) {
  const from = shardAt(testEnv, shard);
  for (const table of [...SHARD_TABLES].reverse()) {
    const rows =
      table === 'transaction_statuses'
        ? (
            await from
              .prepare(
                'SELECT s.* FROM transaction_statuses s JOIN transactions t ON t.id = s.transaction_id WHERE t.project_id = ?',
              )
              .bind(projectId)
              .all<Record<string, unknown>>()
          ).results
        : (
            await from
              .prepare(`SELECT * FROM ${table} WHERE project_id = ?`)
              .bind(projectId)
              .all<Record<string, unknown>>()
          ).results;
    if (!rows.length || table === 'row_counts') continue;
    const cols = Object.keys(rows[0]!);
    await testEnv.DB.prepare(
      `INSERT OR IGNORE INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((c) => `value ->> '${c}'`).join(', ')} FROM json_each(?)`,
    )
      .bind(JSON.stringify(rows))
      .run();
  }
  await testEnv.DB.prepare('UPDATE projects SET shard = NULL WHERE id = ?').bind(projectId).run();
  for (const table of SHARD_TABLES)
    if (table !== 'transaction_statuses')
      await from.prepare(`DELETE FROM ${table} WHERE project_id = ?`).bind(projectId).run();
}
