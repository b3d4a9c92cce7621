import type { DatabaseSync } from 'node:sqlite';

/**
 * The scale project's request log (docs/api.md "Request logs"): SCALE_LOG_ROWS rows over the 30 days of retention, written
 * by ONE INSERT … SELECT over a generated series inside SQLite (no row crosses into JavaScript), with the secondary
 * indexes dropped before and rebuilt after, in memory-journal mode (the caller's bulk-load pragmas). Every value is a
 * function of the row number through a multiplicative hash, so the data is the same on every seed and the bench can
 * name values that match (a key, a route, a wallet id of the rare path search).
 *
 * Mix: test mode 65 %, live 25 %, project-level routes (members, billing, audit log, notices: mode '') 10 %; the
 * API's real route patterns by weight (lists and reads most, writes some); status 2xx ~93 %, 4xx ~6.5 %, 5xx ~0.5 %;
 * calls from each mode's keys (80 %: the caller passes them, deleted ones too) and the dashboard (a member), from eight
 * networks and five user agents.
 */

/**
 * How many rows: the 5,000,000 with `SCALE_LOG_ROWS=5000000` (about 20 minutes of seeding on the 2-core
 * machine and a 5.7 GB file: docs/decisions.md "The request log at scale"); 1,000,000 by default, so the scale seed of
 * every `npm test` stays within its time. The figure is part of the scale state's stamp.
 */
export const SCALE_LOG_ROWS = scaleLogRows(process.env.SCALE_LOG_ROWS);

function scaleLogRows(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1_000_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 20_000_000)
    throw new Error(`SCALE_LOG_ROWS must be a whole number from 0 to 20000000, not "${raw}"`);
  return n;
}
const DAY = 86_400_000;

/** Mode routes: method, pattern after `/api/v1/projects/:projectId/:mode`, weight, id prefix of `:id` (if any). */
const MODE_ROUTES: [string, string, number, string?][] = [
  ['GET', '/wallets', 14],
  ['GET', '/wallets/:id', 12, 'acc'],
  ['POST', '/wallets', 4],
  ['GET', '/transactions', 12],
  ['GET', '/transactions/:id', 10, 'tx'],
  ['POST', '/transactions', 6],
  ['GET', '/users', 8],
  ['GET', '/users/:id', 6, 'usr'],
  ['POST', '/users', 2],
  ['PATCH', '/users/:id', 2, 'usr'],
  ['GET', '/users/:id/wallets', 2, 'usr'],
  ['GET', '/contracts', 3],
  ['GET', '/contracts/:id', 2, 'con'],
  ['GET', '/policies', 3],
  ['GET', '/policies/:id', 2, 'pol'],
  ['GET', '/backend-wallets', 2],
  ['GET', '/webhooks', 2],
  ['GET', '/events', 2],
  ['DELETE', '/wallets/:id', 1, 'acc'],
  ['GET', '/analytics/transactions', 1],
  ['GET', '/config', 1],
];
/** Project-level routes (after `/api/v1/projects/:projectId`), dashboard members only. */
const PROJECT_ROUTES: [string, string, number][] = [
  ['GET', '/members', 5],
  ['POST', '/members', 1],
  ['PATCH', '/members/:userId', 1],
  ['GET', '/billing', 3],
  ['PATCH', '/billing', 1],
  ['GET', '/audit-log', 2],
  ['GET', '/notices', 4],
];
/** Distinct ids per `:id` route: a wallet's requests are ~1 in 200,000 rows (the rare path search). */
const IDS_PER_ROUTE = 2000;

const NETWORKS = [
  '203.0.113.0/24',
  '198.51.100.0/24',
  '192.0.2.0/24',
  '2001:db8:1::/48',
  '2001:db8:2a::/48',
  '100.64.12.0/24',
  '172.16.40.0/24',
  '10.20.30.0/24',
];
const AGENTS = [
  'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
  'axios/1.7.2',
  'python-requests/2.32.3',
  'Go-http-client/2.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
];

/** Statuses per 1,000 requests: 2xx first (200 for reads, 201 for a POST), then 4xx, then 5xx. */
const ERRORS: [number, string, number][] = [
  [400, 'bad_request', 22],
  [401, 'unauthorized', 8],
  [403, 'forbidden', 5],
  [404, 'not_found', 20],
  [409, 'conflict', 4],
  [429, 'rate_limited', 6],
  [500, 'internal', 3],
  [503, 'unavailable', 2],
];

/** An id as the API writes it (`acc_` + a UUIDv7-shaped value), the n-th of its prefix. */
const fakeId = (prefix: string, n: number) => `${prefix}_01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
/** The wallet id the bench's rare path search looks for. */
export const RARE_WALLET = fakeId('acc', 777);

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Inserts the rows (the caller holds the transaction). `keys` are the project's API key ids (the key filter's
 * values), `member` the dashboard caller. Returns the seconds of the insert and of the index rebuild.
 */
export function seedRequestLogs(
  db: DatabaseSync,
  o: { projectId: string; now: number; keys: { test: string[]; live: string[] }; member: string; rows?: number },
): { insertSeconds: number; indexSeconds: number } {
  const rows = o.rows ?? SCALE_LOG_ROWS;
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = 'request_logs'`,
    )
    .all() as { name: string; sql: string }[];
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);

  // Lookup tables: a slot number → its route (weights expanded), its error; small, keyed by INTEGER PRIMARY KEY.
  db.exec(`CREATE TEMP TABLE seed_route (slot INTEGER PRIMARY KEY, project INTEGER, method TEXT, pattern TEXT, idp TEXT);
    CREATE TEMP TABLE seed_error (slot INTEGER PRIMARY KEY, status INTEGER, code TEXT);
    CREATE TEMP TABLE seed_pick (kind TEXT, n INTEGER, v TEXT, PRIMARY KEY (kind, n)) WITHOUT ROWID;`);
  const addRoute = db.prepare('INSERT INTO seed_route VALUES (?, ?, ?, ?, ?)');
  let slot = 0;
  for (const [method, pattern, w, idp] of MODE_ROUTES)
    for (let k = 0; k < w; k++) addRoute.run(slot++, 0, method, pattern, idp ?? null);
  const modeSlots = slot;
  for (const [method, pattern, w] of PROJECT_ROUTES)
    for (let k = 0; k < w; k++) addRoute.run(slot++, 1, method, pattern, pattern.includes(':') ? 'usr' : null);
  const projectSlots = slot - modeSlots;
  const addError = db.prepare('INSERT INTO seed_error VALUES (?, ?, ?)');
  let e = 0;
  for (const [status, code, n] of ERRORS) for (let k = 0; k < n; k++) addError.run(e++, status, code);
  const addPick = db.prepare('INSERT INTO seed_pick VALUES (?, ?, ?)');
  NETWORKS.forEach((v, n) => addPick.run('net', n, v));
  AGENTS.forEach((v, n) => addPick.run('ua', n, v));
  const keyCount = o.keys.test.length;
  if (!keyCount || o.keys.live.length !== keyCount) throw new Error('seedRequestLogs: as many keys in both modes');
  for (const mode of ['test', 'live'] as const) o.keys[mode].forEach((v, n) => addPick.run(`key-${mode}`, n, v));

  const start = o.now - 30 * DAY + 60_000;
  // Rows in time order (the id, a UUIDv7, follows the time: the primary key index is appended to, never split).
  const step = Math.floor((o.now - 60_000 - start) / rows);
  const base = `/api/v1/projects/${o.projectId}`;
  const okPerMille = 1000 - ERRORS.reduce((a, x) => a + x[2], 0);
  // The integer scope key of each mode's rows (migrations/logs/0003): what the indexes hold instead of the text id.
  const addScope = db.prepare('INSERT OR IGNORE INTO request_log_scopes (project_id, mode) VALUES (?, ?)');
  const scopeOf = db.prepare('SELECT id FROM request_log_scopes WHERE project_id = ? AND mode = ?');
  const scopeId = (mode: string) => {
    addScope.run(o.projectId, mode);
    return Number((scopeOf.get(o.projectId, mode) as { id: number }).id);
  };
  const [testScope, liveScope, projectScope] = [scopeId('test'), scopeId('live'), scopeId('')];
  const t0 = performance.now();
  db.prepare(
    `INSERT INTO request_logs (id, scope_id, project_id, mode, created_at, method, route, path, short_path, query, status,
       status_class, error_code, latency_ms, caller_type, caller_id, key_id, client_address, user_agent,
       request_bytes, response_bytes)
     WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows - 1}),
     h AS (
       SELECT i, ${start} + i * ${step} + (i * 2246822519) % ${Math.max(1, step - 1)} AS t,
         (i * 2654435761) % 4294967296 AS r1, (i * 3266489917 + 374761393) % 4294967296 AS r2,
         (i * 668265263 + 2246822519) % 4294967296 AS r3
       FROM n
     ),
     m AS (
       SELECT *, CASE WHEN r1 % 100 < 65 THEN 'test' WHEN r1 % 100 < 90 THEN 'live' ELSE '' END AS mode,
         '_01900000-0000-7000-8000-' || printf('%012x', (r1 / 3700) % ${IDS_PER_ROUTE}) AS idn
       FROM h
     ),
     r AS (
       SELECT m.*, sr.method, sr.pattern, sr.idp,
         CASE WHEN sr.idp IS NULL THEN sr.pattern ELSE replace(replace(sr.pattern, ':userId', sr.idp || m.idn), ':id', sr.idp || m.idn) END
           AS short0,
         CASE WHEN r3 % 1000 >= ${okPerMille} THEN r3 % 1000 - ${okPerMille} END AS eslot
       FROM m JOIN seed_route sr ON sr.slot = CASE WHEN m.mode = '' THEN ${modeSlots} + r2 % ${projectSlots}
         ELSE r2 % ${modeSlots} END
     )
     SELECT printf('req_%08x-%04x-7%03x-8%03x-%012x', t / 65536, t % 65536, (i / 4096) % 4096, i % 4096, i),
       CASE mode WHEN 'test' THEN ${testScope} WHEN 'live' THEN ${liveScope} ELSE ${projectScope} END,
       ${q(o.projectId)}, mode, t, r.method,
       '/api/v1/projects/:projectId' || CASE WHEN mode = '' THEN '' ELSE '/:mode' END || pattern,
       ${q(base)} || CASE WHEN mode = '' THEN '' ELSE '/' || mode END || short0,
       short0,
       CASE WHEN r.method = 'GET' AND idp IS NULL AND r2 % 3 = 0 THEN 'limit=50&page=' || (1 + r3 % 4) END,
       COALESCE(se.status, CASE WHEN r.method = 'POST' THEN 201 ELSE 200 END),
       COALESCE(se.status / 100, 2) || 'xx',
       se.code,
       3 + (r1 / 100) % 37 + CASE WHEN r1 % 50 = 0 THEN r2 % 900 ELSE 0 END,
       CASE WHEN mode = '' OR (r1 / 100000) % 5 = 0 THEN 'member' ELSE 'key' END,
       CASE WHEN mode = '' OR (r1 / 100000) % 5 = 0 THEN ${q(o.member)} ELSE kp.v END,
       CASE WHEN mode = '' OR (r1 / 100000) % 5 = 0 THEN NULL ELSE kp.v END,
       np.v, up.v,
       CASE WHEN r.method = 'GET' THEN 0 ELSE 80 + r2 % 900 END,
       120 + r1 % 6000
     FROM r
     LEFT JOIN seed_error se ON se.slot = r.eslot
     LEFT JOIN seed_pick kp ON kp.kind = 'key-' || r.mode AND kp.n = (r3 / 13) % ${keyCount}
     JOIN seed_pick np ON np.kind = 'net' AND np.n = (r3 / 1000) % ${NETWORKS.length}
     JOIN seed_pick up ON up.kind = 'ua' AND up.n = (r2 / 1000) % ${AGENTS.length}`,
  ).run();
  const insertSeconds = (performance.now() - t0) / 1000;
  db.exec('DROP TABLE seed_route; DROP TABLE seed_error; DROP TABLE seed_pick');
  const t1 = performance.now();
  for (const i of indexes) db.exec(i.sql);
  return { insertSeconds, indexSeconds: (performance.now() - t1) / 1000 };
}
