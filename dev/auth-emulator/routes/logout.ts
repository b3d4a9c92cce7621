import type { RequestContext } from '../context.ts';
import { GoTrueError, sendEmpty } from '../gotrue-http.ts';
import { sessionOfRequest } from '../sessions.ts';

/** `POST /logout?scope=local|global|others`: end this session, every session, or every other session. */
export async function logout(ctx: RequestContext): Promise<void> {
  const scope = ctx.url.searchParams.get('scope') ?? 'global';
  if (!['local', 'global', 'others'].includes(scope)) {
    throw new GoTrueError(400, 'validation_failed', 'Unsupported logout scope: use local, global or others');
  }
  const { session, user } = await sessionOfRequest(ctx);
  ctx.emu.store.deleteSessions((s) => {
    if (scope === 'local') return s.id === session.id;
    if (scope === 'others') return s.user_id === user.id && s.id !== session.id;
    return s.user_id === user.id;
  });
  sendEmpty(ctx.res, 204);
}
