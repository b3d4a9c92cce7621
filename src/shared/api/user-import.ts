import { z } from 'zod';

/**
 * User import ("user migrations", docs/api.md "User import in chunks"): the row shape, the per-row rules and the chunk
 * contract. The browser's dry run and the API's chunk endpoint run the same `checkImportRow`, so a row the dry run
 * passes is a row the API accepts (except "already exists", which only the database knows).
 */

/** Rows per `PUT …/chunks/{index}`: ~100 KB of JSON, one D1 batch, far below the request time limit. */
export const IMPORT_CHUNK_SIZE = 500;
/** Most rows a chunk may carry (the API refuses more). */
export const IMPORT_CHUNK_MAX = 1000;

/** Login identities a user can be imported with (the `linked_accounts.provider` values of the project). */
export const IMPORT_PROVIDERS = [
  'email',
  'phone',
  'google',
  'apple',
  'discord',
  'twitter',
  'facebook',
  'epic_games',
  'line',
  'wallet',
] as const;
export type ImportProvider = (typeof IMPORT_PROVIDERS)[number];

/** The names other providers' exports use for the same identity (Firebase `providerId`, Auth0 `connection`, Supabase). */
const PROVIDER_ALIASES: Record<string, ImportProvider> = {
  password: 'email',
  'email-password': 'email',
  auth0: 'email',
  'username-password-authentication': 'email',
  'google.com': 'google',
  'google-oauth2': 'google',
  'apple.com': 'apple',
  'twitter.com': 'twitter',
  x: 'twitter',
  'facebook.com': 'facebook',
  'discord.com': 'discord',
  epicgames: 'epic_games',
  'epic-games': 'epic_games',
  sms: 'phone',
};

/** The import provider a source names, or null when it is not one we know. Empty means email. */
export function normalizeProvider(raw: string | null | undefined): ImportProvider | null {
  const v = (raw ?? '').trim().toLowerCase();
  if (!v) return 'email';
  if ((IMPORT_PROVIDERS as readonly string[]).includes(v)) return v as ImportProvider;
  return PROVIDER_ALIASES[v] ?? null;
}

/** One row as sent to the API: the source's values after mapping, with its 1-based row number in the file. */
export const importRowSchema = z
  .strictObject({
    row: z.number().int().min(1),
    email: z.string().max(320).optional(),
    externalId: z.string().max(255).optional(),
    name: z.string().max(200).optional(),
    provider: z.string().max(64).optional(),
    emailVerified: z.boolean().optional(),
    phone: z.string().max(32).optional(),
  })
  .meta({ id: 'UserImportRow' });
export type ImportRow = z.infer<typeof importRowSchema>;

const emailSchema = z.email();
const phoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/);

/** Why a row cannot be imported, judged on the row alone (shared by the dry run and the API), or null. */
export function checkImportRow(r: ImportRow): string | null {
  const email = (r.email ?? '').trim();
  if (!email) return 'Email is missing';
  if (!emailSchema.safeParse(email).success) return `Not an email address: ${email.slice(0, 80)}`;
  if (r.provider !== undefined && normalizeProvider(r.provider) === null)
    return `Unknown provider: ${r.provider.slice(0, 40)}`;
  if (r.phone && !phoneSchema.safeParse(r.phone.trim()).success) return `Not a phone number in E.164 form: ${r.phone}`;
  return null;
}

/** The key two rows are duplicates on (case-insensitive email). */
export const importEmailKey = (r: ImportRow) => (r.email ?? '').trim().toLowerCase();

export const DUPLICATE_IN_FILE = (firstRow: number) => `Duplicate email in the file (first at row ${firstRow})`;
export const ALREADY_EXISTS = 'A user with this email already exists in this project';
export const IDENTITY_TAKEN = 'This provider identity already belongs to a user';

/** `PUT …/auth/migrations/{id}/chunks/{index}` body. */
export const importChunkSchema = z
  .strictObject({ rows: z.array(importRowSchema).min(1).max(IMPORT_CHUNK_MAX) })
  .meta({ id: 'UserImportChunk' });

export const importFailureSchema = z
  .object({ row: z.number().int(), email: z.string(), reason: z.string() })
  .meta({ id: 'UserImportFailure' });
export type ImportFailure = z.infer<typeof importFailureSchema>;

/** The stored outcome of one chunk; a retry of the same index answers it again with `replayed: true`. */
export const importChunkResultSchema = z
  .object({
    index: z.number().int(),
    created: z.number().int(),
    failed: z.number().int(),
    failures: z.array(importFailureSchema),
    replayed: z.boolean(),
    status: z.string(),
    importedCount: z.number().int(),
    failedCount: z.number().int(),
  })
  .meta({ id: 'UserImportChunkResult' });
export type ImportChunkResult = z.infer<typeof importChunkResultSchema>;

/** `POST …/auth/migrations/existing-emails`: which of these emails already belong to a user (the dry run asks). */
export const existingEmailsSchema = z
  .strictObject({ emails: z.array(z.string().max(320)).min(1).max(IMPORT_CHUNK_MAX) })
  .meta({ id: 'UserImportEmails' });
export const existingEmailsResultSchema = z
  .object({ existing: z.array(z.string()) })
  .meta({ id: 'UserImportExistingEmails' });

/** `GET …/auth/migrations/{id}/failures`: every failed row, in row order. */
export const importFailuresSchema = z
  .object({ data: z.array(importFailureSchema), total: z.number().int() })
  .meta({ id: 'UserImportFailures' });

const column = z.string().min(1).max(200).optional();
/** How source columns become row fields (field → column, or dot path of a JSON record), and what is done to values. */
export const importMappingSchema = z
  .strictObject({
    columns: z.strictObject({
      email: column,
      externalId: column,
      name: column,
      provider: column,
      emailVerified: column,
      phone: column,
    }),
    trim: z.boolean(),
    idPrefix: z.string().max(40),
    idSuffix: z.string().max(40),
  })
  .meta({ id: 'UserImportMapping' });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** `PUT …/auth/migrations/{id}/source`: the file an import reads (stored once) and how its columns are mapped. */
export const importSourceSchema = z
  .strictObject({
    fileName: z.string().min(1).max(255),
    fileSha256: z.string().regex(/^[0-9a-f]{64}$/, 'Expected the SHA-256 of the file in lowercase hex'),
    rowCount: z.number().int().min(0).max(10_000_000),
    mapping: importMappingSchema,
  })
  .meta({ id: 'UserImportSource' });
export type ImportSource = z.infer<typeof importSourceSchema>;

/** A verified flag: true, 1, "true", "yes", or a date (Supabase's `email_confirmed_at`). */
const truthy = (v: unknown) =>
  v === true || v === 1 || (typeof v === 'string' && /^(true|1|yes|y|\d{4}-\d{2}-\d{2}.*)$/i.test(v.trim()));

/** A source record (column → value) mapped to an import row. */
export function mapRecord(record: Record<string, unknown>, rowNumber: number, m: ImportMapping): ImportRow {
  const get = (field: keyof ImportMapping['columns']): string | undefined => {
    const col = m.columns[field];
    if (!col) return undefined;
    const v = record[col];
    if (v === undefined || v === null) return undefined;
    const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return m.trim ? s.trim() : s;
  };
  const out: ImportRow = { row: rowNumber };
  const email = get('email');
  if (email !== undefined && email !== '') out.email = email;
  const id = get('externalId');
  if (id) out.externalId = `${m.idPrefix}${id}${m.idSuffix}`;
  const name = get('name');
  if (name) out.name = name;
  const provider = get('provider');
  if (provider) out.provider = provider;
  const verifiedCol = m.columns.emailVerified;
  if (verifiedCol && record[verifiedCol] !== undefined) out.emailVerified = truthy(record[verifiedCol]);
  const phone = get('phone');
  if (phone) out.phone = phone;
  return out;
}

/** Dry run of a whole file: every row's own problem plus duplicates within the file, in row order. */
export function dryRun(rows: readonly ImportRow[]): ImportFailure[] {
  const seen = new Map<string, number>();
  const failures: ImportFailure[] = [];
  for (const r of rows) {
    const reason = checkImportRow(r);
    if (reason) {
      failures.push({ row: r.row, email: r.email ?? '', reason });
      continue;
    }
    const key = importEmailKey(r);
    const first = seen.get(key);
    if (first !== undefined) failures.push({ row: r.row, email: r.email ?? '', reason: DUPLICATE_IN_FILE(first) });
    else seen.set(key, r.row);
  }
  return failures;
}

/** The failed rows as a CSV file (row number, email, reason), quoted per RFC 4180. */
export function failuresCsv(failures: readonly ImportFailure[]): string {
  const q = (v: string | number) => {
    const s = String(v);
    // A formula-like start (= + - @ tab CR) gets a single quote first, as in the API's CSV export.
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return ['row,email,reason', ...failures.map((f) => [f.row, f.email, f.reason].map(q).join(','))].join('\n') + '\n';
}
