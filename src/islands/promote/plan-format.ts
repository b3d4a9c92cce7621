import type { BadgeTone } from '../../components/ui/badge';
import type { ConfigKind, PlanItem } from '../../shared/api/config';
import type { Mode } from '../../shared/api/common';

/** An answer of the compare, the dry run or an apply (src/shared/api/config.ts `ConfigApplyResult`). */
export interface PlanAnswer {
  from: string;
  to: Mode;
  dryRun?: boolean;
  promotionId?: string | null;
  items: PlanItem[];
  summary: { create: number; update: number; unchanged: number; refused: number };
}

export const itemId = (i: { kind: string; key: string }) => `${i.kind}\u0000${i.key}`;

const MODE_LABEL: Record<string, string> = { test: 'test', live: 'live', document: 'the file' };

/** How the object compares, in the words of the two modes. */
export function compareLabel(i: PlanItem, from: string, to: Mode): { text: string; tone: BadgeTone } {
  switch (i.compare) {
    case 'only_in_source':
      return { text: `Only in ${MODE_LABEL[from] ?? from}`, tone: 'info' };
    case 'only_in_target':
      return { text: `Only in ${to}`, tone: 'neutral' };
    case 'differs':
      return { text: 'Differs', tone: 'warning' };
    default:
      return { text: 'Same', tone: 'success' };
  }
}

/** What applying does with it. */
export function actionLabel(i: PlanItem): { text: string; tone: BadgeTone } {
  switch (i.action) {
    case 'create':
      return { text: i.needsSecret.length ? 'Create · needs a secret' : 'Create', tone: 'info' };
    case 'update':
      return { text: i.needsSecret.length ? 'Update · needs a secret' : 'Update', tone: 'warning' };
    case 'refused':
      return { text: 'Refused', tone: 'danger' };
    case 'not_picked':
      return { text: 'Not picked', tone: 'neutral' };
    default:
      return { text: 'Left alone', tone: 'neutral' };
  }
}

/** A value of a diff, readable on one line ("—" for nothing). */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.length ? v.join(', ') : 'none';
  if (Array.isArray(v)) return `${v.length} item${v.length === 1 ? '' : 's'}`;
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The page of the target mode where a secret that did not travel is set. */
export function secretPage(kind: ConfigKind): string {
  if (kind === 'providers') return '/providers';
  if (kind === 'smtp') return '/email-templates/custom-smtp';
  if (kind === 'webhooks') return '/webhooks';
  return '';
}

/** Names of secrets as the owner knows them. */
export function secretLabel(path: string): string {
  if (path === 'signingSecret') return 'signing secret (rotate it to enable the webhook)';
  if (path === 'password') return 'SMTP password';
  const oauth = /^oauth\.(\w+)\.clientSecret$/.exec(path);
  if (oauth) return `${oauth[1]![0]!.toUpperCase()}${oauth[1]!.slice(1)} client secret`;
  return path.replace(/^thirdParty\./, '');
}
