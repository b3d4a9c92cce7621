import type { RequestContext } from '../context.ts';
import { GoTrueError, sendJson } from '../gotrue-http.ts';
import { allowedRedirect, assertEmailFrequency, sendOneTimeToken } from '../mailer.ts';
import { parseEmail } from '../users.ts';

/** `POST /resend` with `{ type: 'signup' | 'email_change', email }`: send the pending confirmation again. */
export async function resend(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  emu.limiter.hit('resend', ctx.ip);
  const body = await ctx.body();
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change') {
    throw new GoTrueError(400, 'validation_failed', 'Missing one of these types: signup, email_change');
  }
  const email = parseEmail(body.email);
  const redirectTo = allowedRedirect(emu, ctx.url.searchParams.get('redirect_to'));
  if (type === 'signup') {
    const user = emu.store.userByEmail(email);
    if (user && !user.email_confirmed_at) {
      assertEmailFrequency(emu, user, 'signup');
      sendOneTimeToken(emu, user, user.invited_at ? 'invite' : 'signup', email, redirectTo);
    }
  } else {
    const user = emu.store.data.users.find((u) => u.new_email && (u.email === email || u.new_email === email));
    if (user?.new_email) {
      assertEmailFrequency(emu, user, 'email_change');
      sendOneTimeToken(emu, user, 'email_change', user.new_email, redirectTo);
    }
  }
  sendJson(ctx.res, 200, {});
}
