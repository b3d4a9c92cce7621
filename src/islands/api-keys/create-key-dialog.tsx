import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ApiKeyWithSecret } from '../../shared/api/api-keys';
import { KEY_COLLECTIONS, KEY_READ_ONLY_COLLECTIONS } from '../../shared/api/collections';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';

type Access = 'none' | 'read' | 'write';
const PRESETS = [
  { id: 'full', label: 'Full access', detail: 'Read and write every collection a key may use.' },
  { id: 'read', label: 'Read only', detail: 'Every read a key may make, no writes.' },
  { id: 'custom', label: 'Custom', detail: 'Choose per collection.' },
] as const;

/** The scopes a preset or a per-collection choice stands for (docs/api.md "Secret-key scopes"). */
export function scopesOf(preset: (typeof PRESETS)[number]['id'], custom: Readonly<Record<string, Access>>): string[] {
  if (preset === 'full') return ['read', 'write'];
  if (preset === 'read') return ['read'];
  return Object.entries(custom)
    .filter(([, a]) => a !== 'none')
    .map(([c, a]) => `${c}:${a}`);
}

/** Create a key: name, type and (for secret keys) scopes; the new secret is handed to `onCreated`, shown once. */
export function CreateKeyDialog({
  collectionPath,
  mode,
  onCreated,
}: {
  collectionPath: string;
  mode: 'live' | 'test';
  onCreated: (key: ApiKeyWithSecret) => void;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [type, setType] = useState<'secret' | 'publishable'>('secret');
  const [preset, setPreset] = useState<(typeof PRESETS)[number]['id']>('full');
  const [custom, setCustom] = useState<Record<string, Access>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    setErrors({});
    try {
      const key = await apiWrite<ApiKeyWithSecret>(collectionPath, {
        method: 'POST',
        body: { name: name.trim(), type, ...(type === 'secret' ? { scopes: scopesOf(preset, custom) } : {}) },
        pending: 'Creating key…',
        done: `Key “${name.trim()}” created`,
        invalidate: [collectionPath],
      });
      setOpen(false);
      setName('');
      onCreated(key);
    } catch (e) {
      if (e instanceof ApiRequestError) setErrors({ ...e.fieldErrors, '': e.fieldErrors[''] ?? '' });
    } finally {
      setBusy(false);
    }
  }

  const collections = [...KEY_COLLECTIONS, ...KEY_READ_ONLY_COLLECTIONS];
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Create a ${mode} key`}
      description="Secret keys act on this project and mode only, with the scopes you choose."
      trigger={
        <Button size="toolbar">
          <Plus className="h-4 w-4" aria-hidden /> Create key
        </Button>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Field
          label="Name"
          value={name}
          maxLength={100}
          required
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Game server"
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Type</legend>
          {(['secret', 'publishable'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input type="radio" name="type" checked={type === t} onChange={() => setType(t)} />
              {t === 'secret' ? 'Secret key (server side)' : 'Publishable key (in your app)'}
            </label>
          ))}
        </fieldset>
        {type === 'secret' && (
          <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'scopes-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Scopes</legend>
            {PRESETS.map((p) => (
              <label key={p.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="preset"
                  className="mt-1"
                  checked={preset === p.id}
                  onChange={() => setPreset(p.id)}
                />
                <span>
                  {p.label} <span className="text-muted-foreground">— {p.detail}</span>
                </span>
              </label>
            ))}
            {preset === 'custom' && (
              <div className="grid max-h-56 gap-1 overflow-y-auto rounded-md border border-border p-2">
                {/* One column of names and one of equal-width choices (inputClass is full width: the box sets it). */}
                {collections.map((c) => (
                  <label key={c} className="flex items-center gap-3 text-sm">
                    <span className="min-w-0 flex-1 truncate font-mono text-xs" title={c}>
                      {c}
                    </span>
                    <span className="w-28 shrink-0">
                      <select
                        value={custom[c] ?? 'none'}
                        onChange={(e) => setCustom({ ...custom, [c]: e.target.value as Access })}
                        className={inputClass}
                        aria-label={`Access to ${c}`}
                      >
                        <option value="none">None</option>
                        <option value="read">Read</option>
                        {(KEY_COLLECTIONS as readonly string[]).includes(c) && <option value="write">Write</option>}
                      </select>
                    </span>
                  </label>
                ))}
              </div>
            )}
            {errors.scopes && (
              <p id="scopes-error" className="text-xs text-destructive">
                {errors.scopes}
              </p>
            )}
          </fieldset>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Create key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
