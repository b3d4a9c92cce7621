import { ArrowLeft } from 'lucide-react';
import { encodeFilters } from '../../shared/api/list-params';
import { projectPath } from '../../shared/routes';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { LogDetail } from './log-sheet';
import { useSearch } from '../../lib/use-search';
import { scopeApiPath, scopeOfSearch } from './log-scope';

/** One request on a page of its own (`/logs/{requestId}`: a link to share, the palette's "go to" a request id). */
export function LogPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const id = route?.params.requestId;
  // `?scope=project`: a request of a project-level route (members, settings, billing).
  const scope = scopeOfSearch(useSearch());
  const list = route
    ? `${projectPath(route.projectId, route.mode, '/logs')}${scope === 'project' ? '?scope=project' : ''}`
    : null;
  return (
    <div className="grid max-w-3xl gap-4">
      {list && (
        <a className="inline-flex items-center gap-1 text-sm text-primary hover:underline" href={list}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> All requests
        </a>
      )}
      {id && base && list && (
        <div className="rounded-xl border border-border bg-card p-4">
          <LogDetail
            id={id}
            apiPath={scopeApiPath(base, scope)}
            onBack={() => location.assign(list)}
            onFilter={(field, value) =>
              location.assign(
                `${list}${list.includes('?') ? '&' : '?'}filters=${encodeURIComponent(encodeFilters([{ field, op: 'eq', value }]))}`,
              )
            }
          />
        </div>
      )}
    </div>
  );
}

export default LogPage;
