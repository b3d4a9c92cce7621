import { env } from 'cloudflare:test';
import { afterEach } from 'vitest';

/**
 * D1 refuses a statement with more than 100 bound parameters; local D1 (workerd's SQLite) does not, so a test would pass
 * where production answers 500. Every statement the tests run goes through `env.DB` or a shard (`env.SHARD_n`, and the
 * sessions opened on it): this wrapper makes `bind` with more than 100 values throw (the request fails) and fails the
 * test that ran it.
 */
export const D1_MAX_BOUND_PARAMETERS = 100;
/**
 * Kept on the global object: the Workers test files share one runtime (`isolate: false`, vitest.config.ts) and this
 * setup file runs again before each of them, while the wrapper is installed once, by its first run (`__paramGuard`).
 * Every run's `afterEach` and `takeViolations` must read the list that wrapper fills.
 */
const violations: string[] = ((globalThis as { __d1ParamViolations?: string[] }).__d1ParamViolations ??= []);

type Preparer = { prepare(sql: string): D1PreparedStatement };

function guardPrepare(db: Preparer): void {
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    const stmt = prepare(sql);
    const bind = stmt.bind.bind(stmt);
    stmt.bind = (...values: unknown[]) => {
      if (values.length > D1_MAX_BOUND_PARAMETERS) {
        violations.push(`${values.length} bound parameters: ${sql.slice(0, 200)}`);
        throw new Error(`D1 allows at most ${D1_MAX_BOUND_PARAMETERS} bound parameters, got ${values.length}`);
      }
      return bind(...values);
    };
    return stmt;
  };
}

function guard(db: (D1Database & { __paramGuard?: true }) | undefined): void {
  if (!db || db.__paramGuard) return;
  guardPrepare(db);
  const withSession = db.withSession.bind(db);
  db.withSession = (constraint?: string) => {
    const session = withSession(constraint);
    guardPrepare(session);
    return session;
  };
  db.__paramGuard = true;
}

guard(env.DB);
for (let n = 0; env[`SHARD_${n}`]; n++) guard(env[`SHARD_${n}`]);

/** Takes the violations recorded so far (the guard's own test expects one). */
export const takeViolations = () => violations.splice(0);

afterEach(() => {
  if (violations.length) throw new Error(`Statements over D1's parameter limit:\n${violations.splice(0).join('\n')}`);
});
