import type { RequestContext } from '../context.ts';
import { sendJson } from '../gotrue-http.ts';
import { allowedRedirect, assertEmailFrequency, sendOneTimeToken } from '../mailer.ts';
import { parseEmail } from '../users.ts';

/** `POST /recover`: email a password-reset link; the answer is the same whether or not the account exists. */
export async function recover(ctx: RequestContext): Promise<void> {
  const { emu } = ctx;
  emu.limiter.hit('recover', ctx.ip);
  const body = await ctx.body();
  const email = parseEmail(body.email);
  const user = emu.store.userByEmail(email);
  if (user) {
    assertEmailFrequency(emu, user, 'recovery');
    sendOneTimeToken(emu, user, 'recovery', email, allowedRedirect(emu, ctx.url.searchParams.get('redirect_to')));
  }
  sendJson(ctx.res, 200, {});
}
