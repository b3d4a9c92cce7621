import { PROJECT_ID_SEGMENT } from './project-id.ts';
/**
 * The dashboard route table: the one source for the edge rewrite, the client guard, the nav and the tests.
 * Runtime-neutral: no DOM, no Workers, no Astro imports.
 */

export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];

export type NavGroup = 'project' | 'data' | 'developers' | 'authentication' | 'settings';

export interface RouteDef {
  /** Stable id, also the name of the section's static shell (`/shell/{shell}`). */
  readonly shell: string;
  /** Path pattern; `{name}` is one path segment. Project routes start with `/{projectId}/{mode}`. */
  readonly pattern: string;
  readonly title: string;
  /** Sidebar group, for routes that appear in the nav. */
  readonly nav?: NavGroup;
  /** Layout the shell uses. */
  readonly layout: 'dashboard' | 'auth' | 'plain';
}

const P = '/{projectId}/{mode}';

/** Every served page. Order matters only between a static segment and a parameter at the same place. */
export const ROUTES: readonly RouteDef[] = [
  { shell: 'home', pattern: '/', title: 'Projects', layout: 'dashboard' },
  { shell: 'profile', pattern: '/profile', title: 'Profile', layout: 'dashboard' },
  { shell: 'project', pattern: '/{projectId}', title: 'Project', layout: 'dashboard' },
  { shell: 'overview', pattern: P, title: 'Overview', nav: 'project', layout: 'dashboard' },
  { shell: 'promote', pattern: `${P}/promote`, title: 'Test to live', nav: 'project', layout: 'dashboard' },
  { shell: 'wallets', pattern: `${P}/wallets`, title: 'Wallets', nav: 'data', layout: 'dashboard' },
  { shell: 'users', pattern: `${P}/users`, title: 'Users', nav: 'data', layout: 'dashboard' },
  {
    shell: 'users-unauthenticated',
    pattern: `${P}/users/unauthenticated`,
    title: 'Unauthenticated users',
    layout: 'dashboard',
  },
  { shell: 'user', pattern: `${P}/users/{playerId}`, title: 'User', layout: 'dashboard' },
  { shell: 'transactions', pattern: `${P}/transactions`, title: 'Transactions', nav: 'data', layout: 'dashboard' },
  { shell: 'transaction', pattern: `${P}/transactions/{transactionId}`, title: 'Transaction', layout: 'dashboard' },
  { shell: 'policies', pattern: `${P}/policies`, title: 'Gas policies', nav: 'data', layout: 'dashboard' },
  { shell: 'policy', pattern: `${P}/policies/{policyId}`, title: 'Gas policy', layout: 'dashboard' },
  { shell: 'contracts', pattern: `${P}/contracts`, title: 'Contracts', nav: 'data', layout: 'dashboard' },
  { shell: 'contract', pattern: `${P}/contracts/{contractId}`, title: 'Contract', layout: 'dashboard' },
  { shell: 'analytics', pattern: `${P}/analytics`, title: 'Analytics', layout: 'dashboard' },
  {
    shell: 'analytics-transactions',
    pattern: `${P}/analytics/transactions`,
    title: 'Transaction analytics',
    nav: 'project',
    layout: 'dashboard',
  },
  {
    shell: 'analytics-wallets',
    pattern: `${P}/analytics/wallets`,
    title: 'Wallet analytics',
    nav: 'project',
    layout: 'dashboard',
  },
  {
    shell: 'backend-wallets',
    pattern: `${P}/backend-wallets`,
    title: 'Backend wallets',
    nav: 'developers',
    layout: 'dashboard',
  },
  { shell: 'api-keys', pattern: `${P}/api-keys`, title: 'API keys', nav: 'developers', layout: 'dashboard' },
  { shell: 'api-key', pattern: `${P}/api-keys/{keyId}`, title: 'API key', layout: 'dashboard' },
  { shell: 'webhooks', pattern: `${P}/webhooks`, title: 'Webhooks', nav: 'developers', layout: 'dashboard' },
  { shell: 'webhook', pattern: `${P}/webhooks/{webhookId}`, title: 'Webhook', layout: 'dashboard' },
  { shell: 'events', pattern: `${P}/events`, title: 'Events', nav: 'developers', layout: 'dashboard' },
  { shell: 'logs', pattern: `${P}/logs`, title: 'Logs', nav: 'developers', layout: 'dashboard' },
  { shell: 'log', pattern: `${P}/logs/{requestId}`, title: 'Request', layout: 'dashboard' },
  { shell: 'providers', pattern: `${P}/providers`, title: 'Providers', nav: 'authentication', layout: 'dashboard' },
  { shell: 'security', pattern: `${P}/security`, title: 'Security', nav: 'authentication', layout: 'dashboard' },
  {
    shell: 'migrations',
    pattern: `${P}/migrations`,
    title: 'User migrations',
    nav: 'authentication',
    layout: 'dashboard',
  },
  {
    shell: 'email-templates',
    pattern: `${P}/email-templates`,
    title: 'Email templates',
    nav: 'authentication',
    layout: 'dashboard',
  },
  {
    shell: 'custom-smtp',
    pattern: `${P}/email-templates/custom-smtp`,
    title: 'Custom SMTP',
    nav: 'authentication',
    layout: 'dashboard',
  },
  { shell: 'settings', pattern: `${P}/settings`, title: 'Project settings', nav: 'settings', layout: 'dashboard' },
  { shell: 'members', pattern: `${P}/settings/members`, title: 'Members', nav: 'settings', layout: 'dashboard' },
  { shell: 'ecosystem', pattern: `${P}/settings/ecosystem`, title: 'Ecosystem', nav: 'settings', layout: 'dashboard' },
  { shell: 'billing', pattern: `${P}/settings/billing`, title: 'Billing', nav: 'settings', layout: 'dashboard' },
  { shell: 'auth-login', pattern: '/auth/login', title: 'Sign in', layout: 'auth' },
  { shell: 'auth-register', pattern: '/auth/register', title: 'Create your account', layout: 'auth' },
  { shell: 'auth-forgot-password', pattern: '/auth/forgot-password', title: 'Reset your password', layout: 'auth' },
  { shell: 'auth-reset-password', pattern: '/auth/reset-password', title: 'Choose a new password', layout: 'auth' },
  { shell: 'auth-user-info', pattern: '/auth/user-info', title: 'Tell us about you', layout: 'auth' },
  { shell: 'auth-confirm', pattern: '/auth/confirm', title: 'Confirm your email', layout: 'auth' },
  { shell: 'auth-callback', pattern: '/auth/callback', title: 'Signing you in', layout: 'auth' },
];

export const NAV_GROUPS: readonly { id: NavGroup; label: string }[] = [
  { id: 'project', label: 'Project' },
  { id: 'data', label: 'Data' },
  { id: 'developers', label: 'Developers' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'settings', label: 'Settings' },
];

/** Shell that the edge serves for paths the client-side guard must handle (see `guardTarget`). */
export const GUARD_SHELL = 'guard';
/** Shell of the 404 page. */
export const NOT_FOUND_SHELL = '404';

const SEGMENT_RULES: Record<string, string> = {
  projectId: PROJECT_ID_SEGMENT,
  mode: MODES.join('|'),
};

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  names: string[];
}

function compile(route: RouteDef): Compiled {
  const names: string[] = [];
  const source = route.pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return `(${SEGMENT_RULES[name] ?? '[^/]+'})`;
  });
  return { route, regex: new RegExp(`^${source === '/' ? '/' : source}$`), names };
}

const COMPILED = ROUTES.map(compile);

/** Removes one trailing slash (but keeps `/`). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Finds the route for a pathname (trailing slash ignored), with its decoded params. */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = normalizePath(pathname);
  for (const { route, regex, names } of COMPILED) {
    const m = regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = safeDecode(m[i + 1]!);
    });
    return { route, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Builds a concrete path from a route pattern and params. */
export function buildPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route param "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}

export function isMode(value: unknown): value is Mode {
  return value === 'live' || value === 'test';
}

/** Path of a project section, e.g. `projectPath('pro_1', 'test', '/wallets')`. */
export function projectPath(projectId: string, mode: Mode, sectionPath = ''): string {
  return `/${encodeURIComponent(projectId)}/${mode}${sectionPath}`;
}

/** The part of a project route after `/{projectId}/{mode}` (`''` for the project home). */
export function sectionPathOf(pattern: string): string | null {
  return pattern.startsWith(P) ? pattern.slice(P.length) : null;
}

/**
 * The same section in the other mode: `/pro_1/live/users/pla_2` → `/pro_1/test/users` (an object of one mode
 * does not exist in the other, so detail pages fall back to their list).
 */
export function switchModePath(pathname: string, mode: Mode): string {
  const match = matchRoute(pathname);
  const projectId = match?.params.projectId;
  if (!match || !projectId || !match.params.mode) return pathname;
  let pattern = match.route.pattern;
  while (/\{(?!projectId\}|mode\})\w+\}/.test(pattern)) pattern = pattern.slice(0, pattern.lastIndexOf('/'));
  return buildPath(pattern, { projectId, mode });
}

/**
 * Query parameters that mean the same in both modes and survive the mode toggle: a list's sort and page size and the
 * analytics time frame. Everything else is of one mode and is dropped: filters (their ids and values belong to the
 * mode's data), the page number, an open object (`?wallet=acc_…`) (docs/decisions.md "The mode toggle").
 */
export const MODE_INDEPENDENT_PARAMS = ['order', 'limit', 'timeFrame'] as const;

/** The link of the mode toggle: the same section in the other mode with only the mode-independent parameters. */
export function switchModeHref(pathname: string, search: string, mode: Mode): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of MODE_INDEPENDENT_PARAMS) {
    const value = from.get(key);
    if (value !== null && value !== '') kept.set(key, value);
  }
  const query = kept.toString();
  return switchModePath(pathname, mode) + (query ? `?${query}` : '');
}

/** The same section of another project (detail pages fall back to their list, as with modes). */
export function switchProjectPath(pathname: string, projectId: string): string {
  const match = matchRoute(pathname);
  const mode = match?.params.mode;
  if (!match || !isMode(mode)) return `/${encodeURIComponent(projectId)}`;
  const sameProject = switchModePath(pathname, mode);
  return sameProject.replace(/^\/[^/]+/, `/${encodeURIComponent(projectId)}`);
}
