import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_DEFAULTS } from '../../../src/shared/email-templates';
import { addMember, api, newProject, token, shardOf } from './helpers';

/** Validation details of a 400 as `{ path: message }`. */
const fields = (body: any): Record<string, string> =>
  Object.fromEntries((body?.error?.details ?? []).map((d: any) => [d.path, d.message]));

async function project(owner: string) {
  const p = await newProject(owner);
  const base = `/projects/${p.id}/test/auth/email-templates`;
  const patch = async (body: Record<string, unknown>, auth = p.ownerToken) => {
    const cur = await api('GET', base, p.ownerToken);
    return api('PATCH', base, auth, { ...body, version: cur.body.version });
  };
  return { ...p, base, patch };
}

describe('auth/email-templates', () => {
  it('answers the four templates with their defaults', async () => {
    const p = await project('mail-defaults');
    const res = await api('GET', p.base, p.ownerToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(EMAIL_TEMPLATE_DEFAULTS);
  });

  it('saves a template with its required variable, spaces inside the braces allowed', async () => {
    const p = await project('mail-save');
    const invite = { subject: 'Join {{ projectName }}', body: '<a href="{{ link }}">Join</a> as {{email}}' };
    const res = await p.patch({ invite });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.invite).toEqual(invite);
    expect(res.body.data.magicLink).toEqual(EMAIL_TEMPLATE_DEFAULTS.magicLink);
  });

  it.each([
    ['passwordReset', 'body', '<p>Reset it</p>', 'Add {{link}}: without it the user cannot act on the email'],
    ['invite', 'body', '<p>Join us: {{code}}</p>', 'Unknown variable {{code}}'],
    ['magicLink', 'body', '<p>{{ .ConfirmationURL }}</p>', 'Unknown variable {{.ConfirmationURL}}'],
    ['emailVerification', 'body', '<p>Welcome</p>', 'Add {{link}} or {{code}}'],
    ['emailVerification', 'body', '   ', 'Enter the body'],
    ['invite', 'subject', '', 'Enter a subject'],
    ['invite', 'subject', 'Hi\r\nBcc: all@example.com', 'A subject is one line'],
    ['magicLink', 'subject', 'x'.repeat(201), 'At most 200 characters'],
    ['passwordReset', 'subject', 'Reset {{token}}', 'Unknown variable {{token}}'],
  ])('%s.%s %j → %s', async (kind, field, value, message) => {
    const p = await project(`mail-bad-${kind}-${field}-${value.length}`);
    const res = await p.patch({ [kind]: { [field]: value } });
    expect(res.status).toBe(400);
    expect(fields(res.body)[`${kind}.${field}`]).toContain(message);
  });

  it('a row stored with the two former templates reads the new ones as their defaults and saves', async () => {
    const p = await project('mail-old-row');
    await (
      await shardOf(p.id)
    )
      .prepare("UPDATE settings SET data = ? WHERE project_id = ? AND mode = 'test' AND kind = ?")
      .bind(
        JSON.stringify({
          emailVerification: { subject: 'Confirm', body: '{{code}}' },
          passwordReset: { subject: 'Reset', body: '{{link}}' },
        }),
        p.id,
        'email_templates',
      )
      .run();
    const read = await api('GET', p.base, p.ownerToken);
    expect(read.body.data.invite).toEqual(EMAIL_TEMPLATE_DEFAULTS.invite);
    const res = await p.patch({ passwordReset: { subject: 'Reset now' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.emailVerification).toEqual({ subject: 'Confirm', body: '{{code}}' });
  });

  it('only admins and owners change them; developers and viewers read them', async () => {
    const p = await project('mail-roles');
    for (const role of ['developer', 'viewer']) {
      const sub = `mail-roles-${role}`;
      await addMember(p.id, sub, role);
      const t = await token(sub);
      expect((await api('GET', p.base, t)).status).toBe(200);
      const res = await p.patch({ invite: { subject: 'Hello' } }, t);
      expect(res.status).toBe(403);
    }
  });
});
