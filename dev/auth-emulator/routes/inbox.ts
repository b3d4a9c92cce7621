import type { RequestContext } from '../context.ts';
import { sendEmpty, sendHtml, sendJson } from '../gotrue-http.ts';
import { listMessages, renderInboxPage } from '../inbox.ts';

/** `GET /inbox`: the HTML inbox, newest first (`?to=` filters by recipient). */
export function inboxPage(ctx: RequestContext): void {
  const to = ctx.url.searchParams.get('to');
  sendHtml(ctx.res, 200, renderInboxPage(listMessages(ctx.emu.store.data.emails, to), to));
}

/** `GET /inbox/api/messages?to=`: messages as a JSON array, newest first. */
export function listInboxMessages(ctx: RequestContext): void {
  sendJson(ctx.res, 200, listMessages(ctx.emu.store.data.emails, ctx.url.searchParams.get('to')));
}

/** `GET /inbox/api/messages/{id}`: one message. */
export function getInboxMessage(ctx: RequestContext): void {
  const message = ctx.emu.store.data.emails.find((m) => m.id === ctx.params[0]);
  if (message) sendJson(ctx.res, 200, message);
  else sendJson(ctx.res, 404, { error: { code: 'not_found', message: 'No such message' } });
}

/** `DELETE /inbox/api/messages` (optionally `?to=`): empty the inbox. */
export function clearInbox(ctx: RequestContext): void {
  const to = ctx.url.searchParams.get('to')?.trim().toLowerCase();
  ctx.emu.store.data.emails = to ? ctx.emu.store.data.emails.filter((m) => m.to !== to) : [];
  sendEmpty(ctx.res, 204);
}
