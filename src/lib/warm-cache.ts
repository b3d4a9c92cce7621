/**
 * Warm cache after sign-in (docs/decisions.md "Navigation without a document reload"): while the password is typed,
 * the browser fetches the JavaScript of the pages a sign-in opens (the wallets page, the projects home) into its HTTP
 * cache at the lowest priority, so the first dashboard page after signing in loads its modules from the cache.
 * Nothing is run or compiled here.
 *
 * The build lists those modules in the sign-in page (`<meta name="dashboard-warm">`, scripts/build/module-preload.ts:
 * every module of those pages' static graphs that the sign-in page does not load itself; a section's shell is the
 * same for every project). They are fetched by `<link rel="prefetch">`, which the browser finishes even after the
 * sign-in has moved this tab on; fetched by script (as before), they were cancelled by that navigation, and finding
 * them took a request for each shell and chunk first.
 */

/** The meta element the build writes (scripts/build/module-preload.ts `WARM_META`). */
export const WARM_META = 'dashboard-warm';

/** The module URLs the sign-in page lists for warming. */
export function warmList(doc: Document = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${WARM_META}"]`)?.content ?? '';
  return content.split(/\s+/).filter((url) => url.startsWith('/_astro/'));
}

/** Prefetches each module listed (once per document). */
export function warmDashboardCache(doc: Document = document): void {
  for (const url of warmList(doc)) {
    if (doc.head.querySelector(`link[rel="prefetch"][href="${url}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    doc.head.append(link);
  }
}
