import { useId } from 'react';
import { TOPIC_GROUPS, type Topic } from './types';

/** The topics a webhook subscribes to: checkboxes by group, with the API's message for `topics` under them. */
export function TopicsField({
  value,
  onChange,
  error,
}: {
  value: readonly Topic[];
  onChange: (topics: Topic[]) => void;
  error?: string;
}) {
  const id = useId();
  const all = TOPIC_GROUPS.flatMap((g) => g.topics);
  const toggle = (t: Topic) => onChange(value.includes(t) ? value.filter((v) => v !== t) : [...value, t]);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={!!error}>
      <legend className="mb-1 flex w-full items-center justify-between text-sm font-medium">
        Topics
        <button
          type="button"
          className="text-xs font-normal text-primary hover:underline"
          onClick={() => onChange(value.length === all.length ? [] : [...all])}
        >
          {value.length === all.length ? 'Clear all' : 'Select all'}
        </button>
      </legend>
      <div className="grid max-h-72 gap-3 overflow-y-auto rounded-md border border-border p-3">
        {TOPIC_GROUPS.map((g) => (
          <div key={g.label} className="grid content-start gap-1.5">
            <p className="text-xs font-medium text-muted-foreground">{g.label}</p>
            {g.topics.map((t) => (
              <label key={t} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4" checked={value.includes(t)} onChange={() => toggle(t)} />
                <span className="font-mono text-xs">{t}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
