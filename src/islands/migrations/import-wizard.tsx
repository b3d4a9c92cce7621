import { ArrowLeft, Download, FileUp, ListChecks, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { CardSection } from '../shared/card-section';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { cn } from '../../lib/cn';
import { patchSearch } from '../../stores/location';
import {
  ALREADY_EXISTS,
  failuresCsv,
  importEmailKey,
  IMPORT_CHUNK_MAX,
  type ImportFailure,
  type ImportMapping,
  type ImportRow,
} from '../../shared/api/user-import.ts';
import { saveJob } from './job-store';
import { FileParser, type Parsed } from './parse-client';
import { FIELDS, SOURCES, suggestMapping, type SourceKind } from './sources';
import { fmt, type AuthMigration } from './types';

const NOT_IMPORTED = '';
const SHOWN_FAILURES = 200;

interface DryRun {
  rows: ImportRow[];
  failures: ImportFailure[];
}

function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Emails of the file that already belong to a user here: asked of the API a chunk of distinct emails at a time. */
async function alreadyExisting(apiPath: string, rows: readonly ImportRow[], failed: Set<number>) {
  const emails = [...new Set(rows.filter((r) => !failed.has(r.row)).map(importEmailKey))];
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += IMPORT_CHUNK_MAX) {
    const { existing } = await apiRequest<{ existing: string[] }>(`${apiPath}/auth/migrations/existing-emails`, {
      method: 'POST',
      body: { emails: emails.slice(i, i + IMPORT_CHUNK_MAX) },
    });
    for (const e of existing) found.add(e);
  }
  return found;
}

/**
 * A new import (`?import=new`): choose the source and the file (parsed in a Web Worker), map its columns with a
 * preview, dry run (each failing row with its number and reason), then start: the migration is created, the rows
 * are kept in IndexedDB and the job page sends them.
 */
export function ImportWizard({ apiPath }: { apiPath: string }) {
  const [source, setSource] = useState<SourceKind>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({ columns: {}, trim: true, idPrefix: '', idSuffix: '' });
  const [dry, setDry] = useState<DryRun | null>(null);
  const [checking, setChecking] = useState(false);
  const [starting, setStarting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const parser = useRef<FileParser | null>(null);
  const sourceId = useId();

  useEffect(() => () => parser.current?.close(), []);

  async function choose(f: File | null, kind: SourceKind = source) {
    setFile(f);
    setParsed(null);
    setDry(null);
    setFileError(null);
    if (!f) return;
    setReading(true);
    try {
      parser.current ??= new FileParser();
      const p = await parser.current.parse(f, kind);
      setParsed(p);
      setMapping((m) => ({ ...m, columns: suggestMapping(kind, p.columns) }));
    } catch (e) {
      setFileError(e instanceof Error ? e.message : 'The file could not be read');
    } finally {
      setReading(false);
    }
  }

  const setColumn = (field: keyof ImportMapping['columns'], col: string) => {
    setDry(null);
    setMapping((m) => ({ ...m, columns: { ...m.columns, [field]: col || undefined } }));
  };

  async function dryRun() {
    if (!parser.current || !parsed) return;
    if (!mapping.columns.email) {
      setFormError('Choose the column that holds the email');
      return;
    }
    setFormError(null);
    setChecking(true);
    try {
      const mapped = await parser.current.map(mapping);
      const failed = new Set(mapped.failures.map((f) => f.row));
      const existing = await alreadyExisting(apiPath, mapped.rows, failed);
      const more = mapped.rows
        .filter((r) => !failed.has(r.row) && existing.has(importEmailKey(r)))
        .map((r) => ({ row: r.row, email: r.email ?? '', reason: ALREADY_EXISTS }));
      setDry({ rows: mapped.rows, failures: [...mapped.failures, ...more].sort((a, b) => a.row - b.row) });
    } catch (e) {
      setFormError(e instanceof Error ? e.message : 'The dry run failed');
    } finally {
      setChecking(false);
    }
  }

  async function start() {
    if (!dry || !file || !parsed) return;
    setStarting(true);
    try {
      const m = await apiWrite<AuthMigration>(`${apiPath}/auth/migrations`, {
        method: 'POST',
        body: { sourceProvider: source, mappingStrategy: 'email', totalCount: dry.rows.length },
        pending: 'Creating the import…',
        done: 'Import created',
        invalidate: [`${apiPath}/auth/migrations`],
      });
      // What the file was and how it was mapped: another browser can continue the import from the same file.
      await apiRequest(`${apiPath}/auth/migrations/${m.id}/source`, {
        method: 'PUT',
        body: { fileName: file.name.slice(0, 255), fileSha256: parsed.hash, rowCount: dry.rows.length, mapping },
      });
      await saveJob({ id: m.id, fileName: file.name, hash: parsed.hash, rows: dry.rows, savedAt: Date.now() });
      await apiWrite(`${apiPath}/auth/migrations/${m.id}`, {
        method: 'PATCH',
        body: { status: 'running', version: m.version },
        pending: 'Starting…',
        done: 'Import started',
        invalidate: [`${apiPath}/auth/migrations`],
      });
      patchSearch({ import: null, migration: m.id });
    } catch (e) {
      if (!(e instanceof ApiRequestError)) setFormError(e instanceof Error ? e.message : 'Could not start the import');
    } finally {
      setStarting(false);
    }
  }

  const preview = parsed?.sample ?? [];
  const shownFields = FIELDS.filter((f) => mapping.columns[f.field]);
  const valid = dry ? dry.rows.length - dry.failures.length : 0;

  return (
    <div className="grid gap-4">
      <div>
        <Button variant="ghost" size="sm" onClick={() => patchSearch({ import: null })}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> All migrations
        </Button>
      </div>

      <CardSection title="1. Source and file" description="The file is read in this browser; nothing is uploaded yet.">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Source</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(Object.keys(SOURCES) as SourceKind[]).map((k) => (
              <label
                key={k}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm',
                  source === k ? 'border-primary' : 'border-border',
                )}
              >
                <input
                  type="radio"
                  name={sourceId}
                  value={k}
                  checked={source === k}
                  onChange={() => {
                    setSource(k);
                    if (file) void choose(file, k);
                  }}
                  className="mt-1"
                />
                <span>
                  <span className="block font-medium">{SOURCES[k].label}</span>
                  <span className="block text-xs text-muted-foreground">{SOURCES[k].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1.5">
          <label htmlFor={`${sourceId}-file`} className="text-sm font-medium">
            File
          </label>
          <input
            id={`${sourceId}-file`}
            type="file"
            accept={SOURCES[source].accept}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${sourceId}-file-error` : undefined}
            onChange={(e) => void choose(e.target.files?.[0] ?? null)}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          />
          {fileError && (
            <p id={`${sourceId}-file-error`} className="text-xs text-destructive" role="alert">
              {fileError}
            </p>
          )}
          {reading && (
            <p role="status" className="text-sm text-muted-foreground">
              <FileUp className="mr-1 inline h-4 w-4" aria-hidden /> Reading the file…
            </p>
          )}
          {parsed && (
            <p role="status" className="text-sm">
              {fmt(parsed.count)} rows read from {file?.name}
            </p>
          )}
        </div>
      </CardSection>

      {parsed && (
        <CardSection title="2. Columns" description="Which column of the file fills each field of a user.">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {FIELDS.map(({ field, label, required }) => (
              <div key={field} className="grid gap-1.5">
                <label htmlFor={`${sourceId}-${field}`} className="text-sm font-medium">
                  {label}
                  {required ? ' (required)' : ''}
                </label>
                <select
                  id={`${sourceId}-${field}`}
                  className={inputClass}
                  value={mapping.columns[field] ?? NOT_IMPORTED}
                  aria-invalid={required && formError && !mapping.columns[field] ? true : undefined}
                  onChange={(e) => setColumn(field, e.target.value)}
                >
                  <option value={NOT_IMPORTED}>Not imported</option>
                  {parsed.columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={mapping.trim}
                onChange={(e) => (setDry(null), setMapping((m) => ({ ...m, trim: e.target.checked })))}
              />
              Trim spaces around values
            </label>
            <Field
              label="Prefix to ids"
              value={mapping.idPrefix}
              maxLength={40}
              onChange={(e) => (setDry(null), setMapping((m) => ({ ...m, idPrefix: e.target.value })))}
            />
            <Field
              label="Suffix to ids"
              value={mapping.idSuffix}
              maxLength={40}
              onChange={(e) => (setDry(null), setMapping((m) => ({ ...m, idSuffix: e.target.value })))}
            />
          </div>
          <div className="overflow-x-auto rounded-lg border border-border" tabIndex={0}>
            <table className="w-full text-left text-sm" aria-label="Preview of the first rows">
              <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Row
                  </th>
                  {shownFields.map((f) => (
                    <th key={f.field} scope="col" className="px-3 py-2 font-medium">
                      {f.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.map((r, i) => {
                  const get = (col: string | undefined) => {
                    const v = col ? r[col] : undefined;
                    const s = v === undefined || v === null ? '' : String(v);
                    return mapping.trim ? s.trim() : s;
                  };
                  return (
                    <tr key={i} className="border-b border-border last:border-0">
                      <td className="px-3 py-2 tabular-nums">{i + 1}</td>
                      {shownFields.map((f) => {
                        const v = get(mapping.columns[f.field]);
                        return (
                          <td key={f.field} className="max-w-56 truncate px-3 py-2">
                            {f.field === 'externalId' && v ? `${mapping.idPrefix}${v}${mapping.idSuffix}` : v}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
          <div>
            <Button variant="outline" onClick={() => void dryRun()} disabled={checking}>
              <ListChecks className="h-4 w-4" aria-hidden /> {checking ? 'Checking…' : 'Dry run'}
            </Button>
          </div>
        </CardSection>
      )}

      {dry && (
        <CardSection
          title="3. Dry run"
          description={
            <span data-testid="dry-run-summary">
              {fmt(valid)} of {fmt(dry.rows.length)} rows can be imported; {fmt(dry.failures.length)} will fail.
            </span>
          }
          actions={
            dry.failures.length > 0 ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => downloadCsv(`${file?.name ?? 'import'}-dry-run-errors.csv`, failuresCsv(dry.failures))}
              >
                <Download className="h-4 w-4" aria-hidden /> Errors (CSV)
              </Button>
            ) : undefined
          }
        >
          {dry.failures.length > 0 && (
            <div className="max-h-80 overflow-auto rounded-lg border border-border" tabIndex={0}>
              <table className="w-full text-left text-sm" aria-label="Rows that will fail">
                <thead className="sticky top-0 border-b border-border bg-muted text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Row
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {dry.failures.slice(0, SHOWN_FAILURES).map((f) => (
                    <tr key={f.row} className="border-b border-border last:border-0">
                      <td className="px-3 py-2 tabular-nums">{f.row}</td>
                      <td className="max-w-48 truncate px-3 py-2">{f.email}</td>
                      <td className="px-3 py-2">{f.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {dry.failures.length > SHOWN_FAILURES && (
            <p className="text-sm text-muted-foreground">
              The first {SHOWN_FAILURES} are shown; the CSV has all {fmt(dry.failures.length)}.
            </p>
          )}
          <div>
            {/* The button counts the rows that will become users; the failing ones are kept with the job's failures. */}
            <Button onClick={() => void start()} disabled={starting || valid === 0}>
              <Play className="h-4 w-4" aria-hidden />{' '}
              {starting ? 'Starting…' : `Import ${fmt(valid)} ${valid === 1 ? 'row' : 'rows'}`}
            </Button>
          </div>
        </CardSection>
      )}
    </div>
  );
}

export default ImportWizard;
