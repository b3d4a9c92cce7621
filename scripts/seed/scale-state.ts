import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PROJECTS } from '../../src/shared/demo-accounts.ts';
import { SCALE_LOG_ROWS } from './request-logs.ts';

/**
 * The scaled local D1 of `node scripts/seed.ts --scale` (kept apart from the everyday `.wrangler/state`) and the stamp
 * that says whether it still matches the repository, so `npm run bench` reseeds only when it must.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCALE_STATE = path.join(ROOT, '.wrangler', 'scale-state');
export const SCALE_PROJECT = DEMO_PROJECTS.scale;

/** Bump when the scaled data should be rebuilt for a reason the stamp cannot see (e.g. a change under src/shared). */
const SCALE_SEED_VERSION = 1;
/** Rows are spread over the year before seeding: past this age, "last 30 days" filters drift from what was measured. */
const MAX_AGE_DAYS = 30;
const STAMP_FILE = path.join(SCALE_STATE, 'seed-stamp.json');

interface Stamp {
  hash: string;
  seededAt: string;
}

/**
 * SHA-256 over what the scaled data is built from: the seed version, every migration (name and text) and the seed
 * scripts. Reading ~20 small files: a few milliseconds.
 */
export function scaleSeedHash(): string {
  const h = createHash('sha256').update(`scale-seed v${SCALE_SEED_VERSION} logs ${SCALE_LOG_ROWS}\n`);
  const files = [
    ...['migrations/directory', 'migrations/shard', 'migrations/logs'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir))
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => path.join(dir, f)),
    ),
    'scripts/seed.ts',
    ...readdirSync(path.join(ROOT, 'scripts/seed'))
      .filter((f) => f.endsWith('.ts'))
      .sort()
      .map((f) => path.join('scripts/seed', f)),
  ];
  for (const f of files) h.update(`\0${f}\0`).update(readFileSync(path.join(ROOT, f)));
  return h.digest('hex');
}

/** `null` when the scaled state is there and current, else why it must be (re)built. */
export function scaleStateStaleness(now = Date.now()): string | null {
  if (!existsSync(SCALE_STATE)) return 'no scaled state yet';
  if (!existsSync(STAMP_FILE)) return 'the scaled state has no seed stamp (seeded before stamps, or interrupted)';
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP_FILE, 'utf8')) as Stamp;
  } catch {
    return 'the seed stamp is unreadable';
  }
  if (stamp.hash !== scaleSeedHash()) return 'migrations or seed scripts changed since it was seeded';
  const ageDays = (now - Date.parse(stamp.seededAt)) / 86_400_000;
  if (!(ageDays <= MAX_AGE_DAYS)) return `seeded more than ${MAX_AGE_DAYS} days ago`;
  return null;
}

/** Written by the seed after the scale project is committed. */
export function writeScaleStamp(seededAt: number): void {
  const stamp: Stamp = { hash: scaleSeedHash(), seededAt: new Date(seededAt).toISOString() };
  writeFileSync(STAMP_FILE, JSON.stringify(stamp, null, 2) + '\n');
}
