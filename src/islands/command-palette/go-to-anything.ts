/**
 * "Go to anything": a pasted id with a known prefix, an address or a transaction hash, resolved in the current
 * project and mode through the API (so a foreign or unknown id is "not found", never a broken page).
 */
import { OBJECT_API, objectHref, recognize } from '../../shared/object-paths';
import { projectPath, type Mode } from '../../shared/routes';
import { apiRequest, ApiRequestError } from '../../lib/api-client';

export type GoTo = { href: string; label: string } | { error: string } | null;

/** Where a pasted value leads in a project and mode; null when it is not something to go to. */
export async function resolveGoTo(input: string, projectId: string | null, mode: Mode | null): Promise<GoTo> {
  const r = recognize(input);
  if (!r || r.kind === 'name' || r.kind === 'email' || r.kind === 'hex') return null;
  if (r.kind === 'id' && r.prefix === 'pro') {
    try {
      await apiRequest(`/projects/${r.value}`);
      return { href: `/${r.value}`, label: 'Open project' };
    } catch (e) {
      return notFound(e, 'No project of yours has this id.');
    }
  }
  if (!projectId || !mode) return { error: 'Open a project first: ids, addresses and hashes are looked up in it.' };
  const base = `/projects/${projectId}/${mode}`;
  try {
    if (r.kind === 'id') {
      const collection = r.prefix ? OBJECT_API[r.prefix] : undefined;
      const href = objectHref(projectId, mode, r.value);
      if (!collection || !href) return { error: `Ids starting with ${r.prefix}_ are not objects the dashboard opens.` };
      await apiRequest(`${base}/${collection}/${r.value}`);
      return { href, label: 'Open' };
    }
    const field = r.kind === 'address' ? 'address' : 'transactionHash';
    const collection = r.kind === 'address' ? 'wallets' : 'transactions';
    const filters = JSON.stringify([{ field, op: 'eq', value: r.value }]);
    const page = await apiRequest<{ data: { id: string }[] }>(
      `${base}/${collection}?limit=1&filters=${encodeURIComponent(filters)}`,
    );
    const hit = page.data[0];
    if (!hit)
      return {
        error: `No ${r.kind === 'address' ? 'wallet' : 'transaction'} with this ${r.kind === 'address' ? 'address' : 'hash'} in ${mode} mode.`,
      };
    return { href: objectHref(projectId, mode, hit.id) ?? projectPath(projectId, mode), label: 'Open' };
  } catch (e) {
    return notFound(e, `Not found in this project in ${mode} mode.`);
  }
}

function notFound(e: unknown, message: string): GoTo {
  if (e instanceof ApiRequestError && (e.status === 404 || e.status === 400)) return { error: message };
  return { error: e instanceof ApiRequestError ? e.message : 'Could not look it up. Try again.' };
}
