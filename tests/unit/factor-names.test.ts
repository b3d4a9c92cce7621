import { describe, expect, it } from 'vitest';
import type { Factor } from '@supabase/supabase-js';
import {
  FACTOR_NAMES_KEY,
  factorName,
  factorNameProblem,
  storedFactorNames,
  withFactorName,
  withoutFactorName,
} from '../../src/islands/profile/factor-names';

const factors: Pick<Factor, 'id' | 'friendly_name' | 'factor_type'>[] = [
  { id: 'f1', friendly_name: 'Work phone', factor_type: 'totp' },
  { id: 'f2', friendly_name: 'Tablet', factor_type: 'totp' },
  { id: 'f3', friendly_name: undefined, factor_type: 'phone' },
];

describe('factor names kept in user metadata', () => {
  it.each([
    [undefined, {}],
    [{}, {}],
    [{ [FACTOR_NAMES_KEY]: 'oops' }, {}],
    [{ [FACTOR_NAMES_KEY]: ['a'] }, {}],
    [{ [FACTOR_NAMES_KEY]: { f1: 'Pixel', f2: 42, f3: '  ' } }, { f1: 'Pixel' }],
  ])('reads %j as %j', (metadata, names) => expect(storedFactorNames(metadata)).toEqual(names));

  it('shows the rename, else the enrolment name, else the type', () => {
    const names = { f2: 'iPad' };
    expect(factors.map((f) => factorName(f, names))).toEqual(['Work phone', 'iPad', 'PHONE factor']);
  });

  it.each([
    ['', 'Enter a name.'],
    ['   ', 'Enter a name.'],
    ['x'.repeat(65), 'Use at most 64 characters.'],
    ['tablet', 'Another factor already has this name.'],
    ['Work phone', null],
    ['  Pixel 9  ', null],
  ])('renaming f1 to %j → %s', (name, problem) => expect(factorNameProblem(name, 'f1', factors, {})).toBe(problem));

  it('a rename of another factor counts for uniqueness', () => {
    expect(factorNameProblem('iPad', 'f1', factors, { f2: 'iPad' })).toBe('Another factor already has this name.');
    expect(factorNameProblem('Tablet', 'f1', factors, { f2: 'iPad' })).toBeNull();
  });

  it('renaming trims, keeps other renames and drops those of removed factors', () => {
    expect(withFactorName({ f2: 'iPad', gone: 'Old' }, 'f1', ' Pixel ', ['f1', 'f2'])).toEqual({
      f1: 'Pixel',
      f2: 'iPad',
    });
    expect(withoutFactorName({ f1: 'Pixel', f2: 'iPad' }, 'f1')).toEqual({ f2: 'iPad' });
  });
});
