import { Upload } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { DataList, type Column } from '../../components/data-list/data-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { RelativeTime } from '../../components/ui/relative-time';
import { Skeleton } from '../../components/ui/state-panel';
import { MIGRATION_STATUSES, authMigrationListSpec } from '../../shared/api/settings.ts';
import { useCan, useModePath } from '../../lib/use-project';
import { useSearch } from '../../lib/use-search';
import { patchSearch } from '../../stores/location';
import { fmt, SOURCE_LABEL, STATUS_TONE, type AuthMigration } from './types';

// The wizard (and, through it, the parser's worker) and the job page load when opened: not in the first JavaScript.
const ImportWizard = lazy(() => import('./import-wizard'));
const JobPanel = lazy(() => import('./job-panel'));

const columns: Column<AuthMigration>[] = [
  {
    id: 'source',
    header: 'Source',
    cell: (m) => <span className="font-medium">{SOURCE_LABEL[m.sourceProvider] ?? m.sourceProvider}</span>,
  },
  { id: 'status', header: 'Status', cell: (m) => <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge> },
  {
    id: 'progress',
    header: 'Rows',
    cell: (m) => (
      <span className="tabular-nums">
        {fmt(m.importedCount + m.failedCount)} / {fmt(m.totalCount)}
      </span>
    ),
  },
  { id: 'imported', header: 'Imported', cell: (m) => <span className="tabular-nums">{fmt(m.importedCount)}</span> },
  { id: 'failed', header: 'Failed', cell: (m) => <span className="tabular-nums">{fmt(m.failedCount)}</span> },
  { id: 'createdAt', header: 'Started', sort: 'createdAt', cell: (m) => <RelativeTime iso={m.createdAt} /> },
];

const loading = (
  <div className="grid gap-3" aria-busy="true">
    <Skeleton className="h-8 w-40" />
    <Skeleton className="h-40 w-full" />
  </div>
);

/**
 * User migrations: the imports of this mode (the shared list), a new import from a file (`?import=new`, admins and
 * owners) and one import's job page (`?migration=amg_…`; read-only below admin).
 */
export function MigrationsPage() {
  const apiPath = useModePath();
  const canManage = useCan('manage_auth');
  const params = new URLSearchParams(useSearch());
  const open = params.get('migration');
  const creating = params.get('import') === 'new' && canManage;

  if (apiPath && open)
    return (
      <Suspense fallback={loading}>
        <JobPanel apiPath={apiPath} id={open} canManage={canManage} />
      </Suspense>
    );
  if (apiPath && creating)
    return (
      <Suspense fallback={loading}>
        <ImportWizard apiPath={apiPath} />
      </Suspense>
    );
  const start = canManage ? (
    <Button size="toolbar" onClick={() => patchSearch({ import: 'new' })}>
      <Upload className="h-4 w-4" aria-hidden /> Import users
    </Button>
  ) : undefined;
  return (
    <DataList<AuthMigration>
      label="User migrations"
      listKey="auth-migrations"
      apiPath={apiPath && `${apiPath}/auth/migrations`}
      spec={authMigrationListSpec}
      columns={columns}
      chips={[
        { field: 'status', label: 'Status', op: 'eq', options: MIGRATION_STATUSES.map((s) => ({ value: s, label: s })) },
      ]}
      rowLabel={(m) => `Import from ${SOURCE_LABEL[m.sourceProvider] ?? m.sourceProvider}, ${m.status}`}
      onOpen={(m) => patchSearch({ migration: m.id })}
      csv={{ filename: 'auth-migrations.csv' }}
      actions={start}
      empty={{
        title: 'No user migrations in this mode',
        description: canManage
          ? 'Import the users of another provider from its export: Supabase, Firebase, Auth0 or a CSV file.'
          : 'Admins and owners can import users from another provider here.',
        action: start,
      }}
    />
  );
}

export default MigrationsPage;
