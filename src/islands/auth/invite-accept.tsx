import { Notice } from './form-ui';
import { NewPasswordForm } from './NewPasswordForm';
import { ResendForm } from './ResendForm';
import { INVITE_ROLE_WORDS, type InviteDetails } from '../../shared/invite';

/** The page's title for an invite: "Join <project>", or a plain one when the invite names no project. */
export const inviteTitle = (d: InviteDetails | null) => (d ? `Join ${d.projectName}` : 'Accept your invite');

/** The invite link was good: who invited, to which project and as what; a password finishes it. */
export function InviteAccepted({ details, next }: { details: InviteDetails | null; next: string }) {
  return (
    <div className="mt-4 grid gap-4">
      <Notice kind="success">
        {details ? (
          <>
            {details.inviter} invited you to join <strong>{details.projectName}</strong> as{' '}
            {INVITE_ROLE_WORDS[details.role]}. Choose a password to accept.
          </>
        ) : (
          'Your invitation is accepted. Choose a password to finish.'
        )}
      </Notice>
      <NewPasswordForm
        label="Password"
        submit={details ? `Set password and join ${details.projectName}` : 'Set password'}
        onDone={() => location.assign(next)}
      />
    </div>
  );
}

/** The invite link did not work (expired, used, mistyped): what to do next. */
export function InviteLinkBad({ message }: { message: string }) {
  return (
    <div className="mt-4 grid gap-4">
      <Notice kind="error">
        {message} Invite links work once and for 24 hours: ask the person who invited you to send the invite again, or
        get a new link for your address below.
      </Notice>
      <ResendForm />
      <p className="text-center text-sm text-muted-foreground">
        Already chose a password?{' '}
        <a href="/auth/login" className="font-medium text-foreground hover:underline">
          Sign in
        </a>
      </p>
    </div>
  );
}
