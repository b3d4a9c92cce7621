/** The classes of a badge and of each of its tones (badge.tsx, and the early rows' HTML: cells-html.ts). */
export const BADGE_CLASS = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

export const BADGE_TONES = {
  neutral: 'bg-muted text-foreground',
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  danger: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;
