import type { PostHog } from 'posthog-js';
import { publicConfig } from './config';
import { matchRoute } from '../shared/routes';
import { hasUrlSecrets, scrubUrl } from '../shared/url-secrets';

/** Tag every event carries, so the dashboard's events stand apart from the product's. */
export const ANALYTICS_PROJECT_TAG = 'dashboard';

let client: PostHog | null = null;
let off = false;
let queue: ((p: PostHog) => void)[] = [];

/** Analytics run only with a key, and never on a hostname containing `localhost`. */
export function analyticsAllowed(hostname: string, key: string): boolean {
  return Boolean(key) && !hostname.includes('localhost');
}

function run(fn: (p: PostHog) => void): void {
  if (off) return;
  if (client) fn(client);
  else queue.push(fn);
}

/**
 * A copy of a posthog-js event whose every URL-looking string (`$current_url`, `$referrer`, `$initial_referrer`,
 * `$session_entry_url`, `$initial_current_url` in `$set_once`, … in `properties`, `$set` and `$set_once`, nested
 * ones too) has lost its secret parameters and its fragment. posthog-js's `before_send`.
 */
export function scrubEvent<T>(value: T): T {
  if (typeof value === 'string') return scrubUrl(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubEvent(item)) as T;
  if (value && typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubEvent(v as unknown)])) as T;
  }
  return value;
}

/**
 * Resolves once the address bar holds no secret. The auth pages' islands remove `token_hash`, `code` and the
 * fragment's tokens as soon as they load; until then nothing may read the URL for analytics (posthog-js records the
 * first URL and referrer it sees at start).
 */
function whenUrlClean(): Promise<void> {
  if (!hasUrlSecrets(location.href)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (hasUrlSecrets(location.href)) return;
      clearInterval(timer);
      resolve();
    }, 50);
  });
}

/** Loads posthog-js and sends what was queued. Called once the page is interactive and idle. */
export async function startAnalytics(): Promise<void> {
  const { posthogKey, posthogHost } = publicConfig();
  if (!analyticsAllowed(location.hostname, posthogKey)) {
    off = true;
    queue = [];
    return;
  }
  await whenUrlClean();
  const { default: posthog } = await import('posthog-js');
  posthog.init(posthogKey, {
    api_host: posthogHost,
    // Every URL posthog-js adds (current URL, referrers, session entry URL, initial person properties) and ours
    // leave without token parameters and fragments.
    before_send: (event) => event && scrubEvent(event),
    disable_capture_url_hashes: true,
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    persistence: 'localStorage',
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_web_experiments: true,
    disable_conversations: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    capture_performance: false,
    capture_heatmaps: false,
    capture_dead_clicks: false,
  });
  posthog.register({ project: ANALYTICS_PROJECT_TAG });
  client = posthog;
  const pending = queue;
  queue = [];
  pending.forEach((fn) => fn(posthog));
}

/** Sends an event (queued until analytics has loaded; dropped when analytics is off). */
export function capture(event: string, properties: Record<string, unknown> = {}): void {
  run((p) => p.capture(event, { ...properties, project: ANALYTICS_PROJECT_TAG }));
}

/** Ties the following events to a signed-in user. */
export function identify(userId: string, properties: { email?: string } = {}): void {
  identifyQueued = (p) => p.identify(userId, properties);
  run(identifyQueued);
}
let identifyQueued: ((p: PostHog) => void) | null = null;

/**
 * Forgets the signed-in user (on sign-out). Sign-out navigates away at once, often before posthog-js has loaded (it
 * waits for idle), so a queued `reset()` would be lost: then its stored identity is deleted instead, and the next
 * page starts anonymous.
 */
export function resetAnalytics(): void {
  if (off) return;
  if (client) return client.reset();
  queue = queue.filter((fn) => fn !== identifyQueued);
  try {
    localStorage.removeItem(`ph_${publicConfig().posthogKey}_posthog`);
  } catch {
    // Storage blocked: posthog-js could not have stored an identity either.
  }
}

/** A page view with the path and the route's params (the URL without secrets). */
export function capturePageView(pathname: string = location.pathname): void {
  const match = matchRoute(pathname);
  capture('$pageview', {
    $current_url: scrubUrl(location.href),
    path: pathname,
    route: match?.route.pattern ?? null,
    params: match?.params ?? {},
  });
}

/**
 * Sends a page view now (on an auth page whose URL still holds a token: once its island has removed it) and on every
 * later route change (history navigation included).
 */
export function trackRouteChanges(): void {
  let last = location.pathname;
  const first = last;
  if (hasUrlSecrets(location.href)) void whenUrlClean().then(() => capturePageView(first));
  else capturePageView(first);
  const check = () => {
    if (location.pathname !== last) {
      last = location.pathname;
      capturePageView(last);
    }
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      check();
    };
  }
  addEventListener('popstate', check);
}

/** Starts analytics after the page is interactive and the browser is idle, so it never weighs on first paint. */
export function startAnalyticsWhenIdle(): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void startAnalytics(), { timeout: 3000 })
      : setTimeout(() => void startAnalytics(), 1);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
