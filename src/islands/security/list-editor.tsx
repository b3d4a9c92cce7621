import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { FieldError, type FieldErrors } from './settings-form';

/**
 * A list of text entries (allowed origins, authorized networks): one labelled input per entry ("Origin 1"), its
 * message under it (errors keyed `<name>.<index>`), remove and add buttons for those who may edit.
 */
export function ListEditor({
  name,
  itemLabel,
  addLabel,
  empty,
  values,
  errors,
  editable,
  inputMode,
  onChange,
}: {
  name: string;
  itemLabel: string;
  addLabel: string;
  empty: string;
  values: string[];
  errors: FieldErrors;
  editable: boolean;
  inputMode?: 'url' | 'text';
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      {values.length === 0 && <p className="text-sm text-muted-foreground">{empty}</p>}
      <ul className="grid gap-2">
        {values.map((value, i) => {
          const error = errors[`${name}.${i}`];
          return (
            <li key={i} className="grid gap-1">
              <div className="flex items-center gap-2">
                <input
                  aria-label={`${itemLabel} ${i + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${i}-error` : undefined}
                  className={`${inputClass} font-mono`}
                  value={value}
                  readOnly={!editable}
                  inputMode={inputMode}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
                />
                {editable && (
                  <Button
                    variant="ghost"
                    size="toolbar"
                    aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
                    title="Remove"
                    onClick={() => onChange(values.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                )}
              </div>
              <FieldError id={`${id}-${i}-error`} message={error} />
            </li>
          );
        })}
      </ul>
      {editable && (
        <div>
          <Button variant="outline" size="sm" onClick={() => onChange([...values, ''])}>
            <Plus aria-hidden className="size-4" />
            {addLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
