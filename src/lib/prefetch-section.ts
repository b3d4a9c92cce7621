/**
 * Prefetch on intent (docs/decisions.md): hovering or focusing a link to another section starts that page's first
 * data request (Astro's prefetch loads its shell), and the answer is handed to the next page once
 * (lib/prefetch-handoff.ts). Only the default view of a section is prefetched: that is what a sidebar link opens.
 */
import { transactionListSpec, userListSpec, walletListSpec } from '../shared/api/collections';
import type { ListSpec } from '../shared/api/list-params';
import { isMode, matchRoute } from '../shared/routes';
import { listRequestPath, readListView } from '../components/data-list/list-view';
import { apiFetch } from './api-client';
import { storePrefetched } from './prefetch-handoff';

const list = (collection: string, spec: ListSpec) => (modePath: string) =>
  listRequestPath(`${modePath}/${collection}`, readListView(spec, '').query);

/** The first request each section's page makes on load, by shell (lists: their default view). */
export const FIRST_REQUEST: Readonly<Record<string, (modePath: string) => string>> = {
  wallets: list('wallets', walletListSpec),
  users: list('users', userListSpec),
  transactions: list('transactions', transactionListSpec),
};

const started = new Map<string, number>();

/** Starts the first data request of the page behind `href`, if it is a section with a known first request. */
export function prefetchSection(href: string): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin || url.search || url.pathname === location.pathname) return;
  const match = matchRoute(url.pathname);
  const build = match && FIRST_REQUEST[match.route.shell];
  const { projectId, mode } = match?.params ?? {};
  if (!build || !projectId || !isMode(mode)) return;
  const path = build(`/projects/${projectId}/${mode}`);
  // One prefetch per path every few seconds: hovering back and forth must not flood the API.
  if (Date.now() - (started.get(path) ?? 0) < 5_000) return;
  started.set(path, Date.now());
  void apiFetch(path)
    .then(async (response) => {
      if (response.ok) storePrefetched(path, await response.json());
    })
    .catch(() => {
      // A failed prefetch is simply not used: the page fetches for itself.
    });
}

/** Wires prefetch on pointer hover and keyboard focus of the given links. */
export function prefetchOnIntent(links: Iterable<HTMLAnchorElement>): void {
  for (const a of links) {
    const go = () => prefetchSection(a.href);
    a.addEventListener('pointerenter', go);
    a.addEventListener('focus', go);
  }
}
