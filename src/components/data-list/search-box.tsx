import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { recognize, type SearchKind } from '../../shared/object-paths';

const KIND_LABEL: Record<SearchKind, string> = {
  id: 'an id',
  address: 'an address',
  txHash: 'a transaction hash',
  hex: 'part of an address or hash',
  email: 'an email',
  name: 'a name',
};

/** How long typing pauses before the list searches (docs/architecture.md "The list experience"). */
export const SEARCH_DEBOUNCE_MS = 250;

/** What the list made of a search: applied (null), or a message (a hint while typing, an error after Enter). */
export type SearchOutcome = string | null;

/**
 * One search box that recognises what is typed (an id with its prefix, an address or part of one, a transaction hash,
 * an email or a name) and says what it will do; it searches as you type (after a 250 ms pause) and at once on Enter.
 * `onSearch(text, typing)` returns a message when this list cannot use it (yet). One clear button: the browser's own
 * clear control of `type=search` is hidden.
 */
export function SearchBox({
  placeholder,
  accepts,
  onSearch,
  active,
  value,
  onClear,
  labels = {},
}: {
  placeholder: string;
  /** What a kind means in this list ("a name", "part of an address"). */
  labels?: Partial<Record<SearchKind, string>>;
  /** The kinds this list searches by (others may still be handled, e.g. ids open the object). */
  accepts: readonly SearchKind[];
  onSearch: (text: string, typing: boolean) => SearchOutcome;
  /** A search is applied (shows the clear button). */
  active: boolean;
  /** The applied search's text (from the URL): shown in the box, followed when the URL changes. */
  value: string;
  onClear: () => void;
}) {
  // Two lists on one page (the projects home and its trash) each have their own hint.
  const hintId = useId();
  const [text, setText] = useState(value);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const typed = useRef(false);
  // The list's callbacks change with every render of the list: the pending search uses the latest.
  const latest = useRef({ onSearch, onClear, active });
  useEffect(() => {
    latest.current = { onSearch, onClear, active };
  });

  // Back/forward or a link changed the applied search: show it (not while the user's typing waits to be applied).
  useEffect(() => {
    if (!typed.current || document.activeElement !== input.current) setText(value);
  }, [value]);

  // Search as you type: after a pause, the list applies the text (the URL follows with a history replace).
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      // Enter or the clear button applied it already: a late pause must not apply it again (after a back, say).
      if (!typed.current) return;
      typed.current = false;
      const list = latest.current;
      if (!text.trim()) {
        if (list.active) list.onClear();
        setMessage(null);
        return;
      }
      const outcome = list.onSearch(text, true);
      setMessage(outcome ? { text: outcome, error: false } : null);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const kind = recognize(text)?.kind;
  const label = (k: SearchKind) => labels[k] ?? KIND_LABEL[k];
  const hint = kind ? `Searching by ${label(kind)}` : `Search by ${accepts.map(label).join(', ')}`;
  return (
    <form
      role="search"
      className="relative w-full max-w-sm"
      onSubmit={(e) => {
        e.preventDefault();
        typed.current = false;
        const outcome = text.trim() ? onSearch(text, false) : (active && onClear(), null);
        setMessage(outcome ? { text: outcome, error: true } : null);
      }}
    >
      <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-muted-foreground" aria-hidden />
      <input
        ref={input}
        type="search"
        value={text}
        aria-label={placeholder}
        aria-describedby={hintId}
        aria-invalid={message?.error ? true : undefined}
        placeholder={placeholder}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value);
          setMessage(null);
        }}
        className="h-9 w-full rounded-md border border-border bg-background pr-8 pl-8 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary aria-[invalid=true]:border-destructive [&::-webkit-search-cancel-button]:hidden"
      />
      {(active || text) && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            typed.current = false;
            setText('');
            setMessage(null);
            onClear();
            input.current?.focus();
          }}
          className="absolute top-1.5 right-1.5 inline-flex h-6 w-6 items-center justify-center rounded hover:bg-muted"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      )}
      <p
        id={hintId}
        aria-live="polite"
        className={`mt-1 text-xs ${message?.error ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        {message?.text ?? hint}
      </p>
    </form>
  );
}
