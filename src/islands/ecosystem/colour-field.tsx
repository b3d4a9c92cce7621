import { Field } from '../../components/ui/field';
import { isHexColor } from '../../shared/ecosystem';

/** A #rrggbb colour: typed (the error at the field) or picked with the browser's colour picker. */
export function ColourField({
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  label: string;
  value: string;
  /** What the picker shows while the typed value is not a colour. */
  fallback: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const swatch = isHexColor(value.trim()) ? value.trim().toLowerCase() : fallback.toLowerCase();
  return (
    <div className="flex items-start gap-2">
      <input
        type="color"
        aria-label={`${label}: picker`}
        value={swatch}
        onChange={(e) => onChange(e.target.value)}
        className="mt-6 h-9 w-11 shrink-0 cursor-pointer rounded-md border border-border bg-background p-1"
      />
      <Field
        className="min-w-0 flex-1"
        label={label}
        value={value}
        error={error}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        hint="A #rrggbb colour"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
