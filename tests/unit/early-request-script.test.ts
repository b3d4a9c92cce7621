import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_REQUEST_SCRIPT } from '../../src/lib/early-request-script';
import { firstRequestOf } from '../../src/lib/page-request';
import { AUTH_STORAGE_KEY } from '../../src/shared/auth-storage';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';
import { EARLY_REQUEST_GLOBAL, type EarlyRequest } from '../../src/lib/prefetch-handoff';

// The inline script that starts a list section's first request while the page is parsed (src/lib/early-request-
// script.ts), run as the page runs it: its source text, in a context with the page's globals.
const P = 'pro_01900000-0000-7000-8000-00000000de00';
const now = Date.now() / 1000;
const session = (expiresIn: number) =>
  JSON.stringify({ access_token: 'token-1', refresh_token: 'r', expires_at: now + expiresIn, user: { id: 'u' } });

interface Run {
  url: string;
  storage?: Record<string, string>;
  readyState?: string;
  gateLeaving?: boolean;
  /** The API's answer is 2xx. */
  ok?: boolean;
}

function run({
  url,
  storage = { [AUTH_STORAGE_KEY]: session(3600) },
  readyState = 'loading',
  gateLeaving,
  ok = true,
}: Run) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const { pathname, search } = new URL(url, 'http://localhost');
  const page: Record<string, unknown> = {
    document: { readyState, documentElement: { dataset: gateLeaving ? { auth: 'redirecting' } : {} } },
    location: { pathname, search },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    fetch: (u: string, init: { headers: Record<string, string> }) => {
      sent.push({ url: u, headers: init.headers });
      return Promise.resolve({ ok, json: () => Promise.resolve({ data: [] }) });
    },
  };
  page.window = page;
  runInNewContext(EARLY_REQUEST_SCRIPT, page);
  return { sent, handedOver: page[EARLY_REQUEST_GLOBAL] as EarlyRequest | undefined };
}

describe('the early request of a list section, while the page is parsed', () => {
  it.each([
    [`/${P}/test/wallets`, true],
    [`/${P}/live/users`, true],
    [`/${P}/test/transactions/`, true],
    // A view in the URL is left to the module script (it reads the view as the list does).
    [`/${P}/test/wallets?limit=50`, false],
    // Not a list section, a detail page, not a project, an unknown mode.
    [`/${P}/test/settings`, false],
    [`/${P}/test/users/pla_1`, false],
    ['/wallets', false],
    [`/proj_1/test/wallets`, false],
    [`/${P}/prod/wallets`, false],
    ['/', false],
  ])('%s → starts a request: %s', (url, starts) => {
    const { sent, handedOver } = run({ url });
    expect(sent).toHaveLength(starts ? 1 : 0);
    if (!starts) return expect(handedOver).toBeUndefined();
    const { pathname, search } = new URL(url, 'http://localhost');
    // The very path the list asks for (the hand-off is by path).
    expect(handedOver!.path).toBe(firstRequestOf(pathname, search));
    expect(sent[0]!.url).toBe(`/api/v1${handedOver!.path}`);
    expect(sent[0]!.headers).toEqual({ Authorization: 'Bearer token-1' });
  });

  it.each<[string, Run]>([
    ['signed out', { url: `/${P}/test/wallets`, storage: {} }],
    [
      'a token about to expire (the list refreshes it first)',
      { url: `/${P}/test/wallets`, storage: { [AUTH_STORAGE_KEY]: session(5) } },
    ],
    ['a session that is not JSON', { url: `/${P}/test/wallets`, storage: { [AUTH_STORAGE_KEY]: '{' } }],
    ['the gate leaving for the sign-in page', { url: `/${P}/test/wallets`, gateLeaving: true }],
    ['after the document was parsed (a client-side swap)', { url: `/${P}/test/wallets`, readyState: 'complete' }],
  ])('sends nothing when %s', (_, input) => {
    expect(run(input).sent).toHaveLength(0);
  });

  it("sends the project's bookmark, as the API client does (read-your-writes)", () => {
    const bookmarks = JSON.stringify({ [P]: 'shard-1:0000-abc', pro_other: 'shard-2:0000-def' });
    const { sent } = run({
      url: `/${P}/test/wallets`,
      storage: { [AUTH_STORAGE_KEY]: session(3600), [STORAGE_KEYS.bookmarks]: bookmarks },
    });
    expect(sent[0]!.headers).toEqual({ Authorization: 'Bearer token-1', 'X-D1-Bookmark': 'shard-1:0000-abc' });
  });

  it('hands over the answer, and undefined for a refused request (the list then asks itself)', async () => {
    await expect(run({ url: `/${P}/test/wallets` }).handedOver!.answer).resolves.toEqual({ data: [] });
    await expect(run({ url: `/${P}/test/wallets`, ok: false }).handedOver!.answer).resolves.toBeUndefined();
  });
});
