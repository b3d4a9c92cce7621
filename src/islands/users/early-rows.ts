/**
 * The users list's first rows as HTML, painted from the page's early answer before its island has loaded
 * (docs/decisions.md "Rows before the island"): the default columns of list-bits.tsx (`userColumns(true)`), cell for
 * cell, with labels.tsx's email and sign-in cells.
 */
import type { EarlyRows } from '../../lib/early-rows';
import { attrs, escapeHtml } from '../../components/data-list/row-markup';
import { DASH_HTML, badgeHtml, relativeTimeHtml } from '../shared/cells-html';
import { userLabel } from '../shared/user-label';
import type { User } from './types';

/** What a screen reader says of a row of the users list (and what Enter opens). */
export function userRowLabel(u: Pick<User, 'name' | 'email'>): string {
  return `User ${userLabel(u)}${u.email && u.name ? `, ${u.email}` : ''}`;
}

function nameHtml(u: User): string {
  return `<span${attrs({
    class: `block max-w-56 truncate ${u.name ? 'font-medium' : 'text-muted-foreground'}`,
    title: u.name ?? undefined,
  })}>${escapeHtml(u.name || 'Unnamed user')}</span>`;
}

function emailHtml(u: User): string {
  if (!u.email) return DASH_HTML;
  const badge = u.emailVerified ? badgeHtml('Verified', 'success') : badgeHtml('Not verified');
  return `<span class="inline-flex max-w-72 items-center gap-2"><span${attrs({ class: 'truncate', title: u.email })}>${escapeHtml(u.email)}</span>${badge}</span>`;
}

function kindHtml(u: User): string {
  if (!u.authenticated) return badgeHtml('Unauthenticated');
  return u.anonymous ? badgeHtml('Anonymous', 'warning') : badgeHtml('Authenticated', 'info');
}

export const USER_EARLY_ROWS: EarlyRows<User> = {
  listKey: 'users',
  columns: ['name', 'email', 'kind', 'createdAt'],
  rowLabel: userRowLabel,
  cells: (u) => [
    { html: nameHtml(u) },
    { html: emailHtml(u) },
    { html: kindHtml(u) },
    { html: relativeTimeHtml(u.createdAt) },
  ],
};
