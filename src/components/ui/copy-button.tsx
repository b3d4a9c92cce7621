import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { shorten } from '../../lib/shorten';

export { shorten };

/** A small button that copies `value` (an id, address or hash) and says so; `label` names what is copied. */
export function CopyButton({ value, label, size = 'sm' }: { value: string; label: string; size?: 'sm' | 'md' }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground',
        size === 'sm' ? 'h-6 w-6' : 'h-8 w-8',
      )}
      onClick={(event) => {
        event.stopPropagation();
        navigator.clipboard.writeText(value).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
            toast.success(`${label[0]!.toUpperCase()}${label.slice(1)} copied`);
          },
          () => toast.error(`Could not copy the ${label}`),
        );
      }}
    >
      {copied ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Copy className="h-3.5 w-3.5" aria-hidden />}
    </button>
  );
}

/** An id, address or hash in monospace, shortened in the middle, with its copy button. */
export function CopyText({
  value,
  label,
  short = true,
  href,
}: {
  value: string;
  label: string;
  short?: boolean;
  href?: string | null;
}) {
  const text = short ? shorten(value) : value;
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      {href ? (
        <a
          href={href}
          className="truncate font-mono text-xs hover:underline"
          title={value}
          onClick={(e) => e.stopPropagation()}
        >
          {text}
        </a>
      ) : (
        <span className="truncate font-mono text-xs" title={value}>
          {text}
        </span>
      )}
      <CopyButton value={value} label={label} />
    </span>
  );
}
