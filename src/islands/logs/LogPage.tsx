import { ArrowLeft } from 'lucide-react';
import { encodeFilters } from '../../shared/api/list-params';
import { projectPath } from '../../shared/routes';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { LogDetail } from './log-sheet';

/** One request on a page of its own (`/logs/{requestId}`: a link to share, the palette's "go to" a request id). */
export function LogPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const id = route?.params.requestId;
  const list = route ? projectPath(route.projectId, route.mode, '/logs') : null;
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
            apiPath={`${base}/logs`}
            onBack={() => location.assign(list)}
            onFilter={(field, value) =>
              location.assign(`${list}?filters=${encodeURIComponent(encodeFilters([{ field, op: 'eq', value }]))}`)
            }
          />
        </div>
      )}
    </div>
  );
}

export default LogPage;
