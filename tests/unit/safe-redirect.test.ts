import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../src/shared/safe-redirect';

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
