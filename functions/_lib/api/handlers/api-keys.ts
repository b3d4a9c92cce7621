import { KEY_PREFIX, keyHint } from '../../../../src/shared/api/stored-shapes';
import {
  apiKeyCreateSchema,
  apiKeyListSpec,
  apiKeyRotateSchema,
  apiKeySchema,
  apiKeyUpdateSchema,
  apiKeyWithSecretSchema,
  apiKeyCreatedSchema,
} from '../../../../src/shared/api/api-keys';
import type { Mode } from '../../../../src/shared/api/common';
import { newId } from '../../../../src/shared/api/ids';
import type { ApiKeyRow } from '../../db/api-keys';
import { insertIfStmt, insertStmt, parseJson, updateStmt, type Row } from '../../db/core';
import type { NewKey } from '../../db/projects';
import { auditStmt } from '../../db/audit';
import { scopeOf, modeOf, type ApiRoute, defineRoute } from '../context';
import { randomToken, sha256Hex } from '../crypto';
import { iso, isoStrict, json, ApiError } from '../request-response';
import { auditFor, commitCreate } from '../write-commits';
import { getRoute, listRoute, mustGet, updateRoute } from '../route-builders';

const P = '/projects/:projectId/:mode/api-keys';

/** A new key: publishable keys are stored as is, secret/shield keys only hashed. `secret` is the only full copy. */
export async function makeKey(
  mode: Mode,
  type: 'publishable' | 'secret' | 'shield',
  name: string,
): Promise<{ key: NewKey & { type: typeof type }; secret: string }> {
  const secret = `${KEY_PREFIX[type]}_${mode}_${randomToken(24)}`;
  const isPublic = type === 'publishable';
  return {
    secret,
    key: {
      id: newId('key'),
      mode,
      type: type as 'publishable',
      name,
      publicKey: isPublic ? secret : null,
      keyHash: isPublic ? null : await sha256Hex(secret),
      hint: keyHint(type, mode, secret),
    },
  };
}

function status(r: ApiKeyRow, now: number): 'active' | 'rotating' | 'revoked' | 'expired' {
  if (r.revoked_at !== null) return 'revoked';
  if (r.expires_at !== null) return r.expires_at > now ? 'rotating' : 'expired';
  return 'active';
}

/** API shape of a key row (never the hash); its status at the request's time. */
export function apiKeyToApi(row: Row, c: { now: number }) {
  const r = row as unknown as ApiKeyRow;
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    scopes: parseJson<string[]>(r.scopes, []),
    publicKey: r.public_key,
    hint: r.hint,
    status: status(r, c.now),
    createdAt: isoStrict(r.created_at),
    lastUsedAt: iso(r.last_used_at),
    revokedAt: iso(r.revoked_at),
    expiresAt: iso(r.expires_at),
    replacedBy: r.replaced_by,
    version: r.version,
  };
}

function keyRow(k: NewKey & { type: string }, projectId: string, scopes: string[], now: number): Row {
  return {
    id: k.id,
    project_id: projectId,
    mode: k.mode,
    type: k.type,
    name: k.name,
    scopes: JSON.stringify(scopes),
    public_key: k.publicKey,
    key_hash: k.keyHash,
    hint: k.hint,
    created_at: now,
    updated_at: now,
    last_used_at: null,
    revoked_at: null,
    expires_at: null,
    replaced_by: null,
    version: 1,
  };
}

const TABLE = { table: 'api_keys', columns: { createdAt: 'created_at', type: 'type' } };

export const apiKeyRoutes: ApiRoute[] = [
  listRoute({
    path: P,
    tag: 'API keys',
    summary: 'List API keys',
    def: TABLE,
    spec: apiKeyListSpec,
    toApi: apiKeyToApi,
    item: apiKeySchema,
    permission: 'manage_keys',
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'manage_keys',
    tag: 'API keys',
    summary: 'Create an API key (the secret is in this response only)',
    body: apiKeyCreateSchema,
    response: apiKeyCreatedSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const body = c.body;
      const { key, secret } = await makeKey(modeOf(c), body.type, body.name);
      const row = keyRow(key, c.access!.projectId, body.scopes, c.now);
      const response = { ...apiKeyToApi(row, c), secret };
      // The idempotency record stores the response without the secret: a replay cannot leak it.
      return commitCreate(c, {
        statements: [insertStmt(c.directory, 'api_keys', row)],
        db: c.directory,
        audit: auditFor(c, 'api_key.created', 'api_keys', key.id, { type: body.type }),
        body: { ...response, secret: null },
        response,
        requestBody: body,
      });
    },
  }),
  {
    ...getRoute({
      path: `${P}/:id`,
      tag: 'API keys',
      summary: 'Read an API key',
      table: 'api_keys',
      what: 'API key',
      toApi: apiKeyToApi,
      item: apiKeySchema,
    }),
    permission: 'manage_keys',
  },
  updateRoute({
    path: `${P}/:id`,
    tag: 'API keys',
    summary: 'Rename an API key',
    table: 'api_keys',
    what: 'API key',
    action: 'api_key.renamed',
    permission: 'manage_keys',
    body: apiKeyUpdateSchema,
    toColumns: (b) => ({ name: b.name }),
    toApi: apiKeyToApi,
    item: apiKeySchema,
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/:id/rotate`,
    scope: 'mode',
    permission: 'manage_keys',
    tag: 'API keys',
    summary: 'Rotate a key: a new secret now, the old one keeps working for the grace period',
    body: apiKeyRotateSchema,
    response: apiKeyWithSecretSchema,
    status: 201,
    handler: async (c) => {
      const body = c.body;
      const old = (await mustGet(c, 'api_keys', c.params.id, 'API key')) as unknown as ApiKeyRow;
      if (status(old, c.now) !== 'active') throw new ApiError('conflict', 'Only an active key can be rotated');
      const { key, secret } = await makeKey(modeOf(c), old.type, old.name);
      const row = keyRow(key, c.access!.projectId, parseJson<string[]>(old.scopes, []), c.now);
      const db = c.directory;
      const [upd] = await db.batch([
        updateStmt(
          db,
          'api_keys',
          scopeOf(c),
          old.id,
          old.version,
          { expires_at: c.now + body.gracePeriodSeconds * 1000, replaced_by: key.id },
          c.now,
        ),
        auditStmt(
          db,
          auditFor(c, 'api_key.rotated', 'api_keys', old.id, {
            replacedBy: key.id,
            gracePeriodSeconds: body.gracePeriodSeconds,
          }),
          true,
        ),
        insertIfStmt(db, 'api_keys', row, 'EXISTS (SELECT 1 FROM api_keys WHERE id = ? AND replaced_by = ?)', [
          old.id,
          key.id,
        ]),
      ]);
      if (!upd!.results.length)
        throw new ApiError('conflict', 'API key was changed by someone else: reload and try again');
      return json({ ...apiKeyToApi(row, c), secret }, 201);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/:id`,
    scope: 'mode',
    permission: 'manage_keys',
    tag: 'API keys',
    summary: 'Revoke an API key (kept in the list as revoked)',
    status: 204,
    handler: async (c) => {
      const db = c.directory;
      const s = scopeOf(c);
      const [res] = await db.batch([
        db
          .prepare(
            'UPDATE api_keys SET revoked_at = ?, updated_at = ?, version = version + 1 WHERE id = ? AND project_id = ? AND mode = ? AND revoked_at IS NULL',
          )
          .bind(c.now, c.now, c.params.id, s.projectId, s.mode),
        auditStmt(db, auditFor(c, 'api_key.revoked', 'api_keys', c.params.id), true),
      ]);
      if (!res!.meta.changes) await mustGet(c, 'api_keys', c.params.id, 'API key');
      return new Response(null, { status: 204 });
    },
  }),
];
