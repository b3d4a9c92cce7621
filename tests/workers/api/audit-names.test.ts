import { describe, expect, it } from 'vitest';
import { api, newProject } from './helpers';

// The audit log names what it lists (issue 19.7): "API key 'CI deploy'", not a bare id.
describe('audit log names', () => {
  it('names the acting key and each target as it is now; a deleted target has no name', async () => {
    const p = await newProject('audit-names');
    const key = await api('POST', `/projects/${p.id}/test/api-keys`, p.ownerToken, {
      type: 'secret',
      name: 'CI deploy',
    });
    expect(key.status, key.text).toBe(201);
    const user = await api('POST', `/projects/${p.id}/test/users`, key.body.secret, { name: 'Ada Lovelace' });
    expect(user.status, user.text).toBe(201);
    const policy = await api('POST', `/projects/${p.id}/test/policies`, key.body.secret, {
      name: 'Gold for gas',
      chainId: 1,
      strategy: { type: 'pay_for_user' },
    });
    expect(policy.status, policy.text).toBe(201);
    const gone = await api('DELETE', `/projects/${p.id}/test/policies/${policy.body.id}`, key.body.secret);
    expect(gone.status, gone.text).toBe(204);

    const log = await api('GET', `/projects/${p.id}/audit-log?limit=100`, p.ownerToken);
    expect(log.status, log.text).toBe(200);
    const entry = (action: string) => log.body.data.find((e: { action: string }) => e.action === action);
    expect(entry('api_key.created')).toMatchObject({
      actorType: 'user',
      targetType: 'api_keys',
      targetId: key.body.id,
      targetName: 'CI deploy',
    });
    expect(entry('user.created')).toMatchObject({
      actorType: 'key',
      actorId: key.body.id,
      actorName: 'CI deploy',
      targetName: 'Ada Lovelace',
    });
    expect(entry('policy.deleted')).toMatchObject({ actorName: 'CI deploy', targetName: null });
    expect(entry('project.created')).toMatchObject({ targetName: 'Test project' });
  });
});
