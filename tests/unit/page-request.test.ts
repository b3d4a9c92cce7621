import { describe, expect, it } from 'vitest';
import { firstRequestOf, pageRequestsOf } from '../../src/lib/page-request';
import { rememberTotal } from '../../src/components/data-list/list-totals';

// The request a page's list sends first, derived from its URL before the island hydrates (src/lib/page-request.ts):
// it must be the very path the list asks for, or the list misses the early answer and asks again.
const P = 'pro_01900000-0000-7000-8000-00000000de00';

describe('the first list request of a page, from its URL', () => {
  it.each([
    [`/${P}/test/wallets`, '', `/projects/${P}/test/wallets?limit=25&order=createdAt%3Adesc`],
    [`/${P}/live/users`, '?limit=50', `/projects/${P}/live/users?limit=50&order=createdAt%3Adesc`],
    [
      `/${P}/test/transactions`,
      '?order=createdAt:asc',
      `/projects/${P}/test/transactions?limit=25&order=createdAt%3Aasc`,
    ],
    // A bad parameter is dropped as the list drops it.
    [`/${P}/test/wallets`, '?limit=abc', `/projects/${P}/test/wallets?limit=25&order=createdAt%3Adesc`],
    // The projects home (outside any project), its view in the URL as its list reads it.
    ['/', '', '/projects?limit=25&order=createdAt%3Adesc'],
    ['/', '?order=name:asc&limit=10', '/projects?limit=10&order=name%3Aasc'],
    // Not a list page, a detail page, no project, an unknown mode: nothing to start.
    [`/${P}/test/settings`, '', null],
    [`/${P}/test/users/pla_1`, '', null],
    ['/wallets', '', null],
    [`/${P}/prod/wallets`, '', null],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(firstRequestOf(pathname, search)).toBe(expected);
  });

  it('a later page carries the total the list remembers for it, as the list sends it; page 1 never does', () => {
    const apiPath = `/projects/${P}/test/users`;
    expect(firstRequestOf(`/${P}/test/users`, '?page=2')).toBe(`${apiPath}?page=2&limit=25&order=createdAt%3Adesc`);
    rememberTotal(apiPath, 50);
    expect(firstRequestOf(`/${P}/test/users`, '?page=2')).toBe(
      `${apiPath}?page=2&limit=25&order=createdAt%3Adesc&total=50`,
    );
    expect(firstRequestOf(`/${P}/test/users`, '')).toBe(`${apiPath}?limit=25&order=createdAt%3Adesc`);
  });
});

// Every list of a page asks from the start (the projects home has two): each as its own list sends it.
describe('the first requests of all the lists of a page', () => {
  it.each([
    {
      pathname: `/${P}/test/wallets`,
      search: '',
      requests: [`/projects/${P}/test/wallets?limit=25&order=createdAt%3Adesc`],
    },
    {
      pathname: '/',
      search: '',
      requests: ['/projects?limit=25&order=createdAt%3Adesc', '/projects/trash?limit=25&order=deletedAt%3Adesc'],
    },
    // Each list reads its own view from the URL: the trash list's parameters carry its `trash` prefix.
    {
      pathname: '/',
      search: '?limit=10&trashOrder=name:asc&trashLimit=50',
      requests: ['/projects?limit=10&order=createdAt%3Adesc', '/projects/trash?limit=50&order=name%3Aasc'],
    },
    { pathname: `/${P}/test/settings`, search: '', requests: [] },
  ])('$pathname$search → $requests', ({ pathname, search, requests }) => {
    expect(pageRequestsOf(pathname, search)).toEqual(requests);
  });
});
