import { describe, expect, it } from 'vitest';
import { api, newProject, token } from './helpers';

describe('api smoke', () => {
  it('creates a project and lists it', async () => {
    const p = await newProject('user-smoke');
    expect(p.body.keys).toHaveLength(4);
    const list = await api('GET', '/projects', p.ownerToken);
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toContain(p.id);
    const w = await api('POST', `/projects/${p.id}/test/wallets`, p.secretTest, {
      address: '0x' + 'ab'.repeat(20),
      chainId: 1,
      accountType: 'Smart Account',
    });
    expect(w.status, w.text).toBe(201);
    const wl = await api('GET', `/projects/${p.id}/test/wallets?limit=5`, await token('user-smoke'));
    expect(wl.status, wl.text).toBe(200);
    expect(wl.body.total).toBe(1);
    const oas = await api('GET', '/openapi.json', null);
    expect(oas.status, oas.text).toBe(200);
    expect(oas.body.openapi).toBe('3.1.0');
  });

  it('the OpenAPI document names the shared schemas once and every $ref resolves', async () => {
    const { body: doc } = await api('GET', '/openapi.json', null);
    const schemas = doc.components.schemas as Record<string, unknown>;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Error', 'Wallet', 'Transaction', 'Project']));
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(100);
    const dangling = refs.filter((r) => !r.startsWith('#/components/schemas/') || !(r.split('/').pop()! in schemas));
    expect(dangling).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('$defs');
    const walletList = doc.paths['/api/v1/projects/{projectId}/{mode}/wallets'].get.responses['200'];
    expect(JSON.stringify(walletList)).toContain('#/components/schemas/Wallet"');
    const walletCreate = doc.paths['/api/v1/projects/{projectId}/{mode}/wallets'].post.requestBody;
    expect(JSON.stringify(walletCreate)).toContain('#/components/schemas/WalletCreate');
  });
});
