import { useCallback, useEffect, useState } from 'react';
import type { Factor, User } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import { Notice } from '../auth/form-ui';
import { Card } from './card';
import { EnrollTotp } from './enroll-totp';
import { FactorTable } from './factor-table';
import { storedFactorNames } from './factor-names';
import { fail } from './fail';

/** Two-factor authentication: the factor list (rename, remove) and adding an authenticator app. */
export function MfaCard({ user }: { user: User }) {
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const { data, error: listError } = await supabase().auth.mfa.listFactors();
    if (listError) return setError(fail(listError));
    setFactors(data.all);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const names = storedFactorNames(user.user_metadata);
  return (
    <Card title="Two-factor authentication" description="Ask for a code from an authenticator app when you sign in.">
      {error && <Notice kind="error">{error}</Notice>}
      {factors === null ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : factors.length === 0 ? (
        <p className="text-sm text-muted-foreground">No authenticator app is set up.</p>
      ) : (
        <FactorTable factors={factors} names={names} onError={setError} onChange={load} />
      )}
      {factors !== null && <EnrollTotp factors={factors} onError={setError} onChange={load} />}
    </Card>
  );
}
