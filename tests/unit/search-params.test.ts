import { describe, expect, it } from 'vitest';
import { parseAuthParams, parseHomeParams, parseListParams } from '../../src/shared/search-params';

describe('list params fall back to defaults on bad values', () => {
  it.each([
    ['', { page: 1, limit: 10 }],
    ['page=3&limit=25&total=120', { page: 3, limit: 25, total: 120 }],
    ['page=0', { page: 1, limit: 10 }],
    ['page=-4&limit=0', { page: 1, limit: 10 }],
    ['page=abc&limit=1e9', { page: 1, limit: 10 }],
    ['limit=101', { page: 1, limit: 10 }],
    ['limit=2.5', { page: 1, limit: 10 }],
    ['total=-1', { page: 1, limit: 10 }],
    [
      'order=createdAt:desc&filters=status%3Dconfirmed',
      { page: 1, limit: 10, order: 'createdAt:desc', filters: 'status=confirmed' },
    ],
  ])('%s', (query, expected) => {
    expect(parseListParams(query)).toEqual(expected);
  });
});

describe('auth params', () => {
  it('accepts signup and invite', () => {
    expect(parseAuthParams('type=signup&token_hash=abc').confirmType).toBe('signup');
    expect(parseAuthParams('type=invite').confirmType).toBe('invite');
  });

  it('a bad type is an error to show, not a crash', () => {
    const p = parseAuthParams('type=hack&token_hash=x');
    expect(p.confirmType).toBeUndefined();
    expect(p.typeError).toMatch(/expected "signup" or "invite"/);
  });

  it('keeps error, success and redirectTo strings', () => {
    expect(parseAuthParams('error=Nope&success=Yes&redirectTo=%2Fx')).toMatchObject({
      error: 'Nope',
      success: 'Yes',
      redirectTo: '/x',
    });
  });

  it('home reads from', () => {
    expect(parseHomeParams('from=%2Fwallets')).toEqual({ from: '/wallets' });
  });
});
