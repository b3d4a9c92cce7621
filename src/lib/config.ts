import { CONFIG_META_NAME, DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '../shared/public-config';

let cached: PublicConfig | undefined;

/** The public configuration the edge put into the page (`<meta name="dashboard-config">`), or the local defaults. */
export function publicConfig(): PublicConfig {
  if (cached) return cached;
  const content =
    typeof document === 'undefined'
      ? null
      : document.querySelector(`meta[name="${CONFIG_META_NAME}"]`)?.getAttribute('content');
  let parsed: Partial<PublicConfig> = {};
  try {
    if (content) parsed = JSON.parse(content) as Partial<PublicConfig>;
  } catch {
    parsed = {};
  }
  cached = { ...DEFAULT_PUBLIC_CONFIG, ...parsed };
  return cached;
}
