import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { recognize, type SearchKind } from '../../shared/object-paths';

const KIND_LABEL: Record<SearchKind, string> = {
  id: 'an id',
  address: 'an address',
  txHash: 'a transaction hash',
  email: 'an email',
  name: 'a name',
};

/**
 * One search box that recognises what is typed (an id with its prefix, an address, a transaction hash, an email or
 * a name) and says what it will do before Enter; `onSearch` returns an error message when this list cannot use it.
 */
export function SearchBox({
  placeholder,
  accepts,
  onSearch,
  active,
  onClear,
  nameLabel = 'a name',
}: {
  placeholder: string;
  /** What a free-text search means in this list ("a name", "an action"). */
  nameLabel?: string;
  /** The kinds this list searches by (others may still be handled, e.g. ids open the object). */
  accepts: readonly SearchKind[];
  onSearch: (text: string) => string | null;
  /** A search is applied (shows the clear button). */
  active: boolean;
  onClear: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kind = recognize(text)?.kind;
  const label = (k: SearchKind) => (k === 'name' ? nameLabel : KIND_LABEL[k]);
  const hint = kind ? `Searching by ${label(kind)}` : `Search by ${accepts.map(label).join(', ')}`;
  return (
    <form
      role="search"
      className="relative w-full max-w-sm"
      onSubmit={(e) => {
        e.preventDefault();
        setError(onSearch(text));
      }}
    >
      <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-muted-foreground" aria-hidden />
      <input
        type="search"
        value={text}
        aria-label={placeholder}
        aria-describedby="list-search-hint"
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        onChange={(e) => (setText(e.target.value), setError(null))}
        className="h-9 w-full rounded-md border border-border bg-background pr-8 pl-8 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary aria-[invalid=true]:border-destructive"
      />
      {(active || text) && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => (setText(''), setError(null), onClear())}
          className="absolute top-1.5 right-1.5 inline-flex h-6 w-6 items-center justify-center rounded hover:bg-muted"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      )}
      <p id="list-search-hint" className={`mt-1 text-xs ${error ? 'text-destructive' : 'text-muted-foreground'}`}>
        {error ?? hint}
      </p>
    </form>
  );
}
