import type { BadgeTone } from '../../components/ui/badge';
import type { RequestLog } from '../../shared/api/request-logs';

/** The badge tone of a status: 2xx success, 4xx warning, 5xx danger. */
export function statusTone(status: number): BadgeTone {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  if (status >= 200 && status < 300) return 'success';
  return 'neutral';
}

/** `1.2 KB`, `512 B`, `—` for unknown. */
export function bytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Single-quoted for a POSIX shell. */
const sh = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * The request as a curl command to run again: the recorded method, path and (scrubbed) query against this origin,
 * the credential as a shell variable to fill in (`$API_KEY`: the log never holds one), and for a request with a
 * body a file to supply (the log never holds bodies either).
 */
export function curlOf(log: Pick<RequestLog, 'method' | 'path' | 'query'>, origin: string): string {
  const url = `${origin}${log.path}${log.query ? `?${log.query}` : ''}`;
  const lines = [`curl -X ${log.method} ${sh(url)}`, `  -H "Authorization: Bearer $API_KEY"`];
  if (log.method !== 'GET' && log.method !== 'DELETE')
    lines.push(`  -H 'Content-Type: application/json'`, `  --data @body.json`);
  return lines.join(' \\\n');
}
