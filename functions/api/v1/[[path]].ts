import { handleApi } from '../../_lib/api/api-routes';

const DISPATCHER_PROXY = '/api/v1/__dispatcher/';

/**
 * Every /api/v1/** request: the route table in functions/_lib/api/api-routes.ts dispatches by feature. Local stacks
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
  return handleApi(ctx.request, ctx.env, (p) => ctx.waitUntil(p));
};
