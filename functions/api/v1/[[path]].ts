import { handleApi } from '../../_lib/api/api-routes';

/** Every /api/v1/** request: the route table in functions/_lib/api/api-routes.ts dispatches by feature. */
export const onRequest: PagesFunction<Env> = (ctx) => handleApi(ctx.request, ctx.env, (p) => ctx.waitUntil(p));
