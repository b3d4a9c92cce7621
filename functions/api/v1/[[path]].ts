import { apiApp } from '../../_lib/api/api-routes';

const DISPATCHER_PROXY = '/api/v1/__dispatcher/';

/**
 * Every /api/v1/** request: the Hono app of functions/_lib/api/api-app.ts, built from the route table in
 * api-routes.ts. Local stacks
 * only (`WEBHOOK_DISPATCHER_PROXY=true`, never deployed): `__dispatcher/…` reaches the webhook dispatcher Worker,
 * whose cron `wrangler pages dev` does not fire (scripts/lib/webhook-dispatcher.ts).
 */
export const onRequest: PagesFunction<Env> = (ctx) => {
  const url = new URL(ctx.request.url);
  if (
    ctx.env.WEBHOOK_DISPATCHER_PROXY === 'true' &&
    ctx.env.WEBHOOK_DISPATCHER &&
    url.pathname.startsWith(DISPATCHER_PROXY)
  )
    return ctx.env.WEBHOOK_DISPATCHER.fetch(
      new Request(
        `https://webhook-dispatcher/${url.pathname.slice(DISPATCHER_PROXY.length)}${url.search}`,
        ctx.request,
      ),
    );
  return apiApp.fetch(ctx.request, ctx.env, ctx as unknown as ExecutionContext);
};
