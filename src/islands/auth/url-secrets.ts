import { hasUrlSecrets, scrubUrl } from '../../shared/url-secrets';

/**
 * Takes the page's URL as it arrived and removes its secrets from the address bar at once (`token_hash`, `code`, the
 * fragment's `access_token` / `refresh_token`…), so analytics, history and the next page's referrer never see them.
 * The other parameters (`type`, `redirect_to`, `register`…) stay. Call it when the island's module loads.
 */
export function takeUrlSecrets(): { search: string; hash: string } {
  const { search, hash } = location;
  if (hasUrlSecrets(location.href) || hash) {
    history.replaceState(history.state, '', scrubUrl(location.pathname + search));
  }
  return { search, hash };
}
