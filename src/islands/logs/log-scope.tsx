import { patchSearch } from '../../stores/location';

/** Which requests the log shows: this mode's, or the project-level ones (members, settings, billing). */
export type LogScope = 'mode' | 'project';

/** The scope of a `/logs` URL (`?scope=project`; this mode's without it). */
export const scopeOfSearch = (search: string): LogScope =>
  new URLSearchParams(search).get('scope') === 'project' ? 'project' : 'mode';

/** The list's API path of a scope: the mode's `…/test/logs`, or the project's `…/logs` beside the modes. */
export const scopeApiPath = (modePath: string, scope: LogScope) =>
  scope === 'project' ? `${modePath.replace(/\/(live|test)$/, '')}/logs` : `${modePath}/logs`;

/** A select of the scope; changing it starts the list over (no filters: another set of routes). */
export function LogScopeSelect({ scope }: { scope: LogScope }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Requests of</span>
      <select
        className="h-9 rounded-md border border-border bg-background px-2 text-sm"
        value={scope}
        onChange={(e) =>
          patchSearch({ scope: e.target.value === 'project' ? 'project' : null, page: null, request: null })
        }
      >
        <option value="mode">This mode’s requests</option>
        <option value="project">Project settings, members, billing</option>
      </select>
    </label>
  );
}
