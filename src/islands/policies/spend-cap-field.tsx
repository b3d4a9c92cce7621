import type { ReactNode } from 'react';
import { Field } from '../../components/ui/field';

/** The cap as the API takes it: empty is none; text that is no number is sent as is, so the API's message shows. */
export function capOf(text: string): number | string | null {
  const t = text.trim().replace(/^\$/, '');
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** The policy's monthly spend cap (USD, empty: none), as the create dialog and the settings tab edit it. */
export function SpendCapField({
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Field
      label="Monthly spend cap (USD)"
      inputMode="decimal"
      placeholder="No cap"
      value={value}
      disabled={disabled}
      error={error}
      hint={hint}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
