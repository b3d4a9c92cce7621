import { ROUTES, buildPath, type RouteDef } from '../src/shared/routes';

const SAMPLE_PARAMS: Record<string, string> = {
  projectId: 'pro_7f3c2a1e-0b9d-4c1e-a0f3-5d2b8e6c9a10',
  mode: 'test',
  playerId: 'pla_5e1d9c3b-2a4f-4e6d-8b7a-1c0f2e3d4b5a',
  transactionId: 'tin_1',
  policyId: 'pol_1',
  contractId: 'con_1',
  keyId: 'key_1',
  webhookId: 'whk_1',
  requestId: 'req_1',
};

/** A concrete path for each route, built from the route table (never re-typed). */
export const ROUTE_SAMPLES: readonly { route: RouteDef; path: string }[] = ROUTES.map((route) => ({
  route,
  path: buildPath(route.pattern, SAMPLE_PARAMS),
}));

export const SAMPLE_PROJECT = SAMPLE_PARAMS.projectId!;
