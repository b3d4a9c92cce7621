import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { BADGE_CLASS, BADGE_TONES, type BadgeTone } from './badge-tones';

export type { BadgeTone };

/** A short status label. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={cn(BADGE_CLASS, BADGE_TONES[tone])}>{children}</span>;
}
