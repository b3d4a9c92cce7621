/**
 * The `<meta>` in which the build lists the modules the sign-in page fetches into the cache while the password is
 * typed (scripts/build/warm-modules.ts writes it; src/lib/warm-cache.ts reads it): space-separated `/_astro/…` URLs.
 */
export const WARM_MODULES_META = 'dashboard-warm-modules';
