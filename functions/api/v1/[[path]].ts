import { apiApp } from '../../_lib/api/api-routes';

/** Every /api/v1/** request: the Hono app of functions/_lib/api/api-app.ts, built from the route table in api-routes.ts. */
export const onRequest: PagesFunction<Env> = (ctx) =>
  apiApp.fetch(ctx.request, ctx.env, ctx as unknown as ExecutionContext);
