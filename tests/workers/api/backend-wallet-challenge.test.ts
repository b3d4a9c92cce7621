import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { apiHandler, createApiApp } from '../../../functions/_lib/api/api-app';
import { newProject, testEnv } from './helpers';

/** The API with an injected clock. */
function clockedApi(clock: { now: number }) {
  const handle = apiHandler(createApiApp(API_ROUTES, { now: () => clock.now }));
  return async (path: string, auth: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await handle(
      new Request(`https://dash.test/api/v1${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      testEnv,
      () => {},
    );
    return { status: res.status, body: await res.json<any>(), headers: res.headers };
  };
}

describe('added backend wallets: ownership signatures over a server-issued challenge', () => {
  it('signs project, mode, nonce and expiry; a nonce works once, in its own project and mode, before it expires', async () => {
    const clock = { now: Date.now() };
    const post = clockedApi(clock);
    const p = await newProject('bwc-owner');
    const other = await newProject('bwc-owner');
    const account = privateKeyToAccount(generatePrivateKey());
    const base = `/projects/${p.id}/test/backend-wallets`;

    const ch = await post(`${base}/challenge`, p.ownerToken, { address: account.address });
    expect(ch.status, JSON.stringify(ch.body)).toBe(201);
    expect(ch.body.message).toContain(account.address);
    expect(ch.body.message).toContain(p.id);
    expect(ch.body.message).toContain('test');
    expect(ch.body.message).toContain(ch.body.nonce);
    expect(ch.body.message).toContain(ch.body.expiresAt);
    expect(Date.parse(ch.body.expiresAt)).toBe(clock.now + 10 * 60_000);
    const signature = await account.signMessage({ message: ch.body.message });
    const body = { custody: 'added', name: 'Mine', address: account.address, nonce: ch.body.nonce, signature };

    // Replayed into another project or the other mode: refused.
    expect((await post(`/projects/${other.id}/test/backend-wallets`, other.ownerToken, body)).status).toBe(400);
    expect((await post(`/projects/${p.id}/live/backend-wallets`, p.ownerToken, body)).status).toBe(400);
    // Signed by another key: refused (and the nonce stays usable).
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = { ...body, signature: await stranger.signMessage({ message: ch.body.message }) };
    const bad = await post(base, p.ownerToken, forged);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/ownership/);

    const ok = await post(base, p.ownerToken, body, { 'Idempotency-Key': 'bwc-1' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.address).toBe(account.address);
    // The same request with its Idempotency-Key replays; without it, the used nonce is refused.
    const again = await post(base, p.ownerToken, body, { 'Idempotency-Key': 'bwc-1' });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const reused = await post(base, p.ownerToken, { ...body, name: 'Mine again' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.details[0].message).toMatch(/used|unknown/i);
  });

  it('refuses an expired challenge and the old message without a nonce', async () => {
    const clock = { now: Date.now() };
    const post = clockedApi(clock);
    const p = await newProject('bwc-owner-2');
    const account = privateKeyToAccount(generatePrivateKey());
    const base = `/projects/${p.id}/live/backend-wallets`;
    const ch = await post(`${base}/challenge`, p.ownerToken, { address: account.address });
    const signature = await account.signMessage({ message: ch.body.message });
    clock.now += 10 * 60_000 + 1;
    const late = await post(base, p.ownerToken, {
      custody: 'added',
      name: 'Late',
      address: account.address,
      nonce: ch.body.nonce,
      signature,
    });
    expect(late.status).toBe(400);
    expect(late.body.error.details[0].message).toMatch(/expired/i);

    const legacy = await account.signMessage({ message: `I own ${account.address} and add it to project ${p.id}` });
    const old = await post(base, p.ownerToken, {
      custody: 'added',
      name: 'Old',
      address: account.address,
      signature: legacy,
    });
    expect(old.status).toBe(400);
  });

  it('a challenge is for one address', async () => {
    const post = clockedApi({ now: Date.now() });
    const p = await newProject('bwc-owner-3');
    const a = privateKeyToAccount(generatePrivateKey());
    const b = privateKeyToAccount(generatePrivateKey());
    const base = `/projects/${p.id}/test/backend-wallets`;
    const ch = await post(`${base}/challenge`, p.ownerToken, { address: a.address });
    const res = await post(base, p.ownerToken, {
      custody: 'added',
      name: 'Other',
      address: b.address,
      nonce: ch.body.nonce,
      signature: await b.signMessage({ message: ch.body.message.replace(a.address, b.address) }),
    });
    expect(res.status).toBe(400);
  });
});
