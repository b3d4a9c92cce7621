import { useCallback, useEffect, useState } from 'react';
import type { Factor, User } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import { Notice } from '../auth/form-ui';
import { Card } from './card';
import { EnrollTotp } from './enroll-totp';
import { FactorTable } from './factor-table';
import { storedFactorNames } from './factor-names';
import { fail } from './auth-error-message';

/** Two-factor authentication: the factor list (rename, remove) and adding an authenticator app. */
export function MfaCard({ user }: { user: User }) {
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [loads, setLoads] = useState(0);
  // Bumping `loads` lists the factors again; the list call's answer is applied only if still current.
  const load = useCallback(async () => setLoads((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    void supabase()
      .auth.mfa.listFactors()
      .then(({ data, error: listError }) => {
        if (!current) return;
        if (listError) setError(fail(listError));
        else setFactors(data.all);
      });
    return () => {
      current = false;
    };
  }, [loads]);

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
