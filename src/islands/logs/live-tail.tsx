import { Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { invalidatePaths } from '../../lib/query';

/** How often the live tail asks for new entries. */
export const TAIL_EVERY_MS = 3000;

/**
 * The live tail: while on (and the tab is visible), the list and the chart are asked again every 3 s, so new
 * requests appear at the top; `tick` changes with each round (the chart's range ends "now"). Pause stops it.
 */
export function useLiveTail(apiPath: string | null, enabled: boolean): { live: boolean; tick: number; toggle(): void } {
  const [live, setLive] = useState(true);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!apiPath || !live || !enabled) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      setTick(Date.now());
      invalidatePaths(apiPath);
    }, TAIL_EVERY_MS);
    return () => clearInterval(timer);
  }, [apiPath, live, enabled]);
  return { live: live && enabled, tick, toggle: () => setLive((v) => !v) };
}

export function LiveTailButton({ live, enabled, onToggle }: { live: boolean; enabled: boolean; onToggle(): void }) {
  if (!enabled)
    return (
      <span
        className="text-xs text-muted-foreground"
        title="The live tail follows page 1, newest first, without an end time"
      >
        Live tail off for this view
      </span>
    );
  return (
    <Button size="toolbar" variant="outline" onClick={onToggle} aria-pressed={!live}>
      {live ? (
        <>
          <span className="relative flex h-2 w-2" aria-hidden>
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-500 opacity-60 motion-reduce:animate-none" />
            <span className="relative inline-flex h-2 w-2 rounded-full bg-emerald-500" />
          </span>
          <Pause className="h-4 w-4" aria-hidden /> Pause live tail
        </>
      ) : (
        <>
          <Play className="h-4 w-4" aria-hidden /> Resume live tail
        </>
      )}
    </Button>
  );
}
