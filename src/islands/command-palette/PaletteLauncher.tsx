import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PALETTE_EVENT, type PaletteScope } from './open-palette';

// The palette (cmdk and its lists) loads on first use, so it weighs nothing before interaction.
const load = () => import('./command-palette');
const CommandPalette = lazy(load);

/** The header's search button and the Ctrl K / ⌘ K shortcut; the project switcher opens the same palette. */
export function PaletteLauncher() {
  const [state, setState] = useState<{ open: boolean; scope: PaletteScope; used: boolean }>({
    open: false,
    scope: 'all',
    used: false,
  });
  const show = (scope: PaletteScope) => setState({ open: true, scope, used: true });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey) {
        e.preventDefault();
        setState((s) => ({ open: !s.open, scope: 'all', used: true }));
      }
    };
    const onOpen = (e: Event) => show((e as CustomEvent<PaletteScope>).detail ?? 'all');
    window.addEventListener('keydown', onKey);
    window.addEventListener(PALETTE_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(PALETTE_EVENT, onOpen);
    };
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => show('all')}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex h-8 items-center gap-2 rounded-md border border-border px-2 text-sm whitespace-nowrap text-muted-foreground hover:bg-muted sm:w-60"
      >
        <Search className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Search or go to…</span>
        <span className="sr-only sm:hidden">Search or go to</span>
        <kbd className="ml-auto hidden rounded border border-border px-1.5 text-xs sm:inline">Ctrl K</kbd>
      </button>
      {state.used && (
        <Suspense fallback={null}>
          <CommandPalette
            open={state.open}
            scope={state.scope}
            onOpenChange={(open) => setState((s) => ({ ...s, open }))}
          />
        </Suspense>
      )}
    </>
  );
}

export default PaletteLauncher;
