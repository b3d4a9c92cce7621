import {
  DOMAIN_CLAIM_TTL_HOURS,
  DOMAIN_VERIFY_PREFIX,
  domainClaimCreateSchema,
  domainClaimSchema,
} from '../../../src/shared/api/ecosystem';
import { auditStmt } from '../db/audit';
import { parseJson, type Row } from '../db/core';
import { dnsOverHttpsUrl, lookupTxt } from '../net/doh';
import { defineRoute, scopeOf, type ApiContext, type ApiRoute } from './context';
import { sha256Hex } from './crypto';
import { limitAction } from './rate-limit';
import { ApiError, badRequest, isoStrict, json } from './request-response';
import { auditFor } from './write-commits';

/**
 * Custom domains (docs/api.md "Ecosystem"): a domain becomes an ecosystem's `customDomain` only after a DNS TXT
 * proof. Claiming stores a pending claim with the SHA-256 of a random token shown once; the customer sets
 * `_dashboard-verify.<domain>` to the token; "Verify" looks the TXT record up over DNS over HTTPS. Pending claims
 * block no one and lapse after 72 h; a verified claim is one per domain (unique index, migration 0027). Whoever proves
 * the domain gets it: a proof moves a domain another ecosystem had (its owner no longer controls the DNS). Nothing
 * answered here says whether another project has or claims a domain.
 */

const D = '/projects/:projectId/:mode/ecosystem/domain';
const TTL_MS = DOMAIN_CLAIM_TTL_HOURS * 3600_000;
/** Verifications per ecosystem per minute (each is a DNS lookup). */
export const DOMAIN_VERIFY_PER_MINUTE = 10;

const recordName = (domain: string) => `${DOMAIN_VERIFY_PREFIX}.${domain}`;

function claimToApi(r: Row | null, now: number, token: string | null = null) {
  if (!r)
    return {
      domain: null,
      status: 'none' as const,
      recordName: null,
      token: null,
      createdAt: null,
      expiresAt: null,
      verifiedAt: null,
    };
  const verified = r.status === 'verified';
  return {
    domain: r.domain as string,
    status: verified
      ? ('verified' as const)
      : (r.expires_at as number) <= now
        ? ('expired' as const)
        : ('pending' as const),
    recordName: recordName(r.domain as string),
    token,
    createdAt: isoStrict(r.created_at as number),
    expiresAt: verified ? null : isoStrict(r.expires_at as number),
    verifiedAt: r.verified_at == null ? null : isoStrict(r.verified_at as number),
  };
}

async function loadClaim(c: ApiContext): Promise<Row | null> {
  const s = scopeOf(c);
  return c.directory
    .prepare('SELECT * FROM ecosystem_domain_claims WHERE project_id = ? AND mode = ?')
    .bind(s.projectId, s.mode)
    .first<Row>();
}

/** A random token: 24 bytes as hex, prefixed so a TXT record says what it is for. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `dv-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * PATCH of the ecosystem settings: `customDomain` changes only through a claim and its proof; clearing it (`null`)
 * drops the ecosystem's claim too. Returns the statements to run with the settings update.
 */
export function customDomainPatch(c: ApiContext, domain: unknown, previous: unknown): D1PreparedStatement[] {
  if (domain === previous || (domain === undefined && previous === undefined)) return [];
  if (domain !== null && domain !== undefined)
    throw badRequest('Invalid settings', [
      {
        path: 'customDomain',
        message: 'A custom domain is set by claiming it and proving it with a DNS TXT record (Custom domain → Verify)',
      },
    ]);
  const s = scopeOf(c);
  return [
    c.directory
      .prepare('DELETE FROM ecosystem_domain_claims WHERE project_id = ? AND mode = ?')
      .bind(s.projectId, s.mode),
  ];
}

export const ecosystemDomainRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: D,
    scope: 'mode',
    permission: 'read',
    tag: 'Ecosystem',
    summary: "The ecosystem's custom-domain claim: pending (with the TXT record to set), verified, expired or none",
    response: domainClaimSchema,
    handler: async (c) => json(claimToApi(await loadClaim(c), c.now)),
  }),
  defineRoute({
    method: 'POST',
    path: D,
    scope: 'mode',
    permission: 'manage_project',
    tag: 'Ecosystem',
    summary:
      'Claim a custom domain: answers the TXT record to set (`_dashboard-verify.<domain>` = the token, shown only here); replaces a claim of this ecosystem',
    body: domainClaimCreateSchema,
    response: domainClaimSchema,
    status: 201,
    handler: async (c) => {
      const domain = c.body.domain;
      const s = scopeOf(c);
      const token = newToken();
      const db = c.directory;
      // A verified claim of the same domain stays as it is (the ecosystem already has it; no new proof needed).
      const current = await loadClaim(c);
      if (current?.status === 'verified' && current.domain === domain)
        throw new ApiError('conflict', `${domain} is already this ecosystem's verified custom domain`);
      const [res] = await db.batch([
        db
          .prepare(
            `INSERT INTO ecosystem_domain_claims (project_id, mode, domain, token_hash, status, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?6)
             ON CONFLICT (project_id, mode) DO UPDATE SET domain = ?3, token_hash = ?4, status = 'pending',
               created_at = ?5, expires_at = ?6, verified_at = NULL
             RETURNING *`,
          )
          .bind(s.projectId, s.mode, domain, await sha256Hex(token), c.now, c.now + TTL_MS),
        auditStmt(db, auditFor(c, 'ecosystem.domain_claimed', 'settings', 'ecosystem', { domain }), true),
      ]);
      return json(claimToApi(res!.results[0] as Row, c.now, token), 201);
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${D}/verify`,
    scope: 'mode',
    permission: 'manage_project',
    tag: 'Ecosystem',
    summary:
      'Look up the TXT record of the pending claim (DNS over HTTPS): when it holds the token, the domain becomes the ecosystem’s custom domain',
    response: domainClaimSchema,
    handler: async (c) => {
      const s = scopeOf(c);
      await limitAction(
        c.env,
        `domain-verify:${s.projectId}:${s.mode}`,
        DOMAIN_VERIFY_PER_MINUTE,
        60_000,
        'to verify this domain',
      );
      const claim = await loadClaim(c);
      if (!claim) throw new ApiError('not_found', 'No custom domain is claimed: claim one first');
      if (claim.status === 'verified') return json(claimToApi(claim, c.now));
      const domain = claim.domain as string;
      if ((claim.expires_at as number) <= c.now)
        throw new ApiError(
          'conflict',
          `The claim of ${domain} expired (${DOMAIN_CLAIM_TTL_HOURS} h without proof): claim it again for a new token`,
          { reason: 'claim_expired' },
        );
      let records: string[];
      try {
        records = await lookupTxt(dnsOverHttpsUrl(c.env), recordName(domain));
      } catch {
        throw new ApiError('unavailable', 'The DNS lookup did not answer: try again in a moment');
      }
      const hashes = await Promise.all(records.map((r) => sha256Hex(r.trim())));
      if (!hashes.includes(claim.token_hash as string))
        throw badRequest(
          `No TXT record ${recordName(domain)} with this claim's token was found: DNS changes can take a few minutes to appear`,
          [{ path: 'domain', message: `Set the TXT record ${recordName(domain)} to the token, then verify again` }],
        );
      // The proof moves the domain: another ecosystem that had it lets it go (its claim here; its settings' copy
      // follows the directory when next read, on whichever shard it is: settingsWithClaimedDomain).
      const db = c.directory;
      const [, verified] = await db.batch([
        db
          .prepare(
            `DELETE FROM ecosystem_domain_claims WHERE domain = ?1 AND status = 'verified' AND NOT (project_id = ?2 AND mode = ?3)`,
          )
          .bind(domain, s.projectId, s.mode),
        db
          .prepare(
            `UPDATE ecosystem_domain_claims SET status = 'verified', verified_at = ?1
             WHERE project_id = ?2 AND mode = ?3 AND domain = ?4 AND status = 'pending' RETURNING *`,
          )
          .bind(c.now, s.projectId, s.mode, domain),
        auditStmt(db, auditFor(c, 'ecosystem.domain_verified', 'settings', 'ecosystem', { domain }), true),
      ]);
      const row = verified!.results[0] as Row | undefined;
      if (!row) throw new ApiError('conflict', 'The claim changed meanwhile: reload and try again');
      await copyDomainToSettings(c, domain);
      return json(claimToApi(row, c.now));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: D,
    scope: 'mode',
    permission: 'manage_project',
    tag: 'Ecosystem',
    summary: 'Drop the claim and the custom domain',
    status: 204,
    handler: async (c) => {
      const s = scopeOf(c);
      const db = c.directory;
      await db.batch([
        db.prepare('DELETE FROM ecosystem_domain_claims WHERE project_id = ? AND mode = ?').bind(s.projectId, s.mode),
        auditStmt(db, auditFor(c, 'ecosystem.domain_removed', 'settings', 'ecosystem')),
      ]);
      await copyDomainToSettings(c, null);
      return new Response(null, { status: 204 });
    },
  }),
];

/**
 * The ecosystem settings' `customDomain` is a copy, on the project's shard, of its verified claim in the directory
 * (the truth: a domain is one ecosystem's across every shard). Written after the claim changes; a copy that missed a
 * change (another ecosystem took the domain, or the write after the claim failed) is put right when next read.
 */
async function copyDomainToSettings(c: ApiContext, domain: string | null): Promise<void> {
  const s = scopeOf(c);
  await c.db
    .prepare(
      `UPDATE settings SET data = json_set(data, '$.customDomain', ?1), updated_at = ?2, version = version + 1
       WHERE kind = 'ecosystem' AND project_id = ?3 AND mode = ?4 AND json_extract(data, '$.customDomain') IS NOT ?1`,
    )
    .bind(domain, c.now, s.projectId, s.mode)
    .run();
}

/** The ecosystem settings row with `customDomain` as the directory's verified claim has it (see above). */
export async function settingsWithClaimedDomain(c: ApiContext, row: Row): Promise<Row> {
  const claim = await loadClaim(c);
  const domain = claim?.status === 'verified' ? (claim.domain as string) : null;
  const data = parseJson<Record<string, unknown>>(row.data as string, {});
  if ((data.customDomain ?? null) === domain) return row;
  await copyDomainToSettings(c, domain);
  const s = scopeOf(c);
  return (
    (await c.db
      .prepare('SELECT * FROM settings WHERE project_id = ? AND mode = ? AND kind = ?')
      .bind(s.projectId, s.mode, 'ecosystem')
      .first<Row>()) ?? row
  );
}
