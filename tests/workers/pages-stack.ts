import { createPagesEventContext, env } from 'cloudflare:test';
import { onRequest as edgeMiddleware } from '../../functions/_middleware';
import { onRequest as apiFunction } from '../../functions/api/v1/[[path]]';

type Ctx = Parameters<typeof createPagesEventContext<typeof edgeMiddleware>>[0];

/**
 * The whole Pages stack for one request, as Pages chains it (the "Pages fixture"): the edge middleware
 * (functions/_middleware.ts) runs first and its `next()` goes to the Function of the matching file, here
 * functions/api/v1/[[path]].ts for /api/v1/** (and the built site's assets for anything else).
 */
export async function pagesFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`https://dash.example.com${path}`, init);
  const waits: Promise<unknown>[] = [];
  const ctx = createPagesEventContext<typeof edgeMiddleware>({
    request,
    params: {},
    data: {},
    next: async (next?: Request | string) => {
      const req = next instanceof Request ? next : request;
      if (!new URL(req.url).pathname.startsWith('/api/v1/')) return env.ASSETS.fetch(req);
      const fn = createPagesEventContext<typeof apiFunction>({
        request: req,
        params: { path: new URL(req.url).pathname.split('/').slice(3) },
        data: {},
      } as Parameters<typeof createPagesEventContext<typeof apiFunction>>[0]);
      const originalWait = fn.waitUntil.bind(fn);
      fn.waitUntil = (p: Promise<unknown>) => {
        waits.push(p);
        originalWait(p);
      };
      return apiFunction(fn);
    },
  } as Ctx);
  const res = await edgeMiddleware(ctx);
  await Promise.allSettled(waits);
  return res;
}
