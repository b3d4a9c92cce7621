import { describe, expect, it } from 'vitest';
import { parseAuthParams, parseHomeParams } from '../../src/shared/search-params';

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

  it('drops a value longer than its limit instead of keeping a cut one', () => {
    expect(parseAuthParams(`error=${'x'.repeat(501)}&success=ok`)).toMatchObject({ error: undefined, success: 'ok' });
    expect(parseHomeParams(`from=/${'a'.repeat(2048)}`).from).toBeUndefined();
  });

  it('home reads from', () => {
    expect(parseHomeParams('from=%2Fwallets')).toEqual({ from: '/wallets' });
  });
});
