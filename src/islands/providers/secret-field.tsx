import { useId, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { FieldError } from '../security/settings-form';

/**
 * A write-only secret: once stored, only its hint (`••••a1b2`) and "Replace" are shown, never the value; typing a new
 * one sends it with the next save. Roles that cannot edit see the hint only.
 */
export function SecretField({
  label,
  hint,
  value,
  error,
  editable,
  onChange,
}: {
  label: string;
  hint: string | null;
  value: string;
  error?: string;
  editable: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [replacing, setReplacing] = useState(false);
  if (hint && !replacing && !value)
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id={`${id}-label`}>
          {label}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="inline-flex items-center gap-1.5 rounded-md border border-border bg-muted/40 px-2 py-1 font-mono text-sm"
            aria-labelledby={`${id}-label`}
            data-secret-hint
          >
            <KeyRound aria-hidden className="size-3.5 text-muted-foreground" />
            {hint}
          </span>
          {editable && (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Replace ${label.toLowerCase()}`}
              onClick={() => setReplacing(true)}
            >
              Replace
            </Button>
          )}
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  if (!editable)
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-sm text-muted-foreground">Not set</span>
      </div>
    );
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          className={`${inputClass} font-mono`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
        />
        {hint && (
          <Button
            variant="ghost"
            size="toolbar"
            onClick={() => {
              onChange('');
              setReplacing(false);
            }}
          >
            Keep stored
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Write-only: after saving, only its last 4 characters are shown.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
