import { describe, expect, it } from 'vitest';
import { addMember, api, newProject, shardOf, testEnv, token } from './helpers';
import { addr, ERC20_ABI } from './fixtures';
import { readModeConfig } from '../../../functions/_lib/config/read-config';
import { applyPlan } from '../../../functions/_lib/config/apply-config';
import { planConfig } from '../../../src/shared/config-plan';

// Test → live promotion and configuration as code (docs/api.md "Configuration as code"): matching by key, the
// field-by-field diff, dry run = apply, idempotency, references, refusals per mode, secrets, roles, concurrency.

const BASE = 8453; // Base: a chain both modes may use
const GOOGLE_SECRET = 'google-secret-value-7a3f-never-travels';

async function seedTest() {
  const p = await newProject('promote-owner');
  const t = `/projects/${p.id}/test`;
  const k = p.secretTest;
  const token20 = await api('POST', `${t}/contracts`, k, {
    name: 'Token',
    chainId: BASE,
    address: addr(71),
    abi: ERC20_ABI,
  });
  const pol = await api('POST', `${t}/policies`, k, { name: 'Starter', chainId: BASE });
  const rule = await api('POST', `${t}/policies/${pol.body.id}/rules`, k, {
    type: 'contract_functions',
    contractId: token20.body.id,
    functionName: 'transfer',
  });
  expect(rule.status, rule.text).toBe(201);
  const sep = await api('POST', `${t}/policies`, k, { name: 'Sepolia only', chainId: 11155111 });
  expect(sep.status).toBe(201);
  const hook = await api('POST', `${t}/webhooks`, k, { url: 'https://hooks.example.com/in', topics: ['user.created'] });
  expect(hook.status, hook.text).toBe(201);
  const providers = await api('GET', `${t}/auth/providers`, p.ownerToken);
  const prov = await api('PATCH', `${t}/auth/providers`, p.ownerToken, {
    version: providers.body.version,
    oauth: { google: { enabled: true, clientId: 'gid.apps', clientSecret: GOOGLE_SECRET } },
  });
  expect(prov.status, prov.text).toBe(200);
  return { p, hookSecret: hook.body.secret as string, tokenId: token20.body.id as string };
}

const byKey = (body: any) => Object.fromEntries(body.items.map((i: any) => [`${i.kind}/${i.key}`, i]));

describe('compare, dry run and apply between the two modes', () => {
  it('matches by key, diffs field by field, and apply does exactly what the dry run said, once', async () => {
    const { p, hookSecret } = await seedTest();
    const live = `/projects/${p.id}/live`;
    // Live already has the token under another name: it is matched by chain + address, not by id.
    await api('POST', `${live}/contracts`, p.secretLive, {
      name: 'Old name',
      chainId: BASE,
      address: addr(71),
      abi: [],
    });
    await api('POST', `${live}/policies`, p.secretLive, { name: 'Live only', chainId: BASE });

    const cmp = await api('GET', `${live}/promote?from=test`, p.ownerToken);
    expect(cmp.status, cmp.text).toBe(200);
    const items = byKey(cmp.body);
    const tokenKey = `contracts/${BASE}:${addr(71)}`;
    expect(items[tokenKey]).toMatchObject({ compare: 'differs', action: 'update' });
    expect(items[tokenKey].changes).toContainEqual({ path: 'name', from: 'Old name', to: 'Token' });
    expect(items['policies/Starter']).toMatchObject({ compare: 'only_in_source', action: 'create' });
    expect(items['policies/Live only']).toMatchObject({ compare: 'only_in_target', action: 'unchanged' });
    // Refusals per mode, each with its reason at the field.
    expect(items['policies/Sepolia only']).toMatchObject({ action: 'refused' });
    expect(items['policies/Sepolia only'].reasons).toEqual([
      { path: 'chainId', message: 'Sepolia is a testnet: live mode uses mainnets' },
    ]);
    // Secrets never travel: a provider and a new webhook arrive disabled, "needs a secret".
    expect(items['providers/providers']).toMatchObject({
      action: 'update',
      needsSecret: ['oauth.google.clientSecret'],
    });
    expect(items['webhooks/https://hooks.example.com/in']).toMatchObject({
      action: 'create',
      needsSecret: ['signingSecret'],
    });
    expect(cmp.text).not.toContain(GOOGLE_SECRET);
    expect(cmp.text).not.toContain(hookSecret);

    const dry = await api('POST', `${live}/promote/dry-run`, p.ownerToken, { from: 'test' });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.promotionId).toBeNull();
    expect(dry.body.items).toEqual(cmp.body.items);
    // The dry run wrote nothing.
    expect((await api('GET', `${live}/policies`, p.ownerToken)).body.total).toBe(1);

    const applied = await api('POST', `${live}/promote`, p.ownerToken, { from: 'test' });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.items).toEqual(dry.body.items);
    expect(applied.body.promotionId).toMatch(/^prm_/);

    // What the dry run promised is what is there now: compare again, every promised object is the same.
    const after = byKey((await api('GET', `${live}/promote?from=test`, p.ownerToken)).body);
    for (const i of dry.body.items.filter((x: any) => x.action === 'update' || x.action === 'create'))
      expect(after[`${i.kind}/${i.key}`].action, `${i.kind}/${i.key}`).toBe('unchanged');
    // References rewritten to the live contract of the same key.
    const policies = (await api('GET', `${live}/policies?order=name:asc`, p.ownerToken)).body.data;
    const starter = policies.find((x: any) => x.name === 'Starter');
    const rules = (await api('GET', `${live}/policies/${starter.id}/rules`, p.ownerToken)).body.data;
    const liveToken = (await api('GET', `${live}/contracts`, p.ownerToken)).body.data[0];
    expect(rules).toMatchObject([{ contractId: liveToken.id, functionName: 'transfer' }]);
    expect(liveToken.name).toBe('Token');
    // The provider arrived off, the webhook disabled.
    const prov = await api('GET', `${live}/auth/providers`, p.ownerToken);
    expect(prov.body.data.oauth.google).toMatchObject({ enabled: false, clientId: 'gid.apps', clientSecretHint: null });
    const hooks = (await api('GET', `${live}/webhooks`, p.ownerToken)).body.data;
    expect(hooks).toMatchObject([{ url: 'https://hooks.example.com/in', enabled: false }]);

    // Audited: one entry per object, grouped by the promotion id.
    const shard = await shardOf(p.id);
    const audit = await shard
      .prepare("SELECT target_type, details FROM audit_log WHERE project_id = ? AND action LIKE 'config.%'")
      .bind(p.id)
      .all<{ target_type: string; details: string }>();
    const changed = dry.body.summary.create + dry.body.summary.update;
    expect(audit.results).toHaveLength(changed);
    for (const a of audit.results) expect(JSON.parse(a.details).promotionId).toBe(applied.body.promotionId);

    // Idempotent: a repeated apply changes nothing.
    const again = await api('POST', `${live}/promote`, p.ownerToken, { from: 'test' });
    expect(again.body.summary).toMatchObject({ create: 0, update: 0 });
    expect(again.body.promotionId).toBeNull();
  });

  it('a reference to a contract that is not picked is refused with what is missing; picking it too works', async () => {
    const { p } = await seedTest();
    const live = `/projects/${p.id}/live`;
    const alone = await api('POST', `${live}/promote/dry-run`, p.ownerToken, {
      from: 'test',
      pick: [{ kind: 'policies', key: 'Starter' }],
    });
    const item = byKey(alone.body)['policies/Starter'];
    expect(item.action).toBe('refused');
    expect(item.reasons[0]).toMatchObject({ path: 'rules[0].contract' });
    expect(item.reasons[0].message).toMatch(/not there: pick it too/);
    const both = await api('POST', `${live}/promote`, p.ownerToken, {
      from: 'test',
      pick: [{ kind: 'policies', key: 'Starter' }, { kind: 'contracts' }],
    });
    expect(byKey(both.body)['policies/Starter'].action).toBe('create');
    expect(byKey(both.body)['webhooks/https://hooks.example.com/in'].action).toBe('not_picked');
    expect((await api('GET', `${live}/webhooks`, p.ownerToken)).body.total).toBe(0);
  });

  it('roles: viewers compare, developers dry-run, owners and admins apply; another tenant is a 404', async () => {
    const { p } = await seedTest();
    const live = `/projects/${p.id}/live`;
    const cases: [string, number, number, number][] = [
      ['viewer', 200, 403, 403],
      ['developer', 200, 200, 403],
      ['admin', 200, 200, 200],
    ];
    for (const [role, compare, dry, apply] of cases) {
      await addMember(p.id, `promote-${role}-${p.id}`, role);
      const t = await token(`promote-${role}-${p.id}`);
      expect((await api('GET', `${live}/promote?from=test`, t)).status, role).toBe(compare);
      expect((await api('POST', `${live}/promote/dry-run`, t, { from: 'test' })).status, role).toBe(dry);
      expect((await api('POST', `${live}/promote`, t, { from: 'test' })).status, role).toBe(apply);
    }
    const stranger = await token('promote-stranger');
    expect((await api('GET', `${live}/promote?from=test`, stranger)).status).toBe(404);
    // A secret key belongs to one mode: it never promotes.
    expect((await api('GET', `${live}/promote?from=test`, p.secretLive)).status).toBe(403);
    expect((await api('GET', `${live}/promote?from=live`, p.ownerToken)).status).toBe(400);
  });

  it('an edit in live between planning and writing is a 409 and nothing of that kind is written', async () => {
    const { p } = await seedTest();
    const live = `/projects/${p.id}/live`;
    await api('POST', `${live}/contracts`, p.secretLive, { name: 'Old', chainId: BASE, address: addr(71), abi: [] });
    const shard = await shardOf(p.id);
    const now = Date.now();
    const source = await readModeConfig(shard, p.id, 'test', now);
    const target = await readModeConfig(shard, p.id, 'live', now);
    const items = planConfig({
      source: source.doc,
      target: target.doc,
      targetMode: 'live',
      pick: [{ kind: 'contracts' }],
    });
    expect(items.find((i) => i.kind === 'contracts')!.action).toBe('update');
    // Someone renames the live contract meanwhile.
    const c = (await api('GET', `${live}/contracts`, p.ownerToken)).body.data[0];
    await api('PATCH', `${live}/contracts/${c.id}`, p.ownerToken, { name: 'Edited meanwhile', version: c.version });
    const run = applyPlan(
      { db: shard, env: testEnv, projectId: p.id, mode: 'live', actor: { type: 'user', id: 'x' }, now, config: target },
      items,
      'prm_test',
    );
    await expect(run).rejects.toMatchObject({ code: 'conflict' });
    const still = (await api('GET', `${live}/contracts/${c.id}`, p.ownerToken)).body;
    expect(still.name).toBe('Edited meanwhile');
    const audit = await shard
      .prepare("SELECT COUNT(*) AS n FROM audit_log WHERE project_id = ? AND action LIKE 'config.%'")
      .bind(p.id)
      .first<{ n: number }>();
    expect(audit!.n).toBe(0);
  });
});

describe('configuration as code', () => {
  it('exports with secret placeholders, applies a document with a config:write key, refuses http in live', async () => {
    const { p, hookSecret } = await seedTest();
    const keyFor = async (scopes: string[]) =>
      (
        await api('POST', `/projects/${p.id}/live/api-keys`, p.ownerToken, {
          type: 'secret',
          name: scopes.join(),
          scopes,
        })
      ).body.secret as string;
    const exported = await api('GET', `/projects/${p.id}/test/config`, p.secretTest);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body).toMatchObject({ schemaVersion: 1, mode: 'test' });
    expect(exported.body.providers.oauth.google.clientSecret).toEqual({
      $secret: 'providers.oauth.google.clientSecret',
    });
    expect(exported.body.webhooks[0].signingSecret).toEqual({ $secret: 'webhooks.signingSecret' });
    expect(exported.text).not.toContain(GOOGLE_SECRET);
    expect(exported.text).not.toContain(hookSecret);
    expect(exported.text).not.toMatch(/"id":/);

    const doc = {
      ...exported.body,
      webhooks: [
        ...exported.body.webhooks,
        { url: 'http://plain.example.com/x', description: null, topics: ['user.created'], enabled: true },
      ],
    };
    const reader = await keyFor(['config:read']);
    expect((await api('POST', `/projects/${p.id}/live/config?dryRun=true`, reader, doc)).status).toBe(403);
    const writer = await keyFor(['config:write']);
    const dry = await api('POST', `/projects/${p.id}/live/config?dryRun=true`, writer, doc);
    expect(dry.status, dry.text).toBe(200);
    expect(byKey(dry.body)['webhooks/http://plain.example.com/x']).toMatchObject({
      action: 'refused',
      reasons: [{ path: 'url', message: 'Live mode requires https' }],
    });
    const applied = await api('POST', `/projects/${p.id}/live/config?dryRun=false`, writer, doc);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.items).toEqual(dry.body.items);
    const again = await api('POST', `/projects/${p.id}/live/config?dryRun=false`, writer, doc);
    expect(again.body.summary).toMatchObject({ create: 0, update: 0 });

    // A secret in a document is refused, not stored.
    const leaked = structuredClone(exported.body);
    leaked.providers.oauth.google.clientSecret = 'a-secret-in-a-file-1234';
    const refused = await api('POST', `/projects/${p.id}/live/config`, writer, leaked);
    expect(byKey(refused.body)['providers/providers']).toMatchObject({ action: 'refused' });
    expect(refused.text).not.toContain('a-secret-in-a-file-1234');
    // A developer's apply is refused; the bad document is a 400 at its field.
    await addMember(p.id, `cfg-dev-${p.id}`, 'developer');
    const dev = await token(`cfg-dev-${p.id}`);
    expect((await api('POST', `/projects/${p.id}/live/config?dryRun=false`, dev, doc)).status).toBe(403);
    expect((await api('POST', `/projects/${p.id}/live/config`, dev, doc)).status).toBe(200);
    const bad = await api('POST', `/projects/${p.id}/live/config`, writer, { schemaVersion: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('schemaVersion');
  });
});
