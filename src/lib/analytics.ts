import type { PostHog } from 'posthog-js';
import { publicConfig } from './config';
import { matchRoute } from '../shared/routes';

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

/** Loads posthog-js and sends what was queued. Called once the page is interactive and idle. */
export async function startAnalytics(): Promise<void> {
  const { posthogKey, posthogHost } = publicConfig();
  if (!analyticsAllowed(location.hostname, posthogKey)) {
    off = true;
    queue = [];
    return;
  }
  const { default: posthog } = await import('posthog-js');
  posthog.init(posthogKey, {
    api_host: posthogHost,
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

/** A page view with the path and the route's params. */
export function capturePageView(pathname: string = location.pathname): void {
  const match = matchRoute(pathname);
  capture('$pageview', {
    $current_url: location.href,
    path: pathname,
    route: match?.route.pattern ?? null,
    params: match?.params ?? {},
  });
}

/** Sends a page view now and on every later route change (history navigation included). */
export function trackRouteChanges(): void {
  let last = location.pathname;
  capturePageView(last);
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
