import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { LOCAL_SERVICE_ROLE_KEY } from '../../../dev/auth-emulator/config';
import {
  INVITED_BY_KEY,
  INVITED_PROJECT_KEY,
  INVITED_PROJECT_NAME_KEY,
  INVITED_ROLE_KEY,
} from '../../../src/shared/invite';
import { publicConfig } from '../../../functions/_lib/runtime-config';
import { addMember, api, newProject, testEnv, token } from './helpers';

/**
 * Members and invites (docs/api.md "Invites and their email"): inviting asks Supabase Auth's admin invite to email the
 * link (the fake auth server of tests/workers/api-setup/jwks-server.ts, then the real local emulator), and the invite
 * row never says "sent" unless the auth server said so.
 */

const FAKE_AUTH = testEnv.PUBLIC_SUPABASE_URL!;

/** How the fake auth server answers the admin invite for this address. */
async function inviteBehaviour(
  email: string,
  behaviour: 'ok' | 'down' | 'exists' | 'rate_limited' | 'refused_address',
) {
  const res = await fetch(`${FAKE_AUTH}/__auth/invite-behaviour`, {
    method: 'POST',
    body: JSON.stringify({ email, behaviour }),
  });
  if (!res.ok) throw new Error(`fake auth server: ${res.status}`);
}

/** The invites the fake auth server "sent" to an address. */
async function sentTo(email: string): Promise<{ email: string; data: Record<string, unknown> }[]> {
  return (await fetch(`${FAKE_AUTH}/__auth/invites?email=${encodeURIComponent(email)}`)).json();
}

const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function invitesOf(projectId: string, ownerToken: string, email: string) {
  const filters = JSON.stringify([{ field: 'email', op: 'eq', value: email }]);
  const res = await api('GET', `/projects/${projectId}/members?filters=${encodeURIComponent(filters)}`, ownerToken);
  expect(res.status, res.text).toBe(200);
  return res.body.data as any[];
}

describe('inviting sends the email through Supabase Auth', () => {
  it('calls the admin invite with the service-role key and the project, its name, the role and the inviter in the user metadata; the row says sent', async () => {
    const p = await newProject('mem-send-owner', 'Zoë’s <Game>');
    const email = unique('Sent.To');
    const res = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'developer' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: res.body.inviteId,
      email: email.toLowerCase(),
      role: 'developer',
      status: 'pending',
      emailStatus: 'sent',
      emailError: null,
    });
    expect(res.body.emailSentAt).toBe(res.body.createdAt);
    const sent = await sentTo(email);
    expect(sent).toEqual([
      {
        email: email.toLowerCase(),
        data: {
          [INVITED_PROJECT_KEY]: p.id,
          [INVITED_PROJECT_NAME_KEY]: 'Zoë’s <Game>',
          [INVITED_ROLE_KEY]: 'developer',
          [INVITED_BY_KEY]: 'mem-send-owner@example.com',
        },
      },
    ]);
    const [listed] = await invitesOf(p.id, p.ownerToken, email);
    expect(listed).toMatchObject({ inviteId: res.body.inviteId, emailStatus: 'sent', status: 'pending' });
  });

  it('auth server down: 503 with a clear message, the invite kept as failed (never "sent"); resending later works', async () => {
    const p = await newProject('mem-down-owner');
    const email = unique('down');
    await inviteBehaviour(email, 'down');
    const res = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'viewer' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(res.body.error.message).toContain(`No invite email went to ${email}`);
    expect(res.body.error.message).toContain('resend or revoke it');
    expect(res.headers.get('Retry-After')).toBe('5');
    const [kept] = await invitesOf(p.id, p.ownerToken, email);
    expect(kept).toMatchObject({ status: 'pending', emailStatus: 'failed', emailSentAt: null });
    expect(kept.emailError).toBe('The auth server could not send the email');
    expect(res.body.error.details).toMatchObject({ inviteId: kept.inviteId, emailStatus: 'failed' });
    expect(await sentTo(email)).toEqual([]);

    // Still down: resending fails the same way and still does not say sent.
    const again = await api('POST', `/projects/${p.id}/members/invites/${kept.inviteId}/resend`, p.ownerToken);
    expect(again.status).toBe(503);
    expect((await invitesOf(p.id, p.ownerToken, email))[0].emailStatus).toBe('failed');

    await inviteBehaviour(email, 'ok');
    const resent = await api('POST', `/projects/${p.id}/members/invites/${kept.inviteId}/resend`, p.ownerToken);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ inviteId: kept.inviteId, emailStatus: 'sent', emailError: null });
    expect(await sentTo(email)).toHaveLength(1);
  });

  it('an existing account: Supabase sends nothing (422 email_exists); the invite is kept for their next visit', async () => {
    const p = await newProject('mem-exists-owner');
    const email = unique('exists');
    await inviteBehaviour(email, 'exists');
    const res = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'admin' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', emailStatus: 'existing_account', emailSentAt: null });
    // They open the dashboard (confirmed address): the invite becomes their membership.
    const t = await token('mem-exists-user', { email });
    expect((await api('GET', `/projects/${p.id}`, t)).body.role).toBe('admin');
  });

  it('the auth server’s rate limit is a 503 with its Retry-After; a refused address is a 400 at the field', async () => {
    const p = await newProject('mem-refuse-owner');
    const limited = unique('limited');
    await inviteBehaviour(limited, 'rate_limited');
    const res = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email: limited, role: 'viewer' });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('120');
    expect(res.body.error.message).toContain('too many emails');

    const refused = unique('refused');
    await inviteBehaviour(refused, 'refused_address');
    const bad = await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email: refused, role: 'viewer' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'email', message: 'Email address not authorized' }]);
    expect((await invitesOf(p.id, p.ownerToken, refused))[0]).toMatchObject({
      emailStatus: 'failed',
      emailError: 'Email address not authorized',
    });
  });

  it('without SUPABASE_SERVICE_ROLE_KEY nothing is sent: 503, the invite kept as failed', async () => {
    const p = await newProject('mem-nokey-owner');
    const email = unique('nokey');
    const env = { ...testEnv, SUPABASE_SERVICE_ROLE_KEY: undefined };
    const res = await handleApi(
      new Request(`https://dash.test/api/v1/projects/${p.id}/members`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${p.ownerToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, role: 'viewer' }),
      }),
      env,
      () => {},
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as any).error.message).toContain('not set up to send invite emails');
    expect((await invitesOf(p.id, p.ownerToken, email))[0].emailStatus).toBe('failed');
    expect(await sentTo(email)).toEqual([]);
  });

  it('a wrong service-role key is refused by the auth server: 503, nothing claims to be sent', async () => {
    const p = await newProject('mem-badkey-owner');
    const email = unique('badkey');
    const res = await handleApi(
      new Request(`https://dash.test/api/v1/projects/${p.id}/members`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${p.ownerToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, role: 'viewer' }),
      }),
      { ...testEnv, SUPABASE_SERVICE_ROLE_KEY: 'not-the-key' },
      () => {},
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as any).error.message).toContain('refused the dashboard’s service key');
    expect((await invitesOf(p.id, p.ownerToken, email))[0].emailStatus).toBe('failed');
  });

  it('the service-role key is never part of the configuration pages hand to the browser', () => {
    expect(testEnv.SUPABASE_SERVICE_ROLE_KEY).toBeTruthy();
    expect(JSON.stringify(publicConfig(testEnv))).not.toContain(testEnv.SUPABASE_SERVICE_ROLE_KEY);
  });

  it('an Idempotency-Key replays the answer without a second email', async () => {
    const p = await newProject('mem-idem-owner');
    const email = unique('idem');
    const body = { email, role: 'viewer' };
    const first = await api('POST', `/projects/${p.id}/members`, p.ownerToken, body, { 'Idempotency-Key': 'inv-1' });
    expect(first.status, first.text).toBe(201);
    const again = await api('POST', `/projects/${p.id}/members`, p.ownerToken, body, { 'Idempotency-Key': 'inv-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await sentTo(email)).toHaveLength(1);
    const other = await api(
      'POST',
      `/projects/${p.id}/members`,
      p.ownerToken,
      { email, role: 'admin' },
      {
        'Idempotency-Key': 'inv-1',
      },
    );
    expect(other.status).toBe(409);
  });
});

describe('resending and revoking invites', () => {
  it('resend renews the 24 h and is audited; owners only for owner invites; developers and unknown invites refused', async () => {
    const p = await newProject('mem-resend-owner');
    const ownerInvite = await api('POST', `/projects/${p.id}/members`, p.ownerToken, {
      email: unique('future-owner'),
      role: 'owner',
    });
    const devInvite = await api('POST', `/projects/${p.id}/members`, p.ownerToken, {
      email: unique('future-dev'),
      role: 'developer',
    });
    await testEnv.DB.prepare('UPDATE invites SET created_at = ?, expires_at = ? WHERE id = ?')
      .bind(Date.now() - 48 * 3600_000, Date.now() - 24 * 3600_000, devInvite.body.inviteId)
      .run();
    expect((await invitesOf(p.id, p.ownerToken, devInvite.body.email))[0].status).toBe('expired');

    await addMember(p.id, 'mem-resend-admin', 'admin');
    await addMember(p.id, 'mem-resend-dev', 'developer');
    const admin = await token('mem-resend-admin');
    const dev = await token('mem-resend-dev');
    const base = `/projects/${p.id}/members/invites`;
    expect((await api('POST', `${base}/${ownerInvite.body.inviteId}/resend`, admin)).status).toBe(403);
    expect((await api('POST', `${base}/${devInvite.body.inviteId}/resend`, dev)).status).toBe(403);
    expect((await api('POST', `${base}/inv_01900000-0000-7000-8000-000000000000/resend`, admin)).status).toBe(404);

    const resent = await api('POST', `${base}/${devInvite.body.inviteId}/resend`, admin);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.status).toBe('pending');
    expect(Date.parse(resent.body.expiresAt) - Date.parse(resent.body.createdAt)).toBe(24 * 3600_000);
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const audit = await testEnv.DB.prepare(
      `SELECT actor_id FROM audit_log WHERE project_id = ? AND action = 'member.invite_resent' AND target_id = ?`,
    )
      .bind(p.id, devInvite.body.inviteId)
      .all<{ actor_id: string }>();
    expect(audit.results).toEqual([{ actor_id: 'mem-resend-admin' }]);

    // Revoked: gone from the list, and resending it is a 404.
    expect((await api('DELETE', `${base}/${devInvite.body.inviteId}`, admin)).status).toBe(204);
    expect(await invitesOf(p.id, p.ownerToken, devInvite.body.email)).toEqual([]);
    expect((await api('POST', `${base}/${devInvite.body.inviteId}/resend`, admin)).status).toBe(404);
  });

  it('inviting a member is a 409 at the field, before any email', async () => {
    const p = await newProject('mem-dup-owner');
    await addMember(p.id, 'mem-dup-user', 'viewer');
    const res = await api('POST', `/projects/${p.id}/members`, p.ownerToken, {
      email: 'mem-dup-user@example.com',
      role: 'admin',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual([{ path: 'email', message: 'Already a member of this project' }]);
    expect(await sentTo('mem-dup-user@example.com')).toEqual([]);
  });
});

describe('the members list', () => {
  it('pages, sorts and filters members and invites together; names and emails, never only ids', async () => {
    const p = await newProject('mem-list-owner');
    for (const [id, role] of [
      ['mem-list-a', 'admin'],
      ['mem-list-d', 'developer'],
      ['mem-list-v', 'viewer'],
    ] as const)
      await addMember(p.id, id, role);
    await testEnv.DB.prepare(`UPDATE members SET name = 'Zed Viewer' WHERE project_id = ? AND user_id = 'mem-list-v'`)
      .bind(p.id)
      .run();
    for (const email of ['inv-b@example.com', 'inv-c@example.com'])
      expect((await api('POST', `/projects/${p.id}/members`, p.ownerToken, { email, role: 'viewer' })).status).toBe(
        201,
      );
    const path = `/projects/${p.id}/members`;
    const q = (params: Record<string, unknown>) =>
      api(
        'GET',
        `${path}?${new URLSearchParams(
          Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )}`,
        p.ownerToken,
      );

    const all = await api('GET', path, p.ownerToken);
    expect(all.body).toMatchObject({ page: 1, limit: 100, total: 6 });
    expect(all.body.data.map((m: any) => m.status)).toEqual([
      'active',
      'active',
      'active',
      'active',
      'pending',
      'pending',
    ]);
    expect(new Set(all.body.data.map((m: any) => m.id)).size).toBe(6);

    const byRole = await q({ order: 'role:desc', limit: '2' });
    expect(byRole.body.total).toBe(6);
    expect(byRole.body.data.map((m: any) => m.role)).toEqual(['owner', 'admin']);
    const page3 = await q({ order: 'role:desc', limit: '2', page: '3', total: '6' });
    expect(page3.body.data.map((m: any) => m.role)).toEqual(['viewer', 'viewer']);

    const pending = await q({ filters: [{ field: 'status', op: 'eq', value: 'pending' }], order: 'email:desc' });
    expect(pending.body.data.map((m: any) => m.email)).toEqual(['inv-c@example.com', 'inv-b@example.com']);
    const viewers = await q({
      filters: [
        { field: 'role', op: 'in', value: ['viewer', 'developer'] },
        { field: 'status', op: 'eq', value: 'active' },
      ],
    });
    expect(viewers.body.data.map((m: any) => m.userId)).toEqual(['mem-list-d', 'mem-list-v']);
    const byName = await q({ filters: [{ field: 'nameOrEmail', op: 'contains', value: 'zed' }] });
    expect(byName.body.data.map((m: any) => m.name)).toEqual(['Zed Viewer']);
    const byEmail = await q({ filters: [{ field: 'email', op: 'eq', value: 'INV-B@example.com' }] });
    expect(byEmail.body.data.map((m: any) => m.email)).toEqual(['inv-b@example.com']);

    const bad = await q({ filters: [{ field: 'status', op: 'eq', value: 'gone' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('active, pending, expired');
  });
});

describe('invites through the real local auth emulator', () => {
  const AUTH = (testEnv as unknown as { TEST_EMULATOR_URL: string }).TEST_EMULATOR_URL;
  const env = { ...testEnv, PUBLIC_SUPABASE_URL: AUTH, SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY };

  async function auth(path: string, body: unknown, accessToken?: string, method = 'POST'): Promise<any> {
    const res = await fetch(`${AUTH}/auth/v1${path}`, {
      method,
      headers: {
        apikey: 'local-anon-key',
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  async function call(method: string, path: string, accessToken: string, body?: unknown) {
    const res = await handleApi(
      new Request(`https://dash.test/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      env,
      () => {},
    );
    return { status: res.status, body: await res.json<any>() };
  }

  async function inbox(email: string): Promise<any[]> {
    return (await fetch(`${AUTH}/inbox/api/messages?to=${encodeURIComponent(email)}`)).json();
  }

  /** A confirmed emulator account with a session. */
  async function confirmedUser(tag: string) {
    const email = unique(tag);
    await auth('/signup', { email, password: 'correct-horse-battery' });
    const [message] = await inbox(email);
    return { email, session: await auth('/verify', { type: 'signup', token_hash: message.token_hash }) };
  }

  it('the invite email lands in the inbox; its link, a password, then the project with the role', async () => {
    const owner = await confirmedUser('emu-owner');
    const project = await call('POST', '/projects', owner.session.access_token, { name: 'Emulator invites' });
    expect(project.status).toBe(201);
    const email = unique('emu-invitee');
    const invited = await call('POST', `/projects/${project.body.id}/members`, owner.session.access_token, {
      email,
      role: 'developer',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.emailStatus).toBe('sent');

    const [message] = await inbox(email);
    expect(message.type).toBe('invite');
    // The email names the project, the role and who invited (the template's `{{ .Data.… }}`).
    expect(message.subject).toBe(`${owner.email} invited you to Emulator invites`);
    expect(message.text).toContain(`${owner.email} invited you to join Emulator invites as a developer.`);
    expect(message.html).toContain('>Join Emulator invites</a>');
    expect(
      message.links.some((l: string) => l.includes('/auth/confirm?token_hash=') && l.includes('type=invite')),
    ).toBe(true);
    const session = await auth('/verify', { type: 'invite', token_hash: message.token_hash });
    expect(session.user.user_metadata[INVITED_PROJECT_KEY]).toBe(project.body.id);
    await auth('/user', { password: 'invited-password' }, session.access_token, 'PUT');
    const opened = await call('GET', `/projects/${project.body.id}`, session.access_token);
    expect(opened.status).toBe(200);
    expect(opened.body.role).toBe('developer');
    const members = await call('GET', `/projects/${project.body.id}/members`, owner.session.access_token);
    expect(members.body.data.map((m: any) => [m.email, m.status, m.role])).toContainEqual([
      email,
      'active',
      'developer',
    ]);
  });

  it('an address with a confirmed account gets no email (email_exists); the invite waits for their next visit', async () => {
    const owner = await confirmedUser('emu-owner2');
    const project = await call('POST', '/projects', owner.session.access_token, { name: 'Existing account' });
    const existing = await confirmedUser('emu-existing');
    const before = (await inbox(existing.email)).length;
    const invited = await call('POST', `/projects/${project.body.id}/members`, owner.session.access_token, {
      email: existing.email,
      role: 'viewer',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.emailStatus).toBe('existing_account');
    expect(await inbox(existing.email)).toHaveLength(before);
    const opened = await call('GET', `/projects/${project.body.id}`, existing.session.access_token);
    expect(opened.body.role).toBe('viewer');
  });
});

describe('the OpenAPI document', () => {
  it('lists the members list with its filters and sorts, and the resend route', async () => {
    const doc = (await api('GET', '/openapi.json', null)).body;
    const list = doc.paths['/api/v1/projects/{projectId}/members'].get;
    const names = list.parameters.map((p: any) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'limit', 'order', 'filters']));
    expect(JSON.stringify(list.parameters)).toContain('nameOrEmail');
    expect(doc.paths['/api/v1/projects/{projectId}/members/invites/{inviteId}/resend'].post).toBeTruthy();
    expect(Object.keys(doc.components.schemas.Member.properties)).toEqual(
      expect.arrayContaining(['id', 'emailStatus', 'emailSentAt', 'emailError']),
    );
  });
});
