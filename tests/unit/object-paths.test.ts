import { describe, expect, it } from 'vitest';
import { isPartialId, objectHref, recognize } from '../../src/shared/object-paths';

const id = (prefix: string) => `${prefix}_01900000-0000-7000-8000-000000000001`;

describe('what a pasted string is', () => {
  it.each([
    [id('acc'), 'id'],
    [` ${id('pla')} `, 'id'],
    ['0x' + 'ab'.repeat(20), 'address'],
    ['0x' + 'AB'.repeat(32), 'txHash'],
    ['ada@example.com', 'email'],
    ['Ada Lovelace', 'name'],
    ['0x123', 'hex'],
    ['0X', 'name'],
    ['0xAbC', 'hex'],
    ['0x' + 'ab'.repeat(21), 'hex'],
    ['0x12g', 'name'],
    ['acc_not-a-uuid', 'name'],
  ])('%s is %s', (input, kind) => {
    expect(recognize(input)?.kind).toBe(kind);
  });

  it.each([
    ['pla_0190', true],
    ['acc_', true],
    [id('acc'), false],
    ['zzz_0190', false],
    ['ada_lovelace', false],
  ])('%s is the start of an id: %s', (input, partial) => {
    expect(isPartialId(input)).toBe(partial);
  });

  it('nothing for an empty string', () => {
    expect(recognize('   ')).toBeNull();
  });
});

describe('the page of an object id in a project and mode', () => {
  it.each([
    [id('pla'), `/pro_1/test/users/${id('pla')}`],
    [id('tin'), `/pro_1/test/transactions/${id('tin')}`],
    [id('acc'), `/pro_1/test/wallets?wallet=${id('acc')}`],
    [id('pol'), `/pro_1/test/policies/${id('pol')}`],
    [id('con'), `/pro_1/test/contracts/${id('con')}`],
    [id('pro'), `/${id('pro')}`],
    [id('zzz'), null],
    ['not an id', null],
  ])('%s → %s', (input, href) => {
    expect(objectHref('pro_1', 'test', input)).toBe(href);
  });
});
