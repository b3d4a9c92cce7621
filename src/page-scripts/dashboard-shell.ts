import { matchRoute, projectPath, isMode, switchModeHref, type Mode } from '../shared/routes';
import { rememberProject } from '../stores/project';
import { $ecosystemTheme, applyTheme, followEcosystemTheme } from '../stores/ecosystem';
import { gateDashboard } from './auth-gate';
import { prefetchOnIntent } from '../lib/prefetch-section';
import { startClientNavigation } from './client-navigation';
import { prepareOnIntent } from './prepared-section';

/** Sets `aria-current` to `value` (null: removes it), writing only a change. */
function setCurrent(a: HTMLAnchorElement, value: string | null): void {
  if (a.getAttribute('aria-current') === value) return;
  if (value === null) a.removeAttribute('aria-current');
  else a.setAttribute('aria-current', value);
}

/**
 * Keeps a mode link's href on this URL's view in the other mode, built from the URL of the moment (lists change it in
 * place): only the mode-independent view goes along. Its listeners are added once (the header persists).
 */
const followingUrl = new WeakSet<HTMLAnchorElement>();
function followUrl(a: HTMLAnchorElement, target: Mode): void {
  const update = () => {
    const href = switchModeHref(location.pathname, location.search, target);
    if (a.getAttribute('href') !== href) a.href = href;
  };
  update();
  if (followingUrl.has(a)) return;
  followingUrl.add(a);
  for (const event of ['pointerenter', 'focus', 'click']) a.addEventListener(event, update);
}

/** Wires the page on screen: remembers the project, fills the nav and mode links, closes the mobile menu. */
function wirePage(): void {
  const match = matchRoute(location.pathname);
  const { projectId, mode } = match?.params ?? {};
  if (projectId && isMode(mode)) {
    rememberProject(projectId, mode);
    const base = projectPath(projectId, mode);
    const current = location.pathname.replace(/\/$/, '');
    const sectionLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[data-section]')];
    for (const a of sectionLinks) {
      // Written only when they change: the header and sidebar persist, and every write restyles the link.
      const href = base + (a.dataset.section ?? '');
      if (a.getAttribute('href') !== href) a.href = href;
      setCurrent(a, a.pathname === current ? 'page' : null);
    }
    prefetchOnIntent(sectionLinks);
    prepareOnIntent(sectionLinks);
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-mode-link]')) {
      const target = a.dataset.modeLink;
      if (!isMode(target)) continue;
      followUrl(a, target);
      setCurrent(a, String(target === mode));
    }
  }
  const sidebar = document.getElementById('sidebar');
  if (sidebar) sidebar.dataset.open = 'false';
  document.getElementById('menu-toggle')?.setAttribute('aria-expanded', 'false');
}

/**
 * Gates the page on a signed-in user, then wires the static dashboard shell. Runs once per document: later pages
 * arrive through the client router (src/page-scripts/client-navigation.ts) and are wired after each swap.
 */
export function startDashboardShell(): void {
  // Signed-out visitors (or sessions owing the MFA code) go to the sign-in page before anything is wired.
  if (!gateDashboard()) return;
  startClientNavigation();
  wirePage();
  document.addEventListener('astro:after-swap', () => {
    wirePage();
    // The swap replaces the root element's attributes, the theme's CSS variables with them, and the page icon.
    applyTheme($ecosystemTheme.get());
  });
  // The menu button may arrive with a later page (from one without the sidebar): one listener for every page.
  document.addEventListener('click', (event) => {
    const toggle = (event.target as Element | null)?.closest?.('#menu-toggle');
    const sidebar = document.getElementById('sidebar');
    if (!toggle || !sidebar) return;
    const open = sidebar.dataset.open !== 'true';
    sidebar.dataset.open = String(open);
    toggle.setAttribute('aria-expanded', String(open));
  });
  followEcosystemTheme();
}
