import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field, Notice, Submit, auth } from './form-ui';
import { authErrorMessage } from './errors';
import { storedSession } from '../../page-scripts/auth-gate';

export const TEAM_ROLES = ['Founder / executive', 'Engineering', 'Product', 'Design', 'Operations', 'Other'] as const;

interface Info {
  first_name: string;
  last_name: string;
  company: string;
  role: string;
}

const EMPTY: Info = { first_name: '', last_name: '', company: '', role: '' };

/** /auth/user-info: name, company and role in the team, saved to the user's metadata. */
export default function UserInfoForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!storedSession()) return location.replace('/auth/login?redirectTo=%2Fauth%2Fuser-info');
    void (async () => {
      const { client } = await auth();
      const { data } = await client.auth.getSession();
      const meta = (data.session?.user.user_metadata ?? {}) as Partial<Record<keyof Info, unknown>>;
      // Uncontrolled fields: what the user typed before hydration stays; saved values only fill empty fields.
      for (const key of Object.keys(EMPTY) as (keyof Info)[]) {
        const field = formRef.current?.elements.namedItem(key) as HTMLInputElement | HTMLSelectElement | null;
        if (field && !field.value && typeof meta[key] === 'string') field.value = meta[key];
      }
    })();
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(
      Object.keys(EMPTY).map((k) => [k, String(new FormData(event.currentTarget).get(k) ?? '').trim()]),
    ) as unknown as Info;
    setError(null);
    if (!data.first_name || !data.last_name) return setError('Enter your first and last name.');
    setBusy(true);
    try {
      const { client, lastRetryAfter } = await auth();
      const { error: updateError } = await client.auth.updateUser({ data: { ...data } });
      if (updateError) return setError(authErrorMessage(updateError, lastRetryAfter()));
      location.assign('/');
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const bind = (key: keyof Info) => ({ name: key, defaultValue: '' });

  return (
    <form ref={formRef} method="post" className="mt-4 grid gap-4" onSubmit={onSubmit} noValidate>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid grid-cols-2 gap-3">
        <Field label="First name" autoComplete="given-name" required {...bind('first_name')} />
        <Field label="Last name" autoComplete="family-name" required {...bind('last_name')} />
      </div>
      <Field label="Company" autoComplete="organization" {...bind('company')} />
      <div className="grid gap-1.5">
        <label htmlFor="user-info-role" className="text-sm font-medium">
          Role in the team
        </label>
        <select
          id="user-info-role"
          className="h-10 rounded-md border border-border bg-background px-3 text-sm"
          {...bind('role')}
        >
          <option value="">Choose…</option>
          {TEAM_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <Submit busy={busy} busyLabel="Saving…">
        Continue
      </Submit>
    </form>
  );
}
