import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '../../../src/shared/control-characters';
import { api, newProject } from './helpers';

/**
 * Names never hold control characters (docs/security.md "Mail and invites"): each name field refuses `\r\n`, a tab,
 * NUL, DEL, a C1 control and U+2028 with a 400 at the field, and nothing is written.
 */
const BAD: [string, string][] = [
  ['CR LF', 'Demo\r\nBcc: attacker@evil.test'],
  ['a trailing line break', 'Demo\n'],
  ['a tab', 'Demo\tGame'],
  ['NUL', 'Demo\u0000'],
  ['DEL', 'Demo\u007f'],
  ['a C1 control (NEL)', 'Demo\u0085Bcc'],
  ['a line separator', 'Demo\u2028Bcc'],
];

type Case = {
  field: string;
  path: string;
  /** The request for a value: method, path under the project (`''` = the project itself), body. */
  request: (value: string, version: number) => [string, string, Record<string, unknown>];
  /** Where the current version comes from (edits), if any. */
  versionOf?: string;
};

const CASES: Case[] = [
  { field: 'project name (create)', path: 'name', request: (v) => ['POST', '/projects', { name: v }] },
  {
    field: 'project name (rename)',
    path: 'name',
    request: (v, version) => ['PATCH', '', { name: v, version }],
    versionOf: '',
  },
  { field: 'user name', path: 'name', request: (v) => ['POST', '/test/users', { name: v }] },
  {
    field: 'webhook description',
    path: 'description',
    request: (v) => [
      'POST',
      '/test/webhooks',
      { url: 'https://hooks.example.com/in', topics: ['user.created'], description: v },
    ],
  },
  { field: 'API key name', path: 'name', request: (v) => ['POST', '/test/api-keys', { type: 'secret', name: v }] },
  { field: 'gas policy name', path: 'name', request: (v) => ['POST', '/test/policies', { name: v, chainId: 1 }] },
  {
    field: 'backend wallet name',
    path: 'name',
    request: (v) => ['POST', '/test/backend-wallets', { custody: 'custodial', name: v }],
  },
  {
    field: 'ecosystem name',
    path: 'name',
    request: (v, version) => ['PATCH', '/test/ecosystem', { name: v, version }],
    versionOf: '/test/ecosystem',
  },
  {
    field: 'email template subject',
    path: 'invite.subject',
    request: (v, version) => [
      'PATCH',
      '/test/auth/email-templates',
      { invite: { subject: `Join {{projectName}} ${v}`, body: '<p>{{link}}</p>' }, version },
    ],
    versionOf: '/test/auth/email-templates',
  },
  {
    field: 'SMTP sender name',
    path: 'fromName',
    request: (v, version) => ['PATCH', '/test/auth/smtp', { fromName: v, version }],
    versionOf: '/test/auth/smtp',
  },
];

describe('name fields refuse control characters', () => {
  const table = CASES.flatMap((c) => BAD.map(([what, value]) => [c.field, what, c, value] as const));
  it.each(table)('%s with %s: 400 at the field, nothing written', async (_field, _what, c, value) => {
    const p = await newProject('ctl-owner', 'Control test');
    const version =
      c.versionOf === undefined ? 1 : (await api('GET', `/projects/${p.id}${c.versionOf}`, p.ownerToken)).body.version;
    const [method, sub, body] = c.request(value, version);
    const path = sub.startsWith('/projects') ? sub : `/projects/${p.id}${sub}`;
    const res = await api(method, path, p.ownerToken, body);
    expect(res.status, res.text).toBe(400);
    const detail = res.body.error.details.find((d: { path: string }) => d.path === c.path);
    expect(detail, res.text).toBeDefined();
    // Line breaks in a subject or sender name keep their own message ("one line", "… line breaks are not allowed").
    const lineBreak = /[\r\n]/.test(value) && (c.path === 'invite.subject' || c.path === 'fromName');
    expect(detail.message).toMatch(lineBreak ? /one line|line breaks are not allowed/ : CONTROL_CHARACTER_MESSAGE);
    if (c.versionOf !== undefined) {
      const after = await api('GET', `/projects/${p.id}${c.versionOf}`, p.ownerToken);
      expect(after.body.version).toBe(version);
    }
  });

  it('plain names with accents, emoji and punctuation still pass', async () => {
    const p = await newProject('ctl-ok', 'Zoë’s “Game” — 🎮 #1');
    const res = await api('GET', `/projects/${p.id}`, p.ownerToken);
    expect(res.body.name).toBe('Zoë’s “Game” — 🎮 #1');
  });
});
