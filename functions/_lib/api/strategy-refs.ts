import { scopeOf, type ApiContext } from './context';

/**
 * The gas policy of this project and mode whose strategy names `id` as its `field` (`depositor`: a backend wallet;
 * `tokenContract`: a contract), as a refusal to delete it (docs/api.md "Writes"), or null when none does.
 */
export async function strategyUser(
  c: ApiContext,
  field: 'depositor' | 'tokenContract',
  id: string,
  what: string,
): Promise<string | null> {
  const { projectId, mode } = scopeOf(c);
  const policy = await c.db
    .prepare(
      `SELECT name FROM policies WHERE project_id = ? AND mode = ? AND json_extract(strategy, '$.${field}') = ? LIMIT 1`,
    )
    .bind(projectId, mode, id)
    .first<{ name: string }>();
  return policy
    ? `This ${what} is the ${field === 'depositor' ? 'depositor' : 'token contract'} of the gas policy “${policy.name}”: change the policy’s strategy first`
    : null;
}
