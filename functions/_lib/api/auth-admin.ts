import {
  INVITED_BY_KEY,
  INVITED_PROJECT_KEY,
  INVITED_PROJECT_NAME_KEY,
  INVITED_ROLE_KEY,
} from '../../../src/shared/invite';

/**
 * Supabase Auth's admin invite (`POST /auth/v1/invite`, GoTrue's `inviteUserByEmail`), called with the service-role key
 * from `SUPABASE_SERVICE_ROLE_KEY` (a secret: never sent to the browser). The email links to
 * `/auth/confirm?token_hash=…&type=invite`; the user metadata carries the project id, its name, the role and who invited
 * (src/shared/invite.ts): the invite email names them (the template's `{{ .Data.… }}`), the acceptance page shows them
 * and the invitee lands in the project after choosing a password (docs/api.md "Invites and their email").
 */
export type InviteEmailResult =
  | { status: 'sent' }
  /** GoTrue's `422 email_exists`: a confirmed account has this address. Supabase sends nothing in that case. */
  | { status: 'existing_account' }
  /** No email went out. `kind`: the address was refused (`address`) or the auth server could not send (`server`). */
  | { status: 'failed'; kind: 'address' | 'server'; message: string; retryAfterSeconds?: number };

const TIMEOUT_MS = 10_000;

/** What GoTrue answers on an error: `{ code, error_code, msg | message }` (the shape depends on its API version). */
interface GoTrueError {
  code?: unknown;
  error_code?: unknown;
  msg?: unknown;
  message?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** What the invite email says: the project, the role and who invited. */
export interface InviteWords {
  projectId: string;
  projectName: string;
  role: string;
  inviter: string;
}

/** Asks the auth server to email an invite to `email`; never throws. */
export async function sendInviteEmail(env: Env, email: string, invite: InviteWords): Promise<InviteEmailResult> {
  const base = (env.PUBLIC_SUPABASE_URL ?? '').replace(/\/+$/, '');
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!base || !key) {
    console.error('api: SUPABASE_SERVICE_ROLE_KEY (or PUBLIC_SUPABASE_URL) is not set: invite emails cannot be sent');
    return {
      status: 'failed',
      kind: 'server',
      message: 'This dashboard is not set up to send invite emails',
    };
  }
  let res: Response;
  try {
    res = await fetch(`${base}/auth/v1/invite`, {
      method: 'POST',
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        email,
        data: {
          [INVITED_PROJECT_KEY]: invite.projectId,
          [INVITED_PROJECT_NAME_KEY]: invite.projectName,
          [INVITED_ROLE_KEY]: invite.role,
          [INVITED_BY_KEY]: invite.inviter,
        },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { status: 'failed', kind: 'server', message: 'The auth server did not answer' };
  }
  if (res.ok) {
    await res.body?.cancel();
    return { status: 'sent' };
  }
  const body = ((await res.json().catch(() => null)) ?? {}) as GoTrueError;
  const code = text(body.error_code) ?? text(body.code);
  const message = text(body.msg) ?? text(body.message);
  if (res.status === 422 && code === 'email_exists') return { status: 'existing_account' };
  if (res.status === 429) {
    const retry = Number(res.headers.get('Retry-After'));
    return {
      status: 'failed',
      kind: 'server',
      message: 'The auth server is sending too many emails right now (its rate limit)',
      ...(Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: Math.ceil(retry) } : {}),
    };
  }
  if (res.status === 401 || res.status === 403) {
    console.error('api: the auth server refused the service-role key on POST /invite:', res.status, code);
    return { status: 'failed', kind: 'server', message: 'The auth server refused the dashboard’s service key' };
  }
  if (res.status >= 400 && res.status < 500) {
    // About the address (e.g. `email_address_invalid`, or `email_address_not_authorized` with Supabase's own SMTP).
    return { status: 'failed', kind: 'address', message: message ?? 'The auth server refused this address' };
  }
  console.error('api: the auth server answered', res.status, 'to POST /invite');
  return { status: 'failed', kind: 'server', message: 'The auth server could not send the email' };
}
