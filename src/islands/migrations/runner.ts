import { apiRequest, ApiRequestError } from '../../lib/api-client';
import type { AuthMigration } from './types';
import { IMPORT_CHUNK_SIZE, type ImportChunkResult, type ImportRow } from '../../shared/api/user-import.ts';

export type RunEnd = 'completed' | 'stopped' | 'paused' | 'canceled' | 'failed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a failed chunk is worth sending again (the network, the server busy, a race the API asks to retry). */
function retryable(e: unknown): boolean {
  if (!(e instanceof ApiRequestError)) return false;
  const reason = (e.details as { reason?: string } | undefined)?.reason;
  return e.status === 0 || e.status === 429 || e.status >= 500 || reason === 'retry';
}

/**
 * Sends the rows of a running migration, one chunk after another, from where the API says it stopped
 * (imported + failed rows, always a whole number of chunks, since a chunk is stored entirely or not at all). A chunk
 * that fails on the way is sent again with the same index (the API answers a stored chunk without importing it
 * twice). Ends when the migration completes, is paused or canceled (by this tab or another), or `stop()` says so.
 */
export async function runImport(o: {
  migrationPath: string;
  rows: readonly ImportRow[];
  onChunk: (r: ImportChunkResult) => void;
  stop: () => boolean;
}): Promise<{ end: RunEnd; error?: string }> {
  const m = await apiRequest<AuthMigration>(o.migrationPath);
  if (m.status !== 'running') return { end: m.status === 'created' ? 'stopped' : (m.status as RunEnd) };
  let index = Math.floor((m.importedCount + m.failedCount) / IMPORT_CHUNK_SIZE);
  while (index * IMPORT_CHUNK_SIZE < o.rows.length) {
    if (o.stop()) return { end: 'stopped' };
    const rows = o.rows.slice(index * IMPORT_CHUNK_SIZE, (index + 1) * IMPORT_CHUNK_SIZE);
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await apiRequest<ImportChunkResult>(`${o.migrationPath}/chunks/${index}`, {
          method: 'PUT',
          body: { rows },
        });
        o.onChunk(r);
        if (r.status === 'completed') return { end: 'completed' };
        break;
      } catch (e) {
        const reason = e instanceof ApiRequestError ? (e.details as { reason?: string } | undefined)?.reason : undefined;
        if (reason === 'migration_paused') return { end: 'paused' };
        if (reason === 'migration_canceled') return { end: 'canceled' };
        if (!retryable(e) || attempt >= 4)
          return { end: 'failed', error: e instanceof Error ? e.message : 'The import stopped' };
        await sleep(500 * 2 ** attempt);
      }
    }
    index++;
  }
  return { end: 'completed' };
}
