import { z } from 'zod';
import { newId } from '../../../../src/shared/api/ids';
import {
  authMigrationCreateSchema,
  authMigrationListSpec,
  authMigrationSchema,
  authMigrationUpdateSchema,
  jwksCheckResultSchema,
  jwksCheckSchema,
  SETTINGS_DEFAULTS,
  SETTINGS_ROUTES,
  SETTINGS_SCHEMAS,
  SETTINGS_SECRETS,
  SETTINGS_API,
  settingsPatchSchema,
  type SettingsKind,
} from '../../../../src/shared/api/settings';
import { OAUTH_PROVIDERS, THIRD_PARTY_FIELDS } from '../../../../src/shared/auth-settings-rules';
import { auditStmt } from '../../db/audit';
import { checkJwks } from '../../net/jwks-check';
import { dnsOverHttpsUrl, dohResolver } from '../../net/doh';
import { limitAction } from '../rate-limit';
import { insertStmt, parseJson, type Row } from '../../db/core';
import { modeOf, scopeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { encryptSecret, HINT_MIN_LENGTH, sealedLength, secretHint } from '../crypto';
import { ApiError, isoStrict, json, notFound, zodDetails } from '../request-response';
import { auditFor, commitCreate } from '../write-commits';
import { getRoute, listRoute, updateRoute } from '../route-builders';
import { customDomainPatch, settingsWithClaimedDomain } from '../ecosystem-domain';
import { checkSmtpHost, legacySmtp, nextSmtpPassword, type StoredSmtpSecret } from '../smtp-settings';

type Obj = Record<string, unknown>;

/** JWKS checks per caller per minute (each is an outbound fetch of a URL the caller chose). */
export const JWKS_CHECKS_PER_MINUTE = 10;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(base: Obj, patch: Obj): Obj {
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObj(v) && isObj(base[k]) ? merge(base[k] as Obj, v) : v;
  return out;
}
function getPath(o: Obj, path: string[]): unknown {
  return path.reduce<unknown>((a, k) => (isObj(a) ? a[k] : undefined), o);
}
function setPath(o: Obj, path: string[], v: unknown) {
  let cur: Obj = o;
  for (const k of path.slice(0, -1)) {
    if (!isObj(cur[k])) return;
    cur = cur[k] as Obj;
  }
  const last = path[path.length - 1]!;
  if (v === undefined) delete cur[last];
  else cur[last] = v;
}

/**
 * The stored data as the current schema reads it: fields added since the row was written take their defaults, and
 * the former single `sessionLifetimeSeconds` of security settings becomes the refresh token lifetime.
 */
export function stored(kind: SettingsKind, row: Row): Obj {
  const data = parseJson<Obj>(row.data, {});
  if (kind === 'security' && 'sessionLifetimeSeconds' in data) {
    data.refreshTokenLifetimeSeconds ??= data.sessionLifetimeSeconds;
    delete data.sessionLifetimeSeconds;
  }
  if (kind === 'smtp') legacySmtp(data);
  if (kind === 'security' && Array.isArray(data.nativeApps))
    data.nativeApps = data.nativeApps.map((a: unknown) => (isObj(a) ? { urlScheme: null, ...a } : a));
  return merge(structuredClone(SETTINGS_DEFAULTS[kind]) as Obj, data);
}

/**
 * Secrets an enabled provider needs, given in this request or stored before: an enabled OAuth provider's client
 * secret, the chosen third-party provider's key. Messages at the secret's field.
 */
function missingSecrets(kind: SettingsKind, data: Obj, secrets: Record<string, unknown>) {
  if (kind !== 'providers') return [];
  const needed: { path: string; message: string }[] = [];
  for (const p of OAUTH_PROVIDERS)
    if (getPath(data, ['oauth', p, 'enabled']) === true)
      needed.push({ path: `oauth.${p}.clientSecret`, message: 'Enter the client secret' });
  const provider = getPath(data, ['thirdParty', 'provider']) as keyof typeof THIRD_PARTY_FIELDS | null;
  if (provider)
    for (const f of THIRD_PARTY_FIELDS[provider])
      if (f.endsWith('Key')) needed.push({ path: `thirdParty.${f}`, message: 'Enter the key' });
  return needed.filter((n) => typeof getPath(data, n.path.split('.')) !== 'string' && !secrets[n.path]);
}

/** Public data plus `<field>Hint` for each stored secret. */
function present(kind: SettingsKind, row: Row) {
  const data = stored(kind, row);
  const hints = parseJson<Record<string, string>>(row.hints ?? '{}', {});
  const secrets = parseJson<Record<string, { value: string; hint: string }>>(row.secrets, {});
  for (const path of SETTINGS_SECRETS[kind]) {
    const p = path.split('.');
    const s = secrets[path];
    // A hint stored before the 12-character rule is masked when the ciphertext shows a shorter secret.
    const hint = s ? (sealedLength(s.value) < HINT_MIN_LENGTH ? '••••' : s.hint) : (hints[path] ?? null);
    setPath(data, [...p.slice(0, -1), `${p[p.length - 1]}Hint`], hint);
  }
  return { kind, data, updatedAt: isoStrict(row.updated_at as number), version: row.version };
}

async function load(c: ApiContext, kind: SettingsKind): Promise<Row> {
  const s = scopeOf(c);
  const row = await c.db
    .prepare('SELECT * FROM settings WHERE project_id = ? AND mode = ? AND kind = ?')
    .bind(s.projectId, s.mode, kind)
    .first<Row>();
  if (!row) throw notFound('Settings');
  return kind === 'ecosystem' ? settingsWithClaimedDomain(c, row) : row;
}

function settingsRoutes(segment: string, kind: SettingsKind): ApiRoute[] {
  const path = `/projects/:projectId/:mode/${segment}`;
  const permission = kind === 'ecosystem' ? ('manage_project' as const) : ('manage_auth' as const);
  const tag = kind === 'ecosystem' ? 'Ecosystem' : 'Auth';
  return [
    defineRoute({
      method: 'GET',
      path,
      scope: 'mode',
      permission: 'read',
      tag,
      summary: `Read ${segment} settings`,
      response: SETTINGS_API[kind].response,
      handler: async (c) => json(present(kind, await load(c, kind))),
    }),
    defineRoute({
      method: 'PATCH',
      path,
      scope: 'mode',
      permission,
      tag,
      summary: `Update ${segment} settings (deep-merged partial object plus version; secrets write-only)`,
      body: settingsPatchSchema,
      bodyDoc: SETTINGS_API[kind].patch,
      response: SETTINGS_API[kind].response,
      handler: async (c) => {
        const { version, ...patch } = c.body;
        const row = await load(c, kind);
        const merged = merge(stored(kind, row), patch);
        const parsed = SETTINGS_SCHEMAS[kind].safeParse(merged);
        const secrets = parseJson<Record<string, { value: string; hint: string }>>(row.secrets, {});
        // Missing secrets are reported with the schema's issues, so a form shows every field's message at once.
        const missing = missingSecrets(kind, merged, secrets);
        if (!parsed.success || missing.length)
          throw new ApiError('bad_request', 'Invalid settings', [
            ...(parsed.success ? [] : zodDetails(parsed.error as z.ZodError)),
            ...missing,
          ]);
        const data = parsed.data as Obj;
        const domainWrites =
          kind === 'ecosystem'
            ? customDomainPatch(c, data.customDomain, parseJson<Obj>(row.data, {}).customDomain)
            : [];
        if (kind === 'smtp') await checkSmtpHost(c, data.host);
        const s = scopeOf(c);
        if (kind === 'smtp') {
          // The password stays with the server it was entered for (smtp-settings.ts): sealed bound to the host,
          // forgotten when host, port, user or TLS mode change without a new one.
          const password = await nextSmtpPassword(c.env, {
            projectId: s.projectId,
            mode: s.mode,
            before: stored(kind, row),
            after: data,
            newPassword: typeof data.password === 'string' ? data.password : undefined,
            stored: secrets.password as StoredSmtpSecret | undefined,
          });
          if (password) secrets.password = password;
          else delete secrets.password;
          delete data.password;
        }
        for (const path of SETTINGS_SECRETS[kind]) {
          const p = path.split('.');
          const value = getPath(data, p);
          if (typeof value === 'string')
            secrets[path] = {
              value: await encryptSecret(c.env, value, `settings:${s.projectId}:${s.mode}:${kind}:${path}`),
              hint: secretHint(value),
            };
          setPath(data, p, undefined);
        }
        const db = c.db;
        const [res] = await db.batch([
          db
            .prepare(
              'UPDATE settings SET data = ?, secrets = ?, updated_at = ?, version = version + 1 WHERE project_id = ? AND mode = ? AND kind = ? AND version = ? RETURNING *',
            )
            .bind(JSON.stringify(data), JSON.stringify(secrets), c.now, s.projectId, s.mode, kind, version),
          auditStmt(
            db,
            auditFor(c, `settings.${kind}.updated`, 'settings', kind, { fields: Object.keys(patch) }),
            true,
          ),
        ]);
        const updated = res!.results[0] as Row | undefined;
        if (!updated)
          throw new ApiError('conflict', 'Settings were changed by someone else: reload and try again', {
            reason: 'stale_version',
          });
        // A cleared custom domain drops the ecosystem's claim (ecosystem-domain.ts).
        if (domainWrites.length) await c.directory.batch(domainWrites);
        return json(present(kind, updated));
      },
    }),
  ];
}

const M = '/projects/:projectId/:mode/auth/migrations';
function migrationToApi(r: Row) {
  return {
    id: r.id,
    sourceProvider: r.source_provider,
    mappingStrategy: r.mapping_strategy,
    status: r.status,
    totalCount: r.total_count,
    importedCount: r.imported_count,
    failedCount: r.failed_count,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}
const TRANSITIONS: Record<string, string[]> = {
  created: ['running', 'canceled'],
  running: ['paused', 'canceled'],
  paused: ['running', 'canceled'],
};

export const settingRoutes: ApiRoute[] = [
  ...Object.entries(SETTINGS_ROUTES).flatMap(([segment, kind]) => settingsRoutes(segment, kind)),
  defineRoute({
    method: 'POST',
    path: '/projects/:projectId/:mode/auth/providers/check-jwks',
    scope: 'mode',
    permission: 'manage_auth',
    tag: 'Auth',
    summary:
      'Check an OIDC / custom JWT JWKS URL: the server fetches it (SSRF guard, no redirects, 5 s) and says whether it parses',
    body: jwksCheckSchema,
    response: jwksCheckResultSchema,
    handler: async (c) => {
      const { jwksUrl } = c.body;
      await limitAction(c.env, `jwks-check:${c.actor.id}`, JWKS_CHECKS_PER_MINUTE, 60_000, 'to check a JWKS URL');
      const result = await checkJwks(jwksUrl, {
        mode: modeOf(c),
        allowLoopback: c.env.JWKS_CHECK_ALLOW_LOOPBACK === 'true',
        resolve: dohResolver(dnsOverHttpsUrl(c.env)),
      });
      if (result.refused)
        throw new ApiError('bad_request', result.message, [{ path: 'jwksUrl', message: result.message }]);
      const { refused: _refused, ...answer } = result;
      return json(answer);
    },
  }),
  listRoute({
    path: M,
    tag: 'Auth',
    summary: 'List user migrations',
    def: { table: 'auth_migrations', columns: { createdAt: 'created_at', status: 'status' } },
    spec: authMigrationListSpec,
    toApi: migrationToApi,
    item: authMigrationSchema,
  }),
  defineRoute({
    method: 'POST',
    path: M,
    scope: 'mode',
    permission: 'manage_auth',
    tag: 'Auth',
    summary: 'Create a user migration from another provider',
    body: authMigrationCreateSchema,
    response: authMigrationSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      const row: Row = {
        id: newId('amg'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        source_provider: b.sourceProvider,
        mapping_strategy: b.mappingStrategy,
        status: 'created',
        total_count: b.totalCount,
        imported_count: 0,
        failed_count: 0,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = migrationToApi(row);
      return commitCreate(c, {
        statements: [insertStmt(c.db, 'auth_migrations', row)],
        audit: auditFor(c, 'auth_migration.created', 'auth_migrations', row.id as string),
        body: response,
        response,
        requestBody: b,
      });
    },
  }),
  getRoute({
    path: `${M}/:id`,
    tag: 'Auth',
    summary: 'Read a user migration',
    table: 'auth_migrations',
    what: 'Migration',
    toApi: migrationToApi,
    item: authMigrationSchema,
  }),
  updateRoute({
    path: `${M}/:id`,
    tag: 'Auth',
    summary: 'Run, pause or cancel a migration',
    table: 'auth_migrations',
    what: 'Migration',
    action: 'auth_migration.status_changed',
    permission: 'manage_auth',
    body: authMigrationUpdateSchema,
    toApi: migrationToApi,
    item: authMigrationSchema,
    toColumns: async (b, c) => {
      const s = scopeOf(c);
      const cur = await c.db
        .prepare('SELECT status FROM auth_migrations WHERE id = ? AND project_id = ? AND mode = ?')
        .bind(c.params.id, s.projectId, s.mode)
        .first<{ status: string }>();
      if (!cur) throw notFound('Migration');
      if (!TRANSITIONS[cur.status]?.includes(b.status))
        throw new ApiError('conflict', `A ${cur.status} migration cannot become ${b.status}`);
      return { status: b.status };
    },
  }),
];
