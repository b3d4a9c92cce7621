import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  dryRun,
  failuresCsv,
  mapRecord,
  normalizeProvider,
  type ImportMapping,
} from '../../src/shared/api/user-import.ts';
import { flatten, suggestMapping } from '../../src/islands/migrations/sources.ts';

describe('user import rules (shared by the dry run and the chunk API)', () => {
  it.each([
    [{ row: 1, email: 'a@example.com' }, null],
    [{ row: 1, email: '  a@example.com ' }, null],
    [{ row: 1 }, 'Email is missing'],
    [{ row: 1, email: 'a-at-example.com' }, 'Not an email address: a-at-example.com'],
    [{ row: 1, email: 'a@example.com', provider: 'google.com' }, null],
    [{ row: 1, email: 'a@example.com', provider: 'google-oauth2' }, null],
    [{ row: 1, email: 'a@example.com', provider: 'myspace' }, 'Unknown provider: myspace'],
    [{ row: 1, email: 'a@example.com', phone: '+14155550100' }, null],
    [{ row: 1, email: 'a@example.com', phone: '555-0100' }, 'Not a phone number in E.164 form: 555-0100'],
  ])('%o → %s', (row, reason) => expect(checkImportRow(row)).toBe(reason));

  it.each([
    ['', 'email'],
    ['password', 'email'],
    ['Username-Password-Authentication', 'email'],
    ['apple.com', 'apple'],
    ['twitter', 'twitter'],
    ['myspace', null],
  ])('provider %s → %s', (raw, want) => expect(normalizeProvider(raw)).toBe(want));

  it('dry run: own problems first, duplicates (case-insensitive) name the first row', () => {
    expect(
      dryRun([
        { row: 1, email: 'A@example.com' },
        { row: 2, email: 'bad' },
        { row: 3, email: 'a@EXAMPLE.com' },
        { row: 4, email: 'b@example.com' },
      ]),
    ).toEqual([
      { row: 2, email: 'bad', reason: 'Not an email address: bad' },
      { row: 3, email: 'a@EXAMPLE.com', reason: 'Duplicate email in the file (first at row 1)' },
    ]);
  });

  it('mapping: trim, prefix and suffix to ids, verified from booleans, words and dates', () => {
    const m: ImportMapping = {
      columns: { email: 'mail', externalId: 'uid', name: 'n', emailVerified: 'v' },
      trim: true,
      idPrefix: 'fb-',
      idSuffix: '-x',
    };
    expect(mapRecord({ mail: ' a@example.com ', uid: ' 7 ', n: ' Ann ', v: 'yes' }, 4, m)).toEqual({
      row: 4,
      email: 'a@example.com',
      externalId: 'fb-7-x',
      name: 'Ann',
      emailVerified: true,
    });
    expect(mapRecord({ mail: 'a@example.com', v: '2024-05-01T10:00:00Z' }, 1, m).emailVerified).toBe(true);
    expect(mapRecord({ mail: 'a@example.com', v: '' }, 1, m).emailVerified).toBe(false);
    expect(mapRecord({ mail: ' a@example.com' }, 1, { ...m, trim: false }).email).toBe(' a@example.com');
  });

  it('failed rows CSV: quoted, formula-like cells neutralised', () => {
    expect(failuresCsv([{ row: 2, email: '=cmd()', reason: 'Not an email address: a, b' }])).toBe(
      'row,email,reason\n2,\'=cmd(),"Not an email address: a, b"\n',
    );
  });

  it('sources: flattened records and the suggested mapping of each export', () => {
    const fb = flatten({ localId: 'u1', email: 'a@b.co', providerUserInfo: [{ providerId: 'google.com' }] });
    expect(fb).toEqual({ localId: 'u1', email: 'a@b.co', 'providerUserInfo.0.providerId': 'google.com' });
    expect(suggestMapping('firebase', Object.keys(fb))).toEqual({
      email: 'email',
      externalId: 'localId',
      provider: 'providerUserInfo.0.providerId',
    });
    const a0 = flatten({
      user_id: 'auth0|1',
      email: 'a@b.co',
      email_verified: true,
      identities: [{ provider: 'auth0' }],
    });
    expect(suggestMapping('auth0', Object.keys(a0))).toMatchObject({
      externalId: 'user_id',
      provider: 'identities.0.provider',
      emailVerified: 'email_verified',
    });
    expect(suggestMapping('supabase', ['id', 'email', 'email_confirmed_at', 'raw_app_meta_data.provider'])).toEqual({
      email: 'email',
      externalId: 'id',
      provider: 'raw_app_meta_data.provider',
      emailVerified: 'email_confirmed_at',
    });
    expect(suggestMapping('csv', ['User_ID', 'EMAIL'])).toEqual({ email: 'EMAIL', externalId: 'User_ID' });
  });
});
