import { describe, expect, it } from 'vitest';
import { addMember, api, newProject, testEnv, token } from './helpers';
import { setDns } from './dns';
import { pagesFetch } from '../pages-stack';

/**
 * Custom domains through a DNS TXT proof (issue 17.4; docs/api.md "Ecosystem"): a claim answers the TXT record once,
 * "verify" looks it up on a real local DNS-over-HTTPS server (dev/doh, `DNS_OVER_HTTPS_URL`), pending claims block
 * no one and lapse after 72 h, and no answer tells whether another project has or claims a domain.
 */

const path = (projectId: string, mode = 'test') => `/projects/${projectId}/${mode}/ecosystem/domain`;
const uniqueDomain = () => `wallet-${crypto.randomUUID().slice(0, 8)}.example.com`;

async function claim(projectId: string, auth: string, domain: string, mode = 'test') {
  const res = await api('POST', path(projectId, mode), auth, { domain });
  expect(res.status, res.text).toBe(201);
  return res.body as { domain: string; status: string; recordName: string; token: string; expiresAt: string };
}
const verify = (projectId: string, auth: string, mode = 'test') => api('POST', `${path(projectId, mode)}/verify`, auth);
const settings = async (projectId: string, auth: string, mode = 'test') =>
  (await api('GET', `/projects/${projectId}/${mode}/ecosystem`, auth)).body.data;

describe('custom domains: claim, TXT proof, verify', () => {
  it('a claim answers the TXT record once; verify with the record makes it the custom domain', async () => {
    const p = await newProject('dom-owner');
    const domain = uniqueDomain();
    const c = await claim(p.id, p.ownerToken, domain);
    expect(c).toMatchObject({ domain, status: 'pending', recordName: `_dashboard-verify.${domain}` });
    expect(c.token).toMatch(/^dv-[0-9a-f]{48}$/);
    expect(Date.parse(c.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    // The token is never answered again, nor stored in clear.
    const read = await api('GET', path(p.id), p.ownerToken);
    expect(read.body).toMatchObject({ domain, status: 'pending', token: null });
    const stored = await testEnv.DB.prepare('SELECT token_hash FROM ecosystem_domain_claims WHERE domain = ?')
      .bind(domain)
      .first<{ token_hash: string }>();
    expect(stored!.token_hash).not.toContain(c.token);
    // Before the record: refused, nothing changes.
    const early = await verify(p.id, p.ownerToken);
    expect(early.status).toBe(400);
    expect(early.body.error.message).toContain(`_dashboard-verify.${domain}`);
    expect((await settings(p.id, p.ownerToken)).customDomain).toBeNull();
    // A wrong value does not do either.
    await setDns(c.recordName, 'TXT', ['dv-not-the-token']);
    expect((await verify(p.id, p.ownerToken)).status).toBe(400);
    await setDns(c.recordName, 'TXT', ['v=spf1 -all', c.token]);
    const ok = await verify(p.id, p.ownerToken);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ domain, status: 'verified', token: null, expiresAt: null });
    expect((await settings(p.id, p.ownerToken)).customDomain).toBe(domain);
    const audit = await testEnv.DB.prepare(
      "SELECT action FROM audit_log WHERE project_id = ? AND action LIKE 'ecosystem.domain_%' ORDER BY created_at",
    )
      .bind(p.id)
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(['ecosystem.domain_claimed', 'ecosystem.domain_verified']);
  });

  it('squatting does not work: a pending claim of another account blocks no one, and its verify fails', async () => {
    const owner = await newProject('dom-real');
    const squatter = await newProject('dom-squat');
    const domain = uniqueDomain();
    const squat = await claim(squatter.id, squatter.ownerToken, domain);
    const real = await claim(owner.id, owner.ownerToken, domain);
    // The DNS owner publishes their own token only.
    await setDns(real.recordName, 'TXT', [real.token]);
    expect((await verify(squatter.id, squatter.ownerToken)).status).toBe(400);
    expect((await verify(owner.id, owner.ownerToken)).status).toBe(200);
    expect((await settings(owner.id, owner.ownerToken)).customDomain).toBe(domain);
    expect((await settings(squatter.id, squatter.ownerToken)).customDomain).toBeNull();
    expect(squat.token).not.toBe(real.token);
  });

  it('no oracle: claiming a domain another project verified answers exactly as a free one', async () => {
    const a = await newProject('dom-oracle-a');
    const b = await newProject('dom-oracle-b');
    const taken = uniqueDomain();
    const free = uniqueDomain();
    const first = await claim(a.id, a.ownerToken, taken);
    await setDns(first.recordName, 'TXT', [first.token]);
    expect((await verify(a.id, a.ownerToken)).status).toBe(200);
    const shape = (b: Record<string, unknown>) => ({
      ...b,
      domain: '-',
      recordName: '-',
      token: '-',
      createdAt: '-',
      expiresAt: '-',
    });
    const onTaken = await api('POST', path(b.id), b.ownerToken, { domain: taken });
    const onFree = await api('POST', path(b.id, 'live'), b.ownerToken, { domain: free });
    expect(onTaken.status).toBe(201);
    expect(shape(onTaken.body)).toEqual(shape(onFree.body));
    const failTaken = await verify(b.id, b.ownerToken);
    const failFree = await verify(b.id, b.ownerToken, 'live');
    expect(failTaken.status).toBe(failFree.status);
    expect(failTaken.body.error.message.replace(taken, 'D')).toBe(failFree.body.error.message.replace(free, 'D'));
    expect(JSON.stringify(failTaken.body)).not.toMatch(/another|already|taken|in use/i);
  });

  it('whoever proves the domain gets it: a proof moves it from the ecosystem that had it', async () => {
    const a = await newProject('dom-move-a');
    const b = await newProject('dom-move-b');
    const domain = uniqueDomain();
    const ca = await claim(a.id, a.ownerToken, domain);
    await setDns(ca.recordName, 'TXT', [ca.token]);
    expect((await verify(a.id, a.ownerToken)).status).toBe(200);
    const cb = await claim(b.id, b.ownerToken, domain);
    await setDns(cb.recordName, 'TXT', [cb.token]); // the DNS changed hands
    expect((await verify(b.id, b.ownerToken)).status).toBe(200);
    expect((await settings(b.id, b.ownerToken)).customDomain).toBe(domain);
    expect((await settings(a.id, a.ownerToken)).customDomain).toBeNull();
    expect((await api('GET', path(a.id), a.ownerToken)).body.status).toBe('none');
    const verified = await testEnv.DB.prepare(
      "SELECT COUNT(*) AS n FROM ecosystem_domain_claims WHERE domain = ? AND status = 'verified'",
    )
      .bind(domain)
      .first<{ n: number }>();
    expect(verified!.n).toBe(1);
  });

  it('an unverified claim expires after 72 h: shown expired, verify refused (409), a new claim works', async () => {
    const p = await newProject('dom-expiry');
    const domain = uniqueDomain();
    const c = await claim(p.id, p.ownerToken, domain);
    await setDns(c.recordName, 'TXT', [c.token]);
    await testEnv.DB.prepare(
      'UPDATE ecosystem_domain_claims SET created_at = created_at - ?1, expires_at = expires_at - ?1 WHERE project_id = ?2',
    )
      .bind(72 * 3600_000 + 1000, p.id)
      .run();
    expect((await api('GET', path(p.id), p.ownerToken)).body.status).toBe('expired');
    const late = await verify(p.id, p.ownerToken);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ details: { reason: 'claim_expired' } });
    expect((await settings(p.id, p.ownerToken)).customDomain).toBeNull();
    const again = await claim(p.id, p.ownerToken, domain);
    await setDns(again.recordName, 'TXT', [again.token]);
    expect((await verify(p.id, p.ownerToken)).status).toBe(200);
  });

  it('an expired or pending claim never blocks a verified one of the same domain', async () => {
    const stale = await newProject('dom-stale');
    const fresh = await newProject('dom-fresh');
    const domain = uniqueDomain();
    await claim(stale.id, stale.ownerToken, domain);
    await testEnv.DB.prepare('UPDATE ecosystem_domain_claims SET expires_at = 0 WHERE project_id = ?')
      .bind(stale.id)
      .run();
    const c = await claim(fresh.id, fresh.ownerToken, domain);
    await setDns(c.recordName, 'TXT', [c.token]);
    expect((await verify(fresh.id, fresh.ownerToken)).status).toBe(200);
  });

  it('removing the domain drops the claim and clears the setting; the DNS resolver down is 503', async () => {
    const p = await newProject('dom-remove');
    const domain = uniqueDomain();
    const c = await claim(p.id, p.ownerToken, domain);
    await setDns(c.recordName, 'TXT', [c.token]);
    expect((await verify(p.id, p.ownerToken)).status).toBe(200);
    expect((await api('DELETE', path(p.id), p.ownerToken)).status).toBe(204);
    expect((await settings(p.id, p.ownerToken)).customDomain).toBeNull();
    expect((await api('GET', path(p.id), p.ownerToken)).body.status).toBe('none');
    // A resolver that does not answer: 503, nothing changes.
    const q = await newProject('dom-dns-down');
    await claim(q.id, q.ownerToken, uniqueDomain());
    const { handleApi } = await import('../../../functions/_lib/api/api-routes');
    const res = await handleApi(
      new Request(`https://dash.test/api/v1${path(q.id)}/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${q.ownerToken}` },
      }),
      { ...testEnv, DNS_OVER_HTTPS_URL: 'http://127.0.0.1:1/dns-query' },
      () => {},
    );
    expect(res.status).toBe(503);
  });

  it('owners and admins claim and verify; developers and viewers read only (through the Pages stack)', async () => {
    const p = await newProject('dom-roles');
    for (const role of ['admin', 'developer', 'viewer']) await addMember(p.id, `dom-roles-${role}`, role);
    const call = async (role: string, method: string, suffix = '', body?: unknown) =>
      (
        await pagesFetch(`/api/v1${path(p.id)}${suffix}`, {
          method,
          headers: { Authorization: `Bearer ${await token(`dom-roles-${role}`)}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).status;
    expect(await call('admin', 'POST', '', { domain: uniqueDomain() })).toBe(201);
    for (const role of ['developer', 'viewer']) {
      expect(await call(role, 'GET')).toBe(200);
      expect(await call(role, 'POST', '', { domain: uniqueDomain() })).toBe(403);
      expect(await call(role, 'POST', '/verify')).toBe(403);
      expect(await call(role, 'DELETE')).toBe(403);
    }
    expect(await call('admin', 'POST', '', { domain: 'https://x.example.com' })).toBe(400);
  });
});
