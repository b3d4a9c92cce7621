import { keyRestrictionsSchema, keyRestrictionsUpdateSchema } from '../../../../src/shared/api/key-restrictions';
import { INVALID_BODY_MESSAGE } from '../../../../src/shared/api/error-messages';
import { parseAllowlistEntry, rateLimitError } from '../../../../src/shared/key-restrictions-rules';
import type { ApiKeyRow } from '../../db/api-keys';
import { auditStmt } from '../../db/audit';
import { parseJson, updateStmt, type Row } from '../../db/core';
import { recentKeyAddresses } from '../../db/key-addresses';
import { defineRoute, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { callerLimit } from '../rate-limit';
import { ApiError, conflict, isoStrict, json } from '../request-response';
import { mustGet } from '../route-builders';
import { auditFor } from '../write-commits';

const P = '/projects/:projectId/:mode/api-keys/:id/restrictions';

/** The restrictions of a key row, with the project's limit and the key's last addresses. */
async function toApi(c: ApiContext, row: ApiKeyRow) {
  const addresses = await recentKeyAddresses(c.directory, row.id);
  return {
    allowedIps: parseJson<string[]>(row.allowed_ips, []),
    rateLimitPerMinute: row.rate_limit_per_minute,
    projectRateLimitPerMinute: callerLimit(c.env),
    recentAddresses: addresses.map((a) => ({
      address: a.address,
      firstSeenAt: isoStrict(a.first_seen_at),
      lastSeenAt: isoStrict(a.last_seen_at),
      requestCount: a.request_count,
    })),
    version: row.version,
  };
}

/** A secret key's IP allowlist and rate limit (docs/api.md "Key restrictions"): the same roles as the key itself. */
export const keyRestrictionRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: P,
    scope: 'mode',
    permission: 'manage_keys',
    tag: 'API keys',
    summary: "Read a secret key's restrictions (IP allowlist, rate limit) and the addresses it was last used from",
    response: keyRestrictionsSchema,
    handler: async (c) => {
      const row = (await mustGet(c, 'api_keys', c.params.id, 'API key')) as unknown as ApiKeyRow;
      return json(await toApi(c, row));
    },
  }),
  defineRoute({
    method: 'PUT',
    path: P,
    scope: 'mode',
    permission: 'manage_keys',
    tag: 'API keys',
    summary: "Set a secret key's IP allowlist (addresses and CIDR ranges, at most 50) and rate limit",
    body: keyRestrictionsUpdateSchema,
    response: keyRestrictionsSchema,
    handler: async (c) => {
      const body = c.body;
      const projectLimit = callerLimit(c.env);
      const limitMessage = rateLimitError(body.rateLimitPerMinute, projectLimit);
      if (limitMessage)
        throw new ApiError('bad_request', INVALID_BODY_MESSAGE, [
          { path: 'rateLimitPerMinute', message: limitMessage },
        ]);
      const old = (await mustGet(c, 'api_keys', c.params.id, 'API key')) as unknown as ApiKeyRow;
      if (old.type !== 'secret') throw conflict('Only secret keys take an IP allowlist and a rate limit');
      const allowedIps = body.allowedIps.map((e) => {
        const r = parseAllowlistEntry(e);
        return r.ok ? r.canonical : e;
      });
      const db = c.directory;
      const set: Row = { allowed_ips: JSON.stringify(allowedIps), rate_limit_per_minute: body.rateLimitPerMinute };
      const [upd] = await db.batch([
        updateStmt(db, 'api_keys', scopeOf(c), old.id, body.version, set, c.now),
        auditStmt(
          db,
          auditFor(c, 'api_key.restrictions_changed', 'api_keys', old.id, {
            allowedIps,
            rateLimitPerMinute: body.rateLimitPerMinute,
            before: {
              allowedIps: parseJson<string[]>(old.allowed_ips, []),
              rateLimitPerMinute: old.rate_limit_per_minute,
            },
          }),
          true,
        ),
      ]);
      const row = upd!.results[0] as ApiKeyRow | undefined;
      if (!row) throw conflict('API key was changed by someone else: reload and try again');
      return json(await toApi(c, row));
    },
  }),
];
