import { Download, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { apiFetch, ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { groupDigits } from '../../lib/format-en';

/**
 * Downloads the current filtered view as CSV, every page, from the API's streamed `{collection}.csv` (docs/api.md):
 * rows are counted as they arrive against the expected total, and the download can be canceled.
 */
export function CsvExport({ path, filename }: { path: string; filename: string }) {
  const [progress, setProgress] = useState<{ rows: number; total: number | null } | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, total: null });
    try {
      const response = await apiFetch(path, { signal: controller.signal });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new ApiRequestError(response.status, 'export', body?.error?.message ?? 'The export failed.');
      }
      const totalHeader = Number(response.headers.get('X-Total-Count'));
      const total =
        Number.isFinite(totalHeader) && totalHeader >= 0 && response.headers.has('X-Total-Count') ? totalHeader : null;
      const chunks: Uint8Array[] = [];
      let lines = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === 10) lines++;
        setProgress({ rows: Math.max(lines - 1, 0), total });
      }
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(`Exported ${groupDigits(Math.max(lines - 1, 0))} rows`);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') toast.success('Export canceled');
      else toast.error(error instanceof ApiRequestError ? error.message : 'The export failed.');
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  if (progress) {
    const pct = progress.total ? Math.min(100, Math.round((progress.rows / Math.max(progress.total, 1)) * 100)) : null;
    return (
      <div className="flex h-9 items-center gap-2 text-sm">
        <div
          role="progressbar"
          aria-label="CSV export"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? undefined}
          aria-valuetext={`${groupDigits(progress.rows)} rows${progress.total !== null ? ` of ${groupDigits(progress.total)}` : ''}`}
          className="h-2 w-28 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={`h-full bg-primary ${pct === null ? 'w-1/3 animate-pulse' : ''}`}
            style={pct === null ? undefined : { width: `${pct}%` }}
          />
        </div>
        <span className="text-muted-foreground tabular-nums">{groupDigits(progress.rows)} rows</span>
        <button
          type="button"
          aria-label="Cancel export"
          onClick={() => abort.current?.abort()}
          className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-muted"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void run()}
      className="inline-flex h-9 items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-muted"
    >
      <Download className="h-4 w-4" aria-hidden />
      <span className="hidden sm:inline">Export CSV</span>
      <span className="sr-only sm:hidden">Export CSV</span>
    </button>
  );
}
