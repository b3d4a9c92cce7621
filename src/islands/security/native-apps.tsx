import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import type { NativePlatform } from '../../shared/auth-settings-rules';
import { FieldError, type FieldErrors } from './settings-form';

export interface NativeAppDraft {
  platform: NativePlatform;
  bundleId: string;
  urlScheme: string;
}

/** Native apps: platform, bundle identifier (iOS) or package name (Android) and the URL scheme, one row each. */
export function NativeApps({
  apps,
  errors,
  editable,
  onChange,
}: {
  apps: NativeAppDraft[];
  errors: FieldErrors;
  editable: boolean;
  onChange: (apps: NativeAppDraft[]) => void;
}) {
  const id = useId();
  const set = (i: number, patch: Partial<NativeAppDraft>) =>
    onChange(apps.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <div className="grid gap-3">
      {apps.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No native apps yet: add your iOS or Android app to sign in from it.
        </p>
      )}
      <ul className="grid gap-3">
        {apps.map((app, i) => {
          const idError = errors[`nativeApps.${i}.bundleId`];
          const schemeError = errors[`nativeApps.${i}.urlScheme`];
          const n = i + 1;
          return (
            <li key={i} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[8rem_1fr_1fr_auto]">
              <label className="grid gap-1 text-sm font-medium">
                Platform
                <select
                  aria-label={`Platform of app ${n}`}
                  className={inputClass}
                  value={app.platform}
                  disabled={!editable}
                  onChange={(e) => set(i, { platform: e.target.value as NativePlatform })}
                >
                  <option value="ios">iOS</option>
                  <option value="android">Android</option>
                </select>
              </label>
              <div className="grid content-start gap-1">
                <label htmlFor={`${id}-${i}-id`} className="text-sm font-medium">
                  {app.platform === 'ios' ? 'Bundle identifier' : 'Package name'}
                </label>
                <input
                  id={`${id}-${i}-id`}
                  aria-label={`${app.platform === 'ios' ? 'Bundle identifier' : 'Package name'} of app ${n}`}
                  aria-invalid={idError ? true : undefined}
                  aria-describedby={idError ? `${id}-${i}-id-error` : undefined}
                  className={`${inputClass} font-mono`}
                  value={app.bundleId}
                  readOnly={!editable}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => set(i, { bundleId: e.target.value })}
                />
                <FieldError id={`${id}-${i}-id-error`} message={idError} />
              </div>
              <div className="grid content-start gap-1">
                <label htmlFor={`${id}-${i}-scheme`} className="text-sm font-medium">
                  URL scheme
                </label>
                <input
                  id={`${id}-${i}-scheme`}
                  aria-label={`URL scheme of app ${n}`}
                  aria-invalid={schemeError ? true : undefined}
                  aria-describedby={schemeError ? `${id}-${i}-scheme-error` : undefined}
                  className={`${inputClass} font-mono`}
                  value={app.urlScheme}
                  readOnly={!editable}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => set(i, { urlScheme: e.target.value })}
                />
                <FieldError id={`${id}-${i}-scheme-error`} message={schemeError} />
              </div>
              {editable && (
                <Button
                  variant="ghost"
                  size="toolbar"
                  className="self-end justify-self-start"
                  aria-label={`Remove app ${n}`}
                  title="Remove"
                  onClick={() => onChange(apps.filter((_, j) => j !== i))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {editable && (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onChange([...apps, { platform: 'ios', bundleId: '', urlScheme: '' }])}
          >
            <Plus aria-hidden className="size-4" />
            Add app
          </Button>
        </div>
      )}
    </div>
  );
}
