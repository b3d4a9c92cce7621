import { MODES } from '../../../src/shared/api/common';
import type { Method } from './context';

/** A route as the method table sees it: its method and its path under /api/v1. */
export interface RoutePattern {
  method: Method | string;
  path: string;
}

/**
 * How specific a path is: per segment `0` for a literal, `1` for a parameter. At the first place two paths differ the
 * literal wins (`…/migrations/existing-emails` before `…/migrations/:id`), so the smaller key is the more specific.
 */
export const specificity = (path: string) =>
  path
    .split('/')
    .map((s) => (s.startsWith(':') ? '1' : '0'))
    .join('');

/** The path's pattern with the router's param rules: `:mode` is live or test, any other param 1–100 characters. */
function patternOf(path: string): RegExp {
  return new RegExp(
    `^/api/v1${path
      .split('/')
      .map((s) =>
        s === ':mode'
          ? `(?:${MODES.join('|')})`
          : s.startsWith(':')
            ? '[^/]{1,100}'
            : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );
}

/**
 * The methods a request path takes: those of the most specific route path that matches it, and only those. A static
 * sibling of a `/:id` route (`…/backend-wallets/challenge` beside `…/backend-wallets/:id`) is its own resource: a
 * method only the `/:id` route has is not allowed there (405), it must not reach the `/:id` handler with "challenge"
 * as the id. Empty when no route path matches (404).
 */
export function methodTable(routes: readonly RoutePattern[]): (path: string) => string[] {
  const byPath = new Map<string, { key: string; re: RegExp; methods: Set<string> }>();
  for (const r of routes) {
    const entry = byPath.get(r.path) ?? { key: specificity(r.path), re: patternOf(r.path), methods: new Set() };
    entry.methods.add(r.method);
    byPath.set(r.path, entry);
  }
  const entries = [...byPath.values()];
  return (path: string) => {
    const matching = entries.filter((e) => e.re.test(path));
    if (!matching.length) return [];
    const best = matching.reduce((min, e) => (e.key < min ? e.key : min), matching[0]!.key);
    return [...new Set(matching.filter((e) => e.key === best).flatMap((e) => [...e.methods]))];
  };
}
