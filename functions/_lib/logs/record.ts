import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../api/context';
import type { RequestLogEntry } from './entry';
import { clientNetwork, scrubPath, scrubQuery, scrubUserAgent } from './scrub';
import { LOG_BATCH_MAX } from './store';

/**
 * Records every /api/v1 request of a project (docs/api.md "Request logs"): the outermost middleware of the API app,
 * so a refused request (401, 403, 404, 429) is recorded as well as a served one. The entry is built from the answer
 * once it is ready and handed to the dispatcher (service binding → its queue → batch writes into the LOGS database)
 * in `waitUntil`, together with the isolate's other entries of the moment ({@link handOver}): recording never delays
 * or fails a request. `REQUEST_LOGS=off` turns it off; `REQUEST_LOGS=bench`
 * (the bench's server only: scripts/bench/request-logging.ts) leaves out the requests that carry
 * `X-Bench-Request-Logs: off`, so one server answers both halves of the on/off comparison, interleaved.
 *
 * Which project a request belongs to: the one whose access was resolved (a member or the project's key), or, for a
 * request refused before anyone was identified (no or a bad credential, the address rate limit), the project its
 * path names (the consumer drops projects that do not exist). A signed-in user who is not a member reaches nothing
 * there and is not recorded in that project's log; a secret key refused on its own project's path (its IP allowlist,
 * its rate limit) is. Reading the log itself is not recorded (the live tail would fill
 * the log with its own polling).
 */

const PROJECT_PATH = /^\/api\/v1\/projects\/(pro_[0-9a-f-]{36})(?:\/(live|test)(?:\/|$))?/;
const LOG_READS = /^\/api\/v1\/projects\/[^/]+(?:\/(?:live|test))?\/logs(\/|\.csv$|$)/;

/** The matched route's pattern; null when none matched (404s of unknown paths, 405s). */
function routeOf(c: Context<ApiEnv>): string | null {
  // `c.req.routePath` (not hono/route's helper: a second copy of Hono, as the Workers tests' pre-bundling makes, keys
  // the match result by another symbol). After the handlers ran it names the route that answered.
  const path = c.req.routePath;
  return path && path !== '*' && path !== '/*' ? path : null;
}

/**
 * The error code (`{ error: { code } }` of an error answer) and the size of a JSON answer, read from a copy after the
 * answer went out. Other answers (CSV streams) are not copied: their size is their Content-Length, if any.
 */
async function readCopy(copy: Response | null, status: number): Promise<{ code: string | null; bytes: number | null }> {
  if (!copy) return { code: null, bytes: null };
  const buf = await copy.arrayBuffer();
  let code: string | null = null;
  if (status >= 400) {
    try {
      const body = JSON.parse(new TextDecoder().decode(buf)) as { error?: { code?: unknown } };
      if (typeof body.error?.code === 'string') code = body.error.code.slice(0, 40);
    } catch {
      // not JSON after all: no code
    }
  }
  return { code, bytes: buf.byteLength };
}

export function recordRequests(clock: () => number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = clock();
    const path = c.req.path;
    const env = c.env;
    const skip =
      env.REQUEST_LOGS === 'off' ||
      (env.REQUEST_LOGS === 'bench' && c.req.header('X-Bench-Request-Logs') === 'off') ||
      !env.WEBHOOK_DISPATCHER ||
      LOG_READS.test(path);
    await next();
    if (skip) return;
    const access = c.get('access') as ApiEnv['Variables']['access'] | undefined;
    const resolved = access?.access?.projectId ?? null;
    const named = PROJECT_PATH.exec(path);
    // A secret key refused before its access resolved (its IP allowlist, its rate limit) on its own project's path is
    // that project's: the key names it.
    const ownKey = access?.principal.kind === 'key' && access.principal.projectId === named?.[1];
    const projectId = resolved ?? (ownKey ? named![1]! : access ? null : (named?.[1] ?? null));
    if (!projectId) return;
    const res = c.res;
    const principal = access?.principal;
    const json = (res.headers.get('Content-Type') ?? '').includes('application/json');
    // A copy taken now (the answer's own body goes to the client), read once it is on its way.
    const copy = json && res.body ? res.clone() : null;
    const url = new URL(c.req.url);
    const base = {
      id: c.var.requestId,
      projectId,
      mode: access?.access?.mode ?? named?.[2] ?? '',
      createdAt: started,
      method: c.req.method,
      route: routeOf(c),
      path: scrubPath(path),
      query: scrubQuery(url.search),
      status: res.status,
      latencyMs: Math.max(0, Math.round(clock() - started)),
      callerType: principal ? (principal.kind === 'key' ? 'key' : 'member') : null,
      callerId: principal ? (principal.kind === 'key' ? principal.keyId : principal.userId) : null,
      keyId: principal?.kind === 'key' ? principal.keyId : null,
      clientAddress: clientNetwork(c.req.header('CF-Connecting-IP') ?? null),
      userAgent: scrubUserAgent(c.req.header('User-Agent') ?? null),
      requestBytes: Number(c.req.header('Content-Length')) || (c.req.method === 'GET' ? 0 : null),
    } satisfies Omit<RequestLogEntry, 'errorCode' | 'responseBytes'>;
    const declared = res.headers.get('Content-Length');
    const dispatcher = env.WEBHOOK_DISPATCHER!;
    const waitMs = flushWaitMs(env.REQUEST_LOG_FLUSH_MS);
    c.executionCtx.waitUntil(
      (async () => {
        const read = await readCopy(copy, res.status);
        const responseBytes =
          read.bytes ?? (declared !== null && /^\d+$/.test(declared) ? Number(declared) : res.body ? null : 0);
        const entry: RequestLogEntry = { ...base, errorCode: read.code, responseBytes };
        await handOver(entry, dispatcher, waitMs);
      })().catch((err: unknown) => console.error(`request-logs: not recorded: ${String(err)}`)),
    );
  };
}

/** How long the first entry of a hand-over waits for more, unless `REQUEST_LOG_FLUSH_MS` says otherwise. */
const DEFAULT_FLUSH_WAIT_MS = 250;

function flushWaitMs(setting: string | undefined): number {
  const n = setting === undefined || setting === '' ? NaN : Number(setting);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 5000) : DEFAULT_FLUSH_WAIT_MS;
}

/**
 * The entries of this isolate not yet handed over. One call of the dispatcher per entry cost the API ~2 ms of CPU
 * per request on the local runtime (the RPC and the queue's write of the message: docs/decisions.md "Request log
 * entries go over in batches"), so the entries of an isolate go together: the first one waits `waitMs` for more
 * (at most {@link LOG_BATCH_MAX}: a full batch goes at once), inside the `waitUntil` of the request that opened the
 * batch, which therefore stays alive until the batch is handed over. Later requests only add their entry.
 */
let batch: RequestLogEntry[] = [];

type DispatcherBinding = Pick<NonNullable<ApiEnv['Bindings']['WEBHOOK_DISPATCHER']>, 'recordRequests'>;

async function handOver(entry: RequestLogEntry, dispatcher: DispatcherBinding, waitMs: number): Promise<void> {
  batch.push(entry);
  if (batch.length >= LOG_BATCH_MAX) {
    const full = batch;
    batch = [];
    await dispatcher.recordRequests(full);
    return;
  }
  if (batch.length > 1) return; // the request that opened this batch hands it over
  const mine = batch;
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  // A full batch may have gone meanwhile, with this one's entries in it.
  if (batch !== mine) return;
  batch = [];
  await dispatcher.recordRequests(mine);
}
