import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../src/shared/safe-redirect';
import { invitedProjectPath } from '../../src/shared/invite';

const kept: [string, string][] = [
  ['/', '/'],
  ['/profile', '/profile'],
  ['/pro_1/test/wallets?page=2', '/pro_1/test/wallets?page=2'],
  ['/pro_1/live/users?filters=a%3Db#top', '/pro_1/live/users?filters=a%3Db#top'],
  ['/a/b/../c', '/a/c'],
];

const rejected: unknown[] = [
  undefined,
  null,
  42,
  '',
  'profile',
  'https://evil.com',
  'http://evil.com/path',
  'HTTPS://EVIL.COM',
  '//evil.com',
  '//evil.com/path',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  ' //evil.com',
  'https:evil.com',
  'https:/evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox',
  '%2F%2Fevil.com',
  '/%2F%2Fevil.com',
  '/%2fevil.com',
  '/%5Cevil.com',
  '%2F%5Cevil.com',
  '/%252F%252Fevil.com',
  'https%3A%2F%2Fevil.com',
  'javascript%3Aalert(1)',
  '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
  'data%3Atext/html,x',
  '//2130706433',
  '//0x7f000001',
  '//127.0.0.1',
  'http://2130706433',
  '/%',
  `/${'a'.repeat(3000)}`,
];

describe('safeRedirectPath', () => {
  it.each(kept)('keeps %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
  it.each(rejected.map((v) => [v]))('falls back to / for %j', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });
});

describe('invitedProjectPath', () => {
  const cases: [unknown, string][] = [
    [{ invited_project_id: 'pro_7f3c2a1e-0b9d-4c1e-a0f3-5d2b8e6c9a10' }, '/pro_7f3c2a1e-0b9d-4c1e-a0f3-5d2b8e6c9a10'],
    [{}, '/'],
    [null, '/'],
    [{ invited_project_id: '//evil.com' }, '/'],
    [{ invited_project_id: 'pro_x/../../evil' }, '/'],
    [{ invited_project_id: 'usr_1' }, '/'],
    [{ invited_project_id: 42 }, '/'],
  ];
  it.each(cases)('%j → %s', (metadata, path) =>
    expect(invitedProjectPath(metadata as Record<string, unknown> | null)).toBe(path),
  );
});
