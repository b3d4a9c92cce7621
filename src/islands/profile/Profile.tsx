import { useEffect, useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';
import { startSession, $user } from '../../stores/session';
import { NewPasswordForm } from '../auth/NewPasswordForm';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { Card } from './card';
import { NameForm } from './name-form';
import { MfaCard } from './mfa-card';
import { fail } from './auth-error-message';
import { loginPathWithNotice } from '../../shared/login-notices';

async function signOut(scope: 'local' | 'global') {
  const { error } = await supabase().auth.signOut({ scope });
  if (error) {
    toast.error(fail(error));
    throw error;
  }
  location.assign(scope === 'global' ? loginPathWithNotice('signed_out_everywhere') : '/auth/login');
}

/** /profile: account details, password, MFA factors and sessions. */
export default function Profile() {
  const [user, setUser] = useState<User | null | undefined>(undefined);

  useEffect(() => {
    startSession();
    return $user.subscribe(setUser);
  }, []);

  if (!user) return <p className="text-sm text-muted-foreground">Loading your profile…</p>;
  return (
    <div className="grid gap-6">
      <Card title="Account">
        <NameForm user={user} />
      </Card>
      <Card title="Password" description="8 to 72 characters. Changing it signs out your other sessions.">
        <div className="sm:max-w-md">
          <NewPasswordForm submit="Change password" onDone={() => toast.success('Password changed')} />
        </div>
      </Card>
      <MfaCard user={user} />
      <Card title="Sessions" description="Signing out of every device also ends this session.">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => void signOut('local').catch(() => undefined)}>
            Sign out
          </Button>
          <ConfirmDialog
            trigger={<Button variant="destructive">Sign out of every device</Button>}
            title="Sign out of every device?"
            description="Every browser and app signed in to your account, this one included, will have to sign in again."
            confirmLabel="Sign out everywhere"
            destructive
            onConfirm={() => signOut('global')}
          />
        </div>
      </Card>
    </div>
  );
}
