/**
 * The palette's "find by name": what is typed, looked up by name in the current project and mode through the lists'
 * own filters (users by the start of a name or email, contracts and gas policies by part of a name, webhooks by
 * part of their description), a few of each. Each list is asked in parallel; one that fails leaves the others.
 */
import { apiRequest } from '../../lib/api-client';
import { projectPath, type Mode } from '../../shared/routes';

export interface NameHit {
  id: string;
  kind: 'User' | 'Contract' | 'Gas policy' | 'Webhook';
  name: string;
  /** A second line: the email of a user, the URL of a webhook. */
  detail?: string;
  href: string;
}

const PER_KIND = 4;

const SOURCES: {
  kind: NameHit['kind'];
  collection: string;
  filter: (text: string) => { field: string; op: string; value: string };
  name: (row: Record<string, unknown>) => string;
  detail?: (row: Record<string, unknown>) => string | undefined;
  path: (id: string) => string;
}[] = [
  {
    kind: 'User',
    collection: 'users',
    filter: (value) => ({ field: 'nameOrEmail', op: 'prefix', value }),
    name: (r) => String(r.name ?? r.email ?? r.id),
    detail: (r) => (r.name && r.email ? String(r.email) : undefined),
    path: (id) => `/users/${id}`,
  },
  {
    kind: 'Contract',
    collection: 'contracts',
    filter: (value) => ({ field: 'name', op: 'contains', value }),
    name: (r) => String(r.name),
    path: (id) => `/contracts/${id}`,
  },
  {
    kind: 'Gas policy',
    collection: 'policies',
    filter: (value) => ({ field: 'name', op: 'contains', value }),
    name: (r) => String(r.name),
    path: (id) => `/policies/${id}`,
  },
  {
    kind: 'Webhook',
    collection: 'webhooks',
    filter: (value) => ({ field: 'description', op: 'contains', value }),
    name: (r) => String(r.description ?? r.url),
    detail: (r) => String(r.url),
    path: (id) => `/webhooks/${id}`,
  },
];

/** Objects of the project and mode whose name matches `text` (at least 2 characters; at most 50 bytes are sent). */
export async function findByName(text: string, projectId: string, mode: Mode, signal: AbortSignal): Promise<NameHit[]> {
  const value = text.trim().slice(0, 50);
  if (value.length < 2) return [];
  const base = `/projects/${projectId}/${mode}`;
  const answers = await Promise.allSettled(
    SOURCES.map(async (s) => {
      const filters = encodeURIComponent(JSON.stringify([s.filter(value)]));
      const page = await apiRequest<{ data: Record<string, unknown>[] }>(
        `${base}/${s.collection}?limit=${PER_KIND}&total=0&filters=${filters}`,
        { signal },
      );
      return page.data.map((r): NameHit => ({
        id: String(r.id),
        kind: s.kind,
        name: s.name(r),
        detail: s.detail?.(r),
        href: projectPath(projectId, mode, s.path(String(r.id))),
      }));
    }),
  );
  return answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
}
