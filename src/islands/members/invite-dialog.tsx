import { CircleAlert, CircleCheck, Info, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Role } from '../../shared/api/common';
import type { Member } from '../../shared/api/projects';
import { MAX_INVITES_AT_ONCE, MEMBER_ROLES } from '../../shared/api/member-list';
import { canManageRole } from '../../shared/api/permissions';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { inputClass } from '../../components/ui/field';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { invalidatePaths } from '../../lib/query';
import { toast } from '../../lib/toast';
import { ROLE_DETAIL, ROLE_LABEL } from './member-labels';
import { inviteOutcome, savedWithoutEmail, single, summary, type Outcome } from './invite-outcome';

/** The addresses typed (separated by commas, spaces or lines), lower case, each once. */
export function parseAddresses(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const textareaClass =
  'min-h-24 w-full rounded-md border border-border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary aria-[invalid=true]:border-destructive';

/**
 * Invite up to 10 addresses with one role. Each address is one request (docs/decisions.md), so each gets its own
 * answer: sent; an existing account (Supabase sends no email); or the API's message, kept at the field with the
 * address, which stays typed for another try.
 */
export function InviteDialog({ projectId, myRole }: { projectId: string; myRole: Role }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [busy, setBusy] = useState(false);
  const roles = MEMBER_ROLES.filter((r) => canManageRole(myRole, r));
  const failed = outcomes.filter((o) => o.kind === 'failed');

  async function send() {
    const addresses = parseAddresses(text);
    setOutcomes([]);
    if (!addresses.length) return setFieldError('Enter at least one email address.');
    if (addresses.length > MAX_INVITES_AT_ONCE)
      return setFieldError(
        `Invite at most ${MAX_INVITES_AT_ONCE} addresses at once (there are ${addresses.length}). Send the rest next.`,
      );
    setFieldError(undefined);
    setBusy(true);
    const many = addresses.length > 1;
    const toastId = toast.loading(many ? `Sending ${addresses.length} invites…` : `Inviting ${addresses[0]}…`);
    const results: Outcome[] = [];
    for (const email of addresses) {
      try {
        const m = await apiRequest<Member>(`/projects/${projectId}/members`, {
          method: 'POST',
          body: { email, role },
        });
        results.push(inviteOutcome(email, m));
      } catch (e) {
        const saved = e instanceof ApiRequestError ? savedWithoutEmail(email, e) : null;
        const message =
          e instanceof ApiRequestError
            ? (e.fieldErrors.email ?? e.message)
            : 'Something went wrong. Try again in a moment.';
        results.push(saved ?? { email, kind: 'failed', message });
      }
    }
    invalidatePaths(`/projects/${projectId}/members`, `/projects/${projectId}/audit-log`);
    const notSent = results.filter((r) => r.kind === 'failed');
    if (notSent.length)
      toast.error(
        many ? `${notSent.length} of ${results.length} addresses not invited` : `Not invited: ${notSent[0]!.message}`,
        { id: toastId },
      );
    else if (results.some((r) => r.kind === 'saved'))
      toast.warning(many ? summary(results) : single(results[0]!), { id: toastId });
    else toast.success(many ? summary(results) : single(results[0]!), { id: toastId });
    setBusy(false);
    // What failed stays typed for another try; the rest is done.
    setText(notSent.map((r) => r.email).join('\n'));
    if (results.every((r) => r.kind === 'sent')) {
      setOpen(false);
      setOutcomes([]);
    } else setOutcomes(results);
  }

  const describedBy = [`${id}-hint`, fieldError || failed.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) {
          setOutcomes([]);
          setFieldError(undefined);
        }
      }}
      title="Invite members"
      description="Each address gets one email naming this project, the role and you: a new address a link to choose a password, an existing account a link to sign in. Invites expire after 24 hours."
      trigger={
        <Button size="toolbar">
          <UserPlus className="h-4 w-4" aria-hidden /> Invite members
        </Button>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-emails`} className="text-sm font-medium">
            Email addresses
          </label>
          <textarea
            id={`${id}-emails`}
            value={text}
            rows={4}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldError || failed.length ? true : undefined}
            aria-describedby={describedBy}
            className={textareaClass}
            onChange={(e) => (setText(e.target.value), setFieldError(undefined))}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Up to {MAX_INVITES_AT_ONCE} at once, separated by commas, spaces or new lines.
          </p>
          {(fieldError || failed.length > 0) && (
            <div id={`${id}-error`} className="grid gap-1 text-xs text-destructive">
              {fieldError && <p>{fieldError}</p>}
              {failed.map((o) => (
                <p key={o.email}>
                  <span className="font-medium">{o.email}</span>: {o.message}
                </p>
              ))}
            </div>
          )}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-role`} className="text-sm font-medium">
            Role
          </label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            aria-describedby={`${id}-role-hint`}
            className={inputClass}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
          <p id={`${id}-role-hint`} className="text-xs text-muted-foreground">
            {ROLE_DETAIL[role]}
          </p>
        </div>
        {outcomes.some((o) => o.kind !== 'failed') && (
          <ul className="grid gap-2 rounded-md border border-border p-3 text-sm" aria-label="Invites">
            {outcomes
              .filter((o) => o.kind !== 'failed')
              .map((o) => (
                <li key={o.email} className="flex items-start gap-2">
                  {o.kind === 'saved' ? (
                    <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
                  ) : o.kind === 'sent' ? (
                    <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                  ) : (
                    <Info className="mt-0.5 h-4 w-4 shrink-0 text-sky-600" aria-hidden />
                  )}
                  <span>
                    <span className="font-medium">{o.email}</span> {o.message}
                  </span>
                </li>
              ))}
          </ul>
        )}
        {failed.length > 0 && (
          <p role="alert" className="flex items-start gap-2 text-sm">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden />
            <span>
              {failed.length === 1
                ? 'One address was not invited: it stays above to try again.'
                : `${failed.length} addresses were not invited: they stay above to try again.`}{' '}
              An invite kept without its email is listed as “Not sent”, to resend or revoke.
            </span>
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            Send invites
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
