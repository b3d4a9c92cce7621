import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { apiHandler, createApiApp } from '../../../functions/_lib/api/api-app';
import { newProject, testEnv } from './helpers';

/**
 * A rotated key's grace period ends by the router's clock (docs/decisions.md "A key's grace period is tested with an
 * injected clock"): the same routes and D1 as production, a clock the test moves instead of sleeping. The end-to-end
 * test (tests/e2e/screens/api-keys.spec.ts) proves the screen's part: a key rotated there keeps working in its grace.
 */
function clockedApi(clock: { now: number }) {
  const handle = apiHandler(createApiApp(API_ROUTES, { now: () => clock.now }));
  return async (method: string, path: string, auth: string, body?: unknown) => {
    const res = await handle(
      new Request(`https://dash.test/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      testEnv,
      () => {},
    );
    return { status: res.status, body: await res.json<any>() };
  };
}

describe('a rotated secret key after its grace period', () => {
  it('works until the grace period ends and answers 401 from then on (injected clock, no sleeping)', async () => {
    const p = await newProject('grace-clock-owner');
    const clock = { now: Date.now() };
    const call = clockedApi(clock);
    const wallets = `/projects/${p.id}/test/wallets?limit=1`;
    const keys = await call('GET', `/projects/${p.id}/test/api-keys`, p.ownerToken);
    const old = keys.body.data.find((k: any) => k.type === 'secret');
    const rotated = await call('POST', `/projects/${p.id}/test/api-keys/${old.id}/rotate`, p.ownerToken, {
      gracePeriodSeconds: 3600,
    });
    expect(rotated.status).toBe(201);
    const rotatedAt = clock.now;

    const statusOf = async () =>
      (await call('GET', `/projects/${p.id}/test/api-keys/${old.id}`, p.ownerToken)).body.status as string;

    clock.now = rotatedAt + 3599_000;
    expect((await call('GET', wallets, p.secretTest)).status).toBe(200);
    // The key's status says the same as the auth check, by the same clock.
    expect(await statusOf()).toBe('rotating');
    clock.now = rotatedAt + 3600_000;
    expect(await statusOf()).toBe('expired');
    const refused = await call('GET', wallets, p.secretTest);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toEqual({ code: 'unauthorized', message: 'Missing or invalid credentials' });
    // The new secret is not affected, and the old one stays refused later on.
    expect((await call('GET', wallets, rotated.body.secret)).status).toBe(200);
    clock.now = rotatedAt + 8 * 86_400_000;
    expect((await call('GET', wallets, p.secretTest)).status).toBe(401);
    expect((await call('GET', wallets, rotated.body.secret)).status).toBe(200);
  });
});
