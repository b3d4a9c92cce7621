import { createPagesEventContext, env } from 'cloudflare:test';
import { onRequest } from '../../functions/_middleware';

/** Runs the edge middleware for a path the way Pages does: `next()` serves the static assets (or an API stub). */
export async function edge(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`https://dash.example.com${path}`, init);
  const ctx = createPagesEventContext<typeof onRequest>({
    request,
    params: {},
    data: {},
    next: async () =>
      path.startsWith('/api/')
        ? Response.json({ data: [] }, { headers: { 'X-From': 'api' } })
        : env.ASSETS.fetch(request),
  } as Parameters<typeof createPagesEventContext<typeof onRequest>>[0]);
  return onRequest(ctx);
}
