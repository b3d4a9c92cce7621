import type { Factor } from '@supabase/supabase-js';

/**
 * Factor names chosen after enrolment. Supabase Auth has no endpoint to rename a factor (its `friendly_name` is
 * fixed at enrolment, and unenroll + enroll would silently replace the secret), so a rename is stored in the user's
 * own metadata under this key, `{ [factorId]: name }`, and shown instead of the enrolment name. It works the same
 * against hosted Supabase and the local emulator.
 */
export const FACTOR_NAMES_KEY = 'mfa_factor_names';
export const FACTOR_NAME_MAX = 64;

/** The renames stored in user metadata (anything malformed is ignored). */
export function storedFactorNames(metadata: Record<string, unknown> | undefined): Record<string, string> {
  const value = metadata?.[FACTOR_NAMES_KEY];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
    ),
  );
}

/** The name to show for a factor. */
export function factorName(
  factor: Pick<Factor, 'id' | 'friendly_name' | 'factor_type'>,
  names: Record<string, string>,
) {
  return names[factor.id] ?? (factor.friendly_name?.trim() || `${factor.factor_type.toUpperCase()} factor`);
}

/** Why `name` cannot be the new name of `factorId` (null when it can). Names are unique per user, ignoring case. */
export function factorNameProblem(
  name: string,
  factorId: string,
  factors: Pick<Factor, 'id' | 'friendly_name' | 'factor_type'>[],
  names: Record<string, string>,
): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name.';
  if (trimmed.length > FACTOR_NAME_MAX) return `Use at most ${FACTOR_NAME_MAX} characters.`;
  const taken = factors.some((f) => f.id !== factorId && factorName(f, names).toLowerCase() === trimmed.toLowerCase());
  return taken ? 'Another factor already has this name.' : null;
}

/** The metadata value after renaming `factorId` (renames of factors that no longer exist are dropped). */
export function withFactorName(
  names: Record<string, string>,
  factorId: string,
  name: string,
  factorIds: string[],
): Record<string, string> {
  const next: Record<string, string> = {};
  for (const id of factorIds) if (names[id]) next[id] = names[id];
  next[factorId] = name.trim();
  return next;
}

/** The metadata value after removing `factorId`. */
export function withoutFactorName(names: Record<string, string>, factorId: string): Record<string, string> {
  return Object.fromEntries(Object.entries(names).filter(([id]) => id !== factorId));
}
