import { scopeOf, type ApiContext } from './context';
import { badRequest } from './request-response';

/**
 * A custom domain serves one ecosystem: a domain another project or mode already has is refused at the field
 * (looked up on the `settings_ecosystem_domain` index, migration 0016). A domain the row already had stays valid.
 * Two saves racing for the same new domain can both pass; a unique index would have failed on existing data.
 */
export async function checkCustomDomain(c: ApiContext, domain: unknown, previous: unknown): Promise<void> {
  if (typeof domain !== 'string' || domain === previous) return;
  const s = scopeOf(c);
  const taken = await c.env.DB.prepare(
    `SELECT 1 FROM settings WHERE kind = 'ecosystem' AND json_extract(data, '$.customDomain') = ?
     AND NOT (project_id = ? AND mode = ?) LIMIT 1`,
  )
    .bind(domain, s.projectId, s.mode)
    .first();
  if (taken)
    throw badRequest('Invalid settings', [
      { path: 'customDomain', message: `${domain} is already the custom domain of another ecosystem` },
    ]);
}
