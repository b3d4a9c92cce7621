/**
 * Warm cache after sign-in (docs/decisions.md "Navigation without a document reload"): while the sign-in page waits
 * for the password, the browser fetches the JavaScript of the pages a sign-in opens (the projects home, the wallets
 * page of the last project) into its HTTP cache, at idle and at the lowest priority, so the first dashboard page after
 * signing in loads its modules from the cache. Nothing is run or compiled here, and nothing is imported: this module
 * is imported by the sign-in page once it is loaded and idle (src/pages/shell/auth-login.astro), so it adds
 * nothing to its first load.
 */

const MODULE_URL = /(?:component-url|renderer-url|before-hydration-url|src|href)="(\/_astro\/[^"]+\.js)"/g;
/** Static imports of a built chunk (as scripts/bench/js-weight.ts reads them). */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
/** A project id that routes to the section's shell when no project was opened on this browser yet. */
const ANY_PROJECT = 'pro_0';

const low: RequestInit = { priority: 'low', credentials: 'same-origin' };

/** The pages to warm: the projects home and the wallets page of the last project and mode (or any project). */
export function warmPaths(projectId: string | null, mode: string | null): string[] {
  const project = projectId?.startsWith('pro_') ? projectId : ANY_PROJECT;
  return ['/', `/${project}/${mode === 'live' ? 'live' : 'test'}/wallets`];
}

async function warmModule(url: string, seen: Set<string>): Promise<void> {
  if (seen.has(url)) return;
  seen.add(url);
  const code = await fetch(url, low).then((r) => (r.ok ? r.text() : ''));
  const deps = [...code.matchAll(STATIC_IMPORT)].map(([, dep]) => new URL(dep!, url).href);
  await Promise.all(deps.map((dep) => warmModule(dep, seen)));
}

/** Fetches the modules of the given pages (their shells and every chunk they import statically) into the cache. */
export async function warmDashboardCache(paths: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  // What this page loaded is cached already.
  for (const entry of performance.getEntriesByType('resource')) seen.add(entry.name);
  for (const path of paths) {
    try {
      const response = await fetch(path, low);
      if (!response.ok) continue;
      const html = await response.text();
      const entries = [...html.matchAll(MODULE_URL)].map(([, src]) => new URL(src!, location.href).href);
      await Promise.all(entries.map((url) => warmModule(url, seen)));
    } catch {
      // Only a head start: the dashboard loads its modules itself.
    }
  }
}
