import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * The box a list's table sits in. The table fits it where it can (cells truncate, data-list.tsx); where it cannot (a
 * phone, many columns chosen) the box scrolls sideways and says so: a shade and an arrow on each side that has more
 * columns, the arrow scrolling that way.
 */
export function TableScroll({ label, busy, children }: { label: string; busy: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    if (el.firstElementChild) resize.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, []);

  const scroll = (dir: 1 | -1) =>
    box.current?.scrollBy({ left: dir * box.current.clientWidth * 0.8, behavior: 'smooth' });
  const cue = (side: 'left' | 'right') => (
    <div
      className={`pointer-events-none absolute inset-y-0 ${side === 'left' ? 'left-0 bg-gradient-to-r' : 'right-0 bg-gradient-to-l'} flex w-10 items-start from-background to-transparent ${side === 'left' ? 'justify-start' : 'justify-end'}`}
    >
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        onClick={() => scroll(side === 'left' ? -1 : 1)}
        className="pointer-events-auto mt-1.5 inline-flex h-6 w-6 items-center justify-center rounded-full border border-border bg-background text-muted-foreground shadow-sm hover:text-foreground"
      >
        {side === 'left' ? <ChevronLeft className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
      </button>
    </div>
  );

  return (
    <div
      className="relative min-w-0 rounded-lg border border-border"
      data-more-left={more.left}
      data-more-right={more.right}
    >
      <div
        ref={box}
        data-table-scroll
        className="relative overflow-x-auto rounded-lg"
        aria-busy={busy}
        aria-label={more.left || more.right ? `${label}: scrolls sideways for more columns` : undefined}
        role={more.left || more.right ? 'region' : undefined}
      >
        {children}
      </div>
      {more.left && cue('left')}
      {more.right && cue('right')}
    </div>
  );
}
