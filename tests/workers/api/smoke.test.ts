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
});
