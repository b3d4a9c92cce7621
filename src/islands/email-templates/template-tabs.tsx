import { useRef, type KeyboardEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';
import { EMAIL_TEMPLATE_KINDS, EMAIL_TEMPLATES, type EmailTemplateKind } from '../../shared/email-templates';

export const tabId = (kind: EmailTemplateKind) => `tab-${kind}`;
export const panelId = (kind: EmailTemplateKind) => `panel-${kind}`;

/** The four templates as tabs (arrow keys, Home and End move between them); a tab with an error says so. */
export function TemplateTabs({
  selected,
  invalid,
  onSelect,
}: {
  selected: EmailTemplateKind;
  invalid: ReadonlySet<EmailTemplateKind>;
  onSelect: (kind: EmailTemplateKind) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  function onKeyDown(e: KeyboardEvent) {
    const i = EMAIL_TEMPLATE_KINDS.indexOf(selected);
    const n = EMAIL_TEMPLATE_KINDS.length;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const kind = EMAIL_TEMPLATE_KINDS[next]!;
    onSelect(kind);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`#${tabId(kind)}`)?.focus());
  }
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Templates"
      className="grid grid-cols-2 gap-1 border-b border-border sm:flex"
      onKeyDown={onKeyDown}
    >
      {EMAIL_TEMPLATE_KINDS.map((kind) => {
        const active = kind === selected;
        return (
          <button
            key={kind}
            id={tabId(kind)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(kind)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(kind)}
            className={cn(
              '-mb-px inline-flex shrink-0 items-center justify-center gap-1.5 sm:justify-start border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-primary',
              active
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {EMAIL_TEMPLATES[kind].label}
            {invalid.has(kind) && (
              <>
                <CircleAlert aria-hidden className="size-3.5 text-destructive" />
                <span className="sr-only">(has errors)</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
