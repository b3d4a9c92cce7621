import { matchRoute, projectPath, isMode, switchModeHref } from '../shared/routes';
import { rememberProject } from '../stores/project';
import { followEcosystemTheme } from '../stores/ecosystem';
import { gateDashboard } from './auth-gate';
import { prefetchOnIntent } from '../lib/prefetch-section';

/** Gates the page on a signed-in user, then wires the static dashboard shell: remembers the project, fills the nav and mode links, the mobile menu. */
export function startDashboardShell(): void {
  // Signed-out visitors (or sessions owing the MFA code) go to the sign-in page before anything is wired.
  if (!gateDashboard()) return;
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
    }
    prefetchOnIntent(sectionLinks);
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
  const toggle = document.getElementById('menu-toggle');
  const sidebar = document.getElementById('sidebar');
  toggle?.addEventListener('click', () => {
    const open = sidebar?.dataset.open !== 'true';
    if (sidebar) sidebar.dataset.open = String(open);
    toggle.setAttribute('aria-expanded', String(open));
  });
  followEcosystemTheme();
}
