/**
 * The shared cells of columns.tsx (and the UI parts they use: copy-button, chain-label, badge, relative-time) as
 * plain HTML, for the first rows a list page paints before its island has loaded (docs/decisions.md "Rows before the
 * island"). Each writes exactly what its React twin renders without its event handlers:
 * tests/unit/early-rows.test.ts renders both for the same rows and compares the markup.
 */
import { attrs, escapeHtml } from '../../components/data-list/row-markup';
import { relativeTime } from '../../lib/format-en';
import { chainName, explorerUrl } from '../../shared/chains';
import { projectPath, type Mode } from '../../shared/routes';
import type { UserSummary } from '../../shared/api/summaries';
import { BADGE_CLASS, BADGE_TONES, type BadgeTone } from '../../components/ui/badge-tones';
import { shorten } from '../../lib/shorten';
import { userLabel } from './user-label';

/** lucide's icons as React renders them at `h-3.5 w-3.5`, `aria-hidden`. */
const ICON_HEAD =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const COPY_ICON = `${ICON_HEAD} class="lucide lucide-copy h-3.5 w-3.5" aria-hidden="true"><rect width="14" height="14" x="8" y="8" rx="2" ry="2"></rect><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"></path></svg>`;
const EXTERNAL_LINK_ICON = `${ICON_HEAD} class="lucide lucide-external-link h-3.5 w-3.5" aria-hidden="true"><path d="M15 3h6v6"></path><path d="M10 14 21 3"></path><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"></path></svg>`;

/** `<span class="text-muted-foreground">—</span>`: nothing to show. */
export const DASH_HTML = '<span class="text-muted-foreground">—</span>';

/** CopyButton (size sm). */
export function copyButtonHtml(label: string): string {
  return `<button type="button"${attrs({
    'aria-label': `Copy ${label}`,
    title: `Copy ${label}`,
    class:
      'inline-flex shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground h-6 w-6',
  })}>${COPY_ICON}</button>`;
}

/** CopyText: an id, address or hash in monospace, shortened, with its copy button (and a link when given one). */
export function copyTextHtml(value: string, label: string, href?: string | null): string {
  const text = escapeHtml(shorten(value));
  const shown = href
    ? `<a${attrs({ href, class: 'truncate font-mono text-xs hover:underline', title: value })}>${text}</a>`
    : `<span${attrs({ class: 'truncate font-mono text-xs', title: value })}>${text}</span>`;
  return `<span class="inline-flex min-w-0 items-center gap-1">${shown}${copyButtonHtml(label)}</span>`;
}

/** ExplorerLink: the chain's block explorer in a new tab, or nothing when the chain has none. */
export function explorerLinkHtml(
  chainId: number,
  kind: 'address' | 'tx' | 'block',
  value: string | number,
  label = 'View on explorer',
): string {
  const href = explorerUrl(chainId, kind, value);
  if (!href) return '';
  return `<a${attrs({
    href,
    target: '_blank',
    rel: 'noreferrer noopener',
    'aria-label': label,
    title: label,
    class:
      'inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground',
  })}>${EXTERNAL_LINK_ICON}</a>`;
}

/** AddressCell: an address with copy and explorer link. */
export function addressCellHtml(address: string, chainId?: number): string {
  const explorer = chainId !== undefined ? explorerLinkHtml(chainId, 'address', address) : '';
  return `<span class="inline-flex items-center gap-0.5">${copyTextHtml(address, 'address')}${explorer}</span>`;
}

/** ChainLabel. */
export function chainLabelHtml(chainId: number): string {
  return `<span${attrs({ class: 'whitespace-nowrap', title: `Chain id ${chainId}` })}>${escapeHtml(chainName(chainId))}</span>`;
}

/** UserCell as a list shows it: the user's name linking to the user, or a dash. */
export function userCellHtml(
  user: UserSummary | null | undefined,
  userId: string | null,
  projectId: string,
  mode: Mode,
): string {
  if (!userId) return DASH_HTML;
  return `<a${attrs({
    href: projectPath(projectId, mode, `/users/${userId}`),
    class: 'block max-w-48 truncate hover:underline',
    title: user?.email ?? userId,
  })}>${escapeHtml(userLabel(user))}</a>`;
}

/** Badge. */
export function badgeHtml(text: string, tone: BadgeTone = 'neutral'): string {
  return `<span class="${BADGE_CLASS} ${BADGE_TONES[tone]}">${escapeHtml(text)}</span>`;
}

/** RelativeTime: "3 hours ago" (its exact time is written into `title` on first hover, by the island). */
export function relativeTimeHtml(iso: string | null | undefined): string {
  if (!iso) return DASH_HTML;
  return `<time${attrs({ dateTime: iso, class: 'whitespace-nowrap' })}>${escapeHtml(relativeTime(iso))}</time>`;
}

/** Text as a cell shows it (escaped). */
export function textHtml(value: string | number | null | undefined): string {
  return escapeHtml(String(value ?? ''));
}
