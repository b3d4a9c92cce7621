import type { PublicConfig } from '../../src/shared/public-config';
import { DEFAULT_PUBLIC_CONFIG } from '../../src/shared/public-config';

/** The public configuration the browser receives, from the environment with local defaults. */
export function publicConfig(env: Partial<Env>): PublicConfig {
  return {
    supabaseUrl: env.PUBLIC_SUPABASE_URL || DEFAULT_PUBLIC_CONFIG.supabaseUrl,
    supabaseAnonKey: env.PUBLIC_SUPABASE_ANON_KEY || DEFAULT_PUBLIC_CONFIG.supabaseAnonKey,
    posthogKey: env.PUBLIC_POSTHOG_KEY ?? DEFAULT_PUBLIC_CONFIG.posthogKey,
    posthogHost: env.PUBLIC_POSTHOG_HOST || DEFAULT_PUBLIC_CONFIG.posthogHost,
    docsUrl: env.PUBLIC_DOCS_URL ?? DEFAULT_PUBLIC_CONFIG.docsUrl,
    samplesUrl: env.PUBLIC_SAMPLES_URL ?? DEFAULT_PUBLIC_CONFIG.samplesUrl,
  };
}
