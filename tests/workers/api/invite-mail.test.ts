import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { localTransactionalMail } from '../../../dev/smtp-inbox/config';
import { newProject, testEnv } from './helpers';

/**
 * Invites to existing accounts arrive (docs/api.md "Invites and their email", "Transactional mail"): Supabase sends
 * nothing to an address with a confirmed account, so the dashboard's own mail (the real local SMTP inbox here) tells
 * them who invited them, to which project, as what, with a link that signs them in and opens the project.
 */
const e = testEnv as unknown as Record<string, string>;
const FAKE_AUTH = testEnv.PUBLIC_SUPABASE_URL!;
const mailEnv = {
  ...testEnv,
  SMTP_ALLOW_LOOPBACK: 'true',
  ...localTransactionalMail(Number(e.TEST_SMTP_PORT)),
} as Env;

async function invite(env: Env, projectId: string, ownerToken: string, body: unknown) {
  const res = await handleApi(
    new Request(`https://dash.test/api/v1/projects/${projectId}/members`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ownerToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    env,
    () => undefined,
  );
  return { status: res.status, body: (await res.json()) as any };
}

interface Received {
  subject: string;
  from: string;
  html: string;
  text: string;
}
async function received(to: string): Promise<Received[]> {
  const res = await fetch(`${e.TEST_SMTP_INBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Received[] }).messages;
}

describe('an invite to an existing account is emailed by the dashboard', () => {
  it('names the project, the role and who invited, with a link that signs in and opens the project', async () => {
    const p = await newProject('mail-owner', 'Zoë’s Game');
    const email = `existing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await fetch(`${FAKE_AUTH}/__auth/invite-behaviour`, {
      method: 'POST',
      body: JSON.stringify({ email, behaviour: 'exists' }),
    });
    const res = await invite(mailEnv, p.id, p.ownerToken, { email, role: 'developer' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ emailStatus: 'existing_account', emailError: null });
    expect(res.body.emailSentAt).toBe(res.body.createdAt);
    const [m, ...more] = await received(email);
    expect(more).toHaveLength(0);
    expect(m!.subject).toBe('mail-owner@example.com invited you to Zoë’s Game');
    expect(m!.from).toBe('"Dashboard" <dashboard@dashboard.test>');
    expect(m!.text).toContain('mail-owner@example.com invited you to join Zoë’s Game as a developer.');
    const link = `https://dash.test/auth/login?redirectTo=${encodeURIComponent(`/${p.id}`)}&invite=${res.body.inviteId}`;
    expect(m!.text).toContain(link);
    expect(m!.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });

  it('without a configured sender nothing is sent: the row says why', async () => {
    const p = await newProject('mail-none-owner');
    const email = `existing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await fetch(`${FAKE_AUTH}/__auth/invite-behaviour`, {
      method: 'POST',
      body: JSON.stringify({ email, behaviour: 'exists' }),
    });
    const res = await invite(testEnv, p.id, p.ownerToken, { email, role: 'viewer' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailStatus: 'existing_account', emailSentAt: null });
    expect(res.body.emailError).toBe('This dashboard is not set up to send email');
    expect(await received(email)).toHaveLength(0);
  });

  it('a mail server that does not take it: the row says so in words for the team, never the host or port', async () => {
    const p = await newProject('mail-down-owner');
    const email = `existing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await fetch(`${FAKE_AUTH}/__auth/invite-behaviour`, {
      method: 'POST',
      body: JSON.stringify({ email, behaviour: 'exists' }),
    });
    // Nothing listens on port 1: the connection is refused.
    const res = await invite({ ...mailEnv, MAIL_SMTP_PORT: '1' } as Env, p.id, p.ownerToken, {
      email,
      role: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailStatus: 'existing_account', emailSentAt: null });
    expect(res.body.emailError).toBe('The dashboard’s mail server did not take the message');
    expect(res.body.emailError).not.toMatch(/127\.0\.0\.1|port|SMTP/);
  });
});

describe('one email per invite', () => {
  it('a new address gets the auth server’s invite only (naming project, role and inviter), never the dashboard’s too', async () => {
    const p = await newProject('mail-new-owner', 'Lumen Quest');
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await invite(mailEnv, p.id, p.ownerToken, { email, role: 'viewer' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ emailStatus: 'sent', emailError: null });
    const sent = (await (await fetch(`${FAKE_AUTH}/__auth/invites?email=${encodeURIComponent(email)}`)).json()) as {
      data: Record<string, unknown>;
    }[];
    expect(sent.map((i) => i.data)).toEqual([
      {
        invited_project_id: p.id,
        invited_project_name: 'Lumen Quest',
        invited_role: 'viewer',
        invited_by: 'mail-new-owner@example.com',
      },
    ]);
    expect(await received(email)).toHaveLength(0);
  });
});

describe('GET /invites/{inviteId}: what the link’s invite is for, without credentials', () => {
  const get = async (id: string) => {
    const res = await handleApi(new Request(`https://dash.test/api/v1/invites/${id}`), testEnv, () => undefined);
    return { status: res.status, body: (await res.json()) as any };
  };

  it('names the project, the role and the inviter (never the invitee’s address); revoked or unknown ids are 404', async () => {
    const p = await newProject('preview-owner', 'Preview Game');
    const email = `preview-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invited = await invite(testEnv, p.id, p.ownerToken, { email, role: 'admin' });
    expect(invited.status).toBe(201);
    const preview = await get(invited.body.inviteId);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      projectName: 'Preview Game',
      role: 'admin',
      invitedBy: 'preview-owner@example.com',
      status: 'pending',
      expiresAt: invited.body.expiresAt,
    });
    expect(JSON.stringify(preview.body)).not.toContain(email);

    const revoked = await handleApi(
      new Request(`https://dash.test/api/v1/projects/${p.id}/members/invites/${invited.body.inviteId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${p.ownerToken}` },
      }),
      testEnv,
      () => undefined,
    );
    expect(revoked.status).toBe(204);
    for (const id of [invited.body.inviteId, 'inv_00000000-0000-7000-8000-000000000000', 'not-an-id', p.id]) {
      const gone = await get(id);
      expect(gone.status, id).toBe(404);
      expect(gone.body.error.message).toBe('This invite was accepted or revoked, or the link is not complete');
    }
  });
});
