import { matchRoute, projectPath, isMode, switchModeHref } from '../shared/routes';
import { rememberProject } from '../stores/project';
import { $ecosystemTheme, applyTheme, followEcosystemTheme } from '../stores/ecosystem';
import { gateDashboard } from './auth-gate';
import { prefetchOnIntent } from '../lib/prefetch-section';
import { startClientNavigation } from './client-navigation';
import { prepareOnIntent } from './prepared-section';

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
      a.href = base + (a.dataset.section ?? '');
      if (a.pathname === current) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    prefetchOnIntent(sectionLinks);
    prepareOnIntent(sectionLinks);
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-mode-link]')) {
      const target = a.dataset.modeLink;
      if (!isMode(target)) continue;
      // Built from the URL of the moment (lists change it in place): only the mode-independent view goes along.
      const update = () => (a.href = switchModeHref(location.pathname, location.search, target));
      update();
      for (const event of ['pointerenter', 'focus', 'click']) a.addEventListener(event, update);
      a.setAttribute('aria-current', String(target === mode));
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
