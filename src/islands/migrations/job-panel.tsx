import { ArrowLeft, Download, Pause, Play, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { RelativeTime } from '../../components/ui/relative-time';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { CardSection } from '../shared/card-section';
import { apiRequest } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toast } from '../../lib/toast';
import { useApiQuery } from '../../lib/use-api-query';
import { patchSearch } from '../../stores/location';
import { failuresCsv, type ImportFailure, type ImportSource } from '../../shared/api/user-import.ts';
import { deleteJob, loadJob, saveJob, type StoredJob } from './job-store';
import { FileParser } from './parse-client';
import type { SourceKind } from './sources';
import { runImport } from './runner';
import { fmt, SOURCE_LABEL, STATUS_TONE, type AuthMigration } from './types';

/** Downloads the failed rows of a migration as `<id>-failed-rows.csv` (row number, email, reason). */
export async function downloadFailures(migrationPath: string, id: string) {
  const { data } = await apiRequest<{ data: ImportFailure[] }>(`${migrationPath}/failures`);
  const url = URL.createObjectURL(new Blob([failuresCsv(data)], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${id}-failed-rows.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The rows of this import are not in this browser (another browser started it, or its storage was cleared): choose
 * the same file again. It is parsed with the import's recorded mapping and accepted only when its SHA-256 is the one
 * recorded when the import started.
 */
function SameFile({
  migration,
  path,
  onRows,
}: {
  migration: AuthMigration;
  path: string;
  onRows: (job: StoredJob) => void;
}) {
  const source = useApiQuery<ImportSource>(path + '/source');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function choose(file: File | undefined) {
    if (!file || !source.data) return;
    setBusy(true);
    setError(null);
    const parser = new FileParser();
    try {
      const parsed = await parser.parse(file, migration.sourceProvider as SourceKind);
      if (parsed.hash !== source.data.fileSha256) {
        setError(`This is not ${source.data.fileName} as it was when the import started (its SHA-256 differs)`);
        return;
      }
      const { rows } = await parser.map(source.data.mapping);
      const job = { id: migration.id, fileName: file.name, hash: parsed.hash, rows, savedAt: Date.now() };
      await saveJob(job);
      onRows(job);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be read');
    } finally {
      parser.close();
      setBusy(false);
    }
  }

  return (
    <div role="note" className="grid gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm">
      <p>
        The rows of this import are not in this browser.{' '}
        {source.data
          ? `To continue here, choose ${source.data.fileName} again: it is checked against the file the import started with.`
          : source.error
            ? 'Continue it in the browser that started it, or cancel it.'
            : ''}
      </p>
      {source.data && (
        <div className="grid gap-1">
          <label htmlFor={id} className="font-medium">
            Same file
          </label>
          <input
            id={id}
            type="file"
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function Progress({ m }: { m: AuthMigration }) {
  const done = m.importedCount + m.failedCount;
  const pct = m.totalCount ? Math.floor((done / m.totalCount) * 100) : 0;
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label="Rows processed"
        aria-valuemin={0}
        aria-valuemax={m.totalCount}
        aria-valuenow={done}
        aria-valuetext={`${fmt(done)} of ${fmt(m.totalCount)} rows`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-sm tabular-nums" data-testid="migration-counts">
        {fmt(done)} of {fmt(m.totalCount)} rows ({pct}%) · <span>{fmt(m.importedCount)} imported</span> ·{' '}
        <span>{fmt(m.failedCount)} failed</span>
      </p>
    </div>
  );
}

/**
 * One migration (`?migration=amg_…`): progress, status, run / pause / resume / cancel, the failed rows. While it runs
 * in this tab the rows go out chunk by chunk from the rows kept in IndexedDB; a reload continues a running one.
 */
export function JobPanel({ apiPath, id, canManage }: { apiPath: string; id: string; canManage: boolean }) {
  const path = `${apiPath}/auth/migrations/${id}`;
  const q = useApiQuery<AuthMigration>(path);
  const [live, setLive] = useState<AuthMigration | null>(null);
  const [job, setJob] = useState<StoredJob | null | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef(false);
  const m = live && q.data && live.updatedAt >= q.data.updatedAt ? live : q.data;

  useEffect(() => {
    let alive = true;
    stopRef.current = false;
    void loadJob(id).then((j) => alive && setJob(j ?? null));
    return () => {
      alive = false;
      stopRef.current = true;
    };
  }, [id]);

  async function run() {
    if (!job || running) return;
    stopRef.current = false;
    setRunning(true);
    setError(null);
    const result = await runImport({
      migrationPath: path,
      rows: job.rows,
      stop: () => stopRef.current,
      // A chunk answered after a pause must not show "running" again: only completion changes the status here.
      onChunk: (r) =>
        setLive((cur) => ({
          ...(cur ?? q.data!),
          status: r.status === 'completed' ? 'completed' : (cur ?? q.data!).status,
          importedCount: r.importedCount,
          failedCount: r.failedCount,
          updatedAt: new Date().toISOString(),
        })),
    }).catch((e: unknown) => ({ end: 'failed' as const, error: e instanceof Error ? e.message : 'Stopped' }));
    setRunning(false);
    if (result.end === 'failed') setError(result.error ?? 'The import stopped');
    if (result.end === 'completed') {
      await deleteJob(id);
      toast.success('Import completed');
    }
    q.reload();
  }

  // A migration that is running with its rows here continues by itself (after a reload, or when resumed).
  const status = m?.status;
  useEffect(() => {
    if (canManage && status === 'running' && job && !running && !error && !stopRef.current) void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run() reads the latest state; start on these changes only
  }, [status, job, canManage]);

  async function setStatus(next: 'running' | 'paused' | 'canceled', pending: string, done: string) {
    const cur = await apiRequest<AuthMigration>(path);
    if (next !== 'running') stopRef.current = true;
    else stopRef.current = false;
    const updated = await apiWrite<AuthMigration>(path, {
      method: 'PATCH',
      body: { status: next, version: cur.version },
      pending,
      done,
      invalidate: [`${apiPath}/auth/migrations`],
    });
    setLive(updated);
    setError(null);
    if (next === 'canceled') await deleteJob(id);
  }

  const back = (
    <Button variant="ghost" size="sm" onClick={() => patchSearch({ migration: null })}>
      <ArrowLeft className="h-4 w-4" aria-hidden /> All migrations
    </Button>
  );
  if (q.error?.status === 404)
    return (
      <StatePanel
        kind="not-found"
        title="Migration not found"
        description="It may belong to another project or mode."
        action={back}
      />
    );
  if (q.error && !m) return <StatePanel kind="error" title="Could not load the migration" onRetry={q.reload} />;
  if (!m)
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-3 w-full" />
      </div>
    );

  const open = ['created', 'running', 'paused'].includes(m.status);
  const rowsMissing = open && job === null;
  return (
    <div className="grid gap-4">
      <div>{back}</div>
      <CardSection
        title={`Import from ${SOURCE_LABEL[m.sourceProvider] ?? m.sourceProvider}`}
        description={
          <>
            Started <RelativeTime iso={m.createdAt} />
            {job?.fileName ? ` from ${job.fileName}` : ''}
          </>
        }
        actions={
          <span data-testid="migration-status">
            <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
          </span>
        }
      >
        <Progress m={m} />
        {running && (
          <p role="status" className="text-sm text-muted-foreground">
            Importing… keep this tab open; a reload continues where it stopped.
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            The import stopped: {error}. Resume to try again from the last chunk.
          </p>
        )}
        {rowsMissing && canManage && (
          <SameFile migration={m} path={path} onRows={(j) => (setError(null), setJob(j))} />
        )}
        <div className="flex flex-wrap gap-2">
          {canManage && m.status === 'created' && job && (
            <Button size="sm" onClick={() => void setStatus('running', 'Starting…', 'Import started').catch(() => {})}>
              <Play className="h-4 w-4" aria-hidden /> Run
            </Button>
          )}
          {canManage && m.status === 'running' && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void setStatus('paused', 'Pausing…', 'Import paused').catch(() => {})}
            >
              <Pause className="h-4 w-4" aria-hidden /> Pause
            </Button>
          )}
          {canManage && m.status === 'running' && error && job && (
            <Button size="sm" onClick={() => void run()}>
              <Play className="h-4 w-4" aria-hidden /> Resume
            </Button>
          )}
          {canManage && m.status === 'paused' && job && (
            <Button size="sm" onClick={() => void setStatus('running', 'Resuming…', 'Import resumed').catch(() => {})}>
              <Play className="h-4 w-4" aria-hidden /> Resume
            </Button>
          )}
          {canManage && open && (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline">
                  <XCircle className="h-4 w-4" aria-hidden /> Cancel import
                </Button>
              }
              title="Cancel this import?"
              description="Users imported so far stay. The rows not sent yet are not imported, and the import cannot be resumed."
              confirmLabel="Cancel import"
              destructive
              onConfirm={() => setStatus('canceled', 'Canceling…', 'Import canceled')}
            />
          )}
          {m.failedCount > 0 && (
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void downloadFailures(path, m.id).catch(() => toast.error('Could not download the failed rows'))
              }
            >
              <Download className="h-4 w-4" aria-hidden /> Failed rows (CSV)
            </Button>
          )}
        </div>
      </CardSection>
    </div>
  );
}

export default JobPanel;
