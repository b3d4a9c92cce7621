import type { ImportMapping } from '../../shared/api/user-import.ts';

/** The files a user migration reads (docs/api.md "User import in chunks"). */
export const SOURCES = {
  supabase: { label: 'Supabase', hint: 'Auth users export (CSV, or the JSON of auth.users)', accept: '.csv,.json' },
  firebase: { label: 'Firebase', hint: 'firebase auth:export users.json --format=json', accept: '.json' },
  auth0: { label: 'Auth0', hint: 'User export job, JSON lines (one user per line)', accept: '.json,.jsonl,.ndjson' },
  csv: { label: 'CSV file', hint: 'Any CSV with a header row (email, id, name…)', accept: '.csv,.txt' },
} as const;
export type SourceKind = keyof typeof SOURCES;

export type MappedField = keyof ImportMapping['columns'];
export const FIELDS: { field: MappedField; label: string; required?: boolean }[] = [
  { field: 'email', label: 'Email', required: true },
  { field: 'externalId', label: 'User id in the source' },
  { field: 'name', label: 'Name' },
  { field: 'provider', label: 'Provider' },
  { field: 'emailVerified', label: 'Email verified' },
  { field: 'phone', label: 'Phone' },
];

/** Column names each source is known to use, per field, most likely first. */
const KNOWN: Record<SourceKind, Partial<Record<MappedField, string[]>>> = {
  firebase: {
    email: ['email'],
    externalId: ['localId'],
    name: ['displayName'],
    provider: ['providerUserInfo.0.providerId'],
    emailVerified: ['emailVerified'],
    phone: ['phoneNumber'],
  },
  auth0: {
    email: ['email'],
    externalId: ['user_id', 'identities.0.user_id'],
    name: ['name', 'nickname'],
    provider: ['identities.0.provider', 'connection'],
    emailVerified: ['email_verified'],
    phone: ['phone_number'],
  },
  supabase: {
    email: ['email'],
    externalId: ['id'],
    name: ['raw_user_meta_data.full_name', 'user_metadata.full_name', 'raw_user_meta_data.name', 'user_metadata.name'],
    provider: ['raw_app_meta_data.provider', 'app_metadata.provider', 'provider'],
    emailVerified: ['email_confirmed_at', 'confirmed_at'],
    phone: ['phone'],
  },
  csv: {
    email: ['email', 'e-mail', 'mail', 'email_address'],
    externalId: ['id', 'user_id', 'uid', 'external_id'],
    name: ['name', 'display_name', 'full_name', 'displayname'],
    provider: ['provider', 'connection', 'providerid'],
    emailVerified: ['email_verified', 'verified', 'emailverified'],
    phone: ['phone', 'phone_number', 'phonenumber'],
  },
};

/** The mapping a source's columns suggest: each field to the first known column present (case-insensitive). */
export function suggestMapping(source: SourceKind, columns: readonly string[]): ImportMapping['columns'] {
  const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const out: ImportMapping['columns'] = {};
  for (const { field } of FIELDS) {
    const hit = (KNOWN[source][field] ?? []).map((k) => byLower.get(k.toLowerCase())).find(Boolean);
    if (hit) out[field] = hit;
  }
  return out;
}

/** A nested record flattened to dot paths (`providerUserInfo.0.providerId`), at most three levels deep. */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}, depth = 0) {
  if (value && typeof value === 'object' && depth < 3) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') flatten(v, key, out, depth + 1);
      else out[key] = v;
    }
  } else if (prefix) out[prefix] = value;
  return out;
}
