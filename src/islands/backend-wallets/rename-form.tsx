import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import type { BackendWallet } from './types';

/**
 * Renames a backend wallet with its version. A stale save (someone changed it meanwhile) keeps what was typed, reloads
 * the wallet and waits for the newer version before it can be saved again (docs/decisions.md).
 */
export function RenameForm({
  wallet,
  path,
  collection,
  reload,
}: {
  wallet: BackendWallet;
  path: string;
  collection: string;
  reload: () => void;
}) {
  const [name, setName] = useState(wallet.name);
  const [error, setError] = useState<string | undefined>();
  const [staleVersion, setStaleVersion] = useState<number | null>(null);
  const stale = staleVersion !== null && staleVersion === wallet.version;
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!name.trim()) return setError('Give the wallet a name.');
    setBusy(true);
    try {
      await apiWrite<BackendWallet>(path, {
        method: 'PATCH',
        body: { name: name.trim(), version: wallet.version },
        pending: 'Renaming backend wallet…',
        done: 'Backend wallet renamed',
        invalidate: [collection],
      });
      setStaleVersion(null);
    } catch (e) {
      if (!(e instanceof ApiRequestError)) return;
      if (e.status === 409) {
        setStaleVersion(wallet.version);
        reload();
      } else setError(e.fieldErrors.name ?? e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field
        label="Name"
        value={name}
        maxLength={100}
        autoComplete="off"
        error={error}
        onChange={(e) => (setName(e.target.value), setError(undefined))}
      />
      <div>
        <Button type="submit" size="sm" variant="outline" disabled={busy || stale || name.trim() === wallet.name}>
          Save name
        </Button>
      </div>
      {staleVersion !== null && (
        <p
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          This wallet was changed by someone else since you opened it. Your text is kept;
          {stale ? ' loading the latest version…' : ' save again to apply it to the latest version.'}
        </p>
      )}
    </form>
  );
}
