/** The class of a skeleton block (state-panel.tsx's `Skeleton`, and the list's skeleton rows written as HTML). */
export function skeletonClassName(still: boolean | undefined, className: string | undefined): string {
  return `block rounded bg-muted ${still ? '' : 'animate-pulse'} ${className ?? 'h-4 w-24'}`;
}
