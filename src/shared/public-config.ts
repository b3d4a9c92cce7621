import { LOCAL_AUTH } from './demo-accounts.ts';
/** Configuration the edge hands to the browser in `<meta name="dashboard-config">` (public values only). */
export interface PublicConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  posthogKey: string;
  posthogHost: string;
  /** Base URL of the product documentation (sample apps and playgrounds link into it); empty: no links. */
  docsUrl: string;
  /** Base URL of the sample repositories (e.g. a GitHub organisation); empty: no links. */
  samplesUrl: string;
}

export const CONFIG_META_NAME = 'dashboard-config';

/** Local defaults: the auth emulator from `dev/` and analytics off. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  supabaseUrl: LOCAL_AUTH.url,
  supabaseAnonKey: 'local-anon-key',
  posthogKey: '',
  posthogHost: 'https://us.i.posthog.com',
  docsUrl: '',
  samplesUrl: '',
};
