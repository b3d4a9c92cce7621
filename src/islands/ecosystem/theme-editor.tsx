import { CircleCheck, RotateCcw, TriangleAlert } from 'lucide-react';
import type { EcosystemSettings } from '../../shared/api/ecosystem';
import { ECOSYSTEM_THEME_DEFAULTS, FAVICON_ENDINGS, isHexColor } from '../../shared/ecosystem';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CardSection } from '../shared/card-section';
import { ColourField } from './colour-field';
import { contrastRatio, formatRatio, nearestPassingForeground, WCAG_AA_TEXT } from '../../shared/contrast';
import type { Draft, ThemeField } from './draft';

/**
 * Primary colour against its foreground: under WCAG AA for text (4.5:1) the theme cannot be saved (the API refuses
 * it with the same rule, src/shared/contrast.ts), and the nearest foreground that passes is one click away.
 */
function ContrastCheck({
  primary,
  foreground,
  onFix,
}: {
  primary: string;
  foreground: string;
  onFix: (foreground: string) => void;
}) {
  const ok = isHexColor(primary) && isHexColor(foreground);
  const ratio = ok ? contrastRatio(primary, foreground) : null;
  const nearest = ratio !== null && ratio < WCAG_AA_TEXT ? nearestPassingForeground(primary, foreground) : null;
  return (
    <div aria-live="polite" className="grid gap-2 text-sm" data-testid="contrast">
      {ratio === null ? (
        <p className="text-muted-foreground">Contrast is checked once both colours are #rrggbb colours.</p>
      ) : nearest ? (
        <>
          <p className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
            <span>
              Contrast {formatRatio(ratio)} is below WCAG AA (4.5:1): text on the primary colour would be hard to read,
              so this theme cannot be saved.
            </span>
          </p>
          <div>
            <Button variant="outline" size="sm" onClick={() => onFix(nearest)}>
              <span
                className="h-3.5 w-3.5 rounded-sm border border-border"
                style={{ background: nearest }}
                aria-hidden
              />
              Use {nearest} for text on primary
            </Button>
          </div>
        </>
      ) : (
        <p className="flex items-start gap-2">
          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span>Contrast {formatRatio(ratio)} meets WCAG AA for text (4.5:1).</span>
        </p>
      )}
    </div>
  );
}

/** A small sample of themed controls (the whole dashboard wears the preview too). */
function Sample() {
  return (
    <div className="grid content-start gap-3 rounded-lg border border-border bg-background p-4" aria-hidden>
      <p className="text-sm font-medium">Sample</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex h-9 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">
          Connect wallet
        </span>
        <span className="inline-flex h-9 items-center rounded-md border border-border px-4 text-sm">Cancel</span>
      </div>
      <div className="rounded-lg border border-border p-3 text-sm">
        <span className="font-medium text-primary">Signed in</span> as user@example.com
      </div>
    </div>
  );
}

/** Colours, radius and favicon, previewed on the dashboard as they are typed; reset goes back to the defaults. */
export function ThemeEditor({
  theme,
  saved,
  errors,
  onChange,
}: {
  theme: Draft['theme'];
  /** The theme as stored on the server (what the colour pickers show while a typed value is not a colour). */
  saved: EcosystemSettings['theme'];
  errors: Record<string, string>;
  onChange: (field: ThemeField, value: string) => void;
}) {
  const isDefault =
    theme.primaryColor === ECOSYSTEM_THEME_DEFAULTS.primaryColor &&
    theme.primaryColorForeground === ECOSYSTEM_THEME_DEFAULTS.primaryColorForeground &&
    theme.radius === ECOSYSTEM_THEME_DEFAULTS.radius &&
    theme.faviconUrl === '';
  return (
    <CardSection
      title="Theme"
      description="The dashboard previews your changes as you type. Saving keeps them for this ecosystem and this browser."
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={isDefault}
          onClick={() => {
            onChange('primaryColor', ECOSYSTEM_THEME_DEFAULTS.primaryColor);
            onChange('primaryColorForeground', ECOSYSTEM_THEME_DEFAULTS.primaryColorForeground);
            onChange('radius', ECOSYSTEM_THEME_DEFAULTS.radius);
            onChange('faviconUrl', '');
          }}
        >
          <RotateCcw className="h-4 w-4" aria-hidden /> Reset to default
        </Button>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,18rem)]">
        <div className="grid content-start gap-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <ColourField
              label="Primary colour"
              value={theme.primaryColor}
              fallback={saved.primaryColor}
              error={errors['theme.primaryColor']}
              onChange={(v) => onChange('primaryColor', v)}
            />
            <ColourField
              label="Text on primary"
              value={theme.primaryColorForeground}
              fallback={saved.primaryColorForeground}
              error={errors['theme.primaryColorForeground']}
              onChange={(v) => onChange('primaryColorForeground', v)}
            />
          </div>
          <ContrastCheck
            primary={theme.primaryColor.trim()}
            foreground={theme.primaryColorForeground.trim()}
            onFix={(v) => onChange('primaryColorForeground', v)}
          />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label="Corner radius"
              value={theme.radius}
              error={errors['theme.radius']}
              hint="In px or rem, such as 8px or 0.5rem"
              maxLength={10}
              autoComplete="off"
              onChange={(e) => onChange('radius', e.target.value)}
            />
            <Field
              label="Favicon URL"
              type="url"
              inputMode="url"
              value={theme.faviconUrl}
              error={errors['theme.faviconUrl']}
              hint={`https, ending in ${FAVICON_ENDINGS.join(', ')}`}
              maxLength={2048}
              autoComplete="off"
              onChange={(e) => onChange('faviconUrl', e.target.value)}
            />
          </div>
        </div>
        <Sample />
      </div>
    </CardSection>
  );
}
