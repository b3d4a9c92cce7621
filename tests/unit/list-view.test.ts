import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  listParam,
  listRequestPath,
  readListView,
  viewSearch,
  withFilter,
  withSort,
} from '../../src/components/data-list/list-view';
import { transactionListSpec, walletListSpec } from '../../src/shared/api/collections';
import type { ListQuery } from '../../src/shared/api/list-params';

const base = '/projects/pro_1/test/wallets';

describe('a list view is read from the URL; bad parameters fall back with a notice', () => {
  it.each([
    ['', { page: 1, limit: DEFAULT_PAGE_SIZE, order: 'createdAt:desc', filters: 0 }, 0],
    ['page=3&limit=50&order=createdAt:asc', { page: 3, limit: 50, order: 'createdAt:asc', filters: 0 }, 0],
    ['limit=abc', { page: 1, limit: DEFAULT_PAGE_SIZE, order: 'createdAt:desc', filters: 0 }, 1],
    ['limit=500&page=0', { page: 1, limit: DEFAULT_PAGE_SIZE, order: 'createdAt:desc', filters: 0 }, 2],
    ['order=nope:up', { page: 1, limit: DEFAULT_PAGE_SIZE, order: 'createdAt:desc', filters: 0 }, 1],
    ['filters=garbage', { page: 1, limit: DEFAULT_PAGE_SIZE, order: 'createdAt:desc', filters: 0 }, 1],
    [
      'filters=[{"field":"secret","op":"eq","value":1}]',
      { page: 1, limit: 25, order: 'createdAt:desc', filters: 0 },
      1,
    ],
    [
      'filters=[{"field":"chainId","op":"in","value":[1,8453]}]',
      { page: 1, limit: 25, order: 'createdAt:desc', filters: 1 },
      0,
    ],
    ['page=2&limit=abc&filters=x&order=y', { page: 2, limit: 25, order: 'createdAt:desc', filters: 0 }, 3],
  ])('%s', (search, expected, notices) => {
    const view = readListView(walletListSpec, search);
    expect({
      page: view.query.page,
      limit: view.query.limit,
      order: `${view.query.order.field}:${view.query.order.dir}`,
      filters: view.query.filters.length,
    }).toEqual(expected);
    expect(view.notices).toHaveLength(notices);
  });
});

describe('the API request of a view', () => {
  it('page 1 always counts; later pages send the known total (remembered, never read from the URL)', () => {
    const first = { ...readListView(walletListSpec, '').query, total: 50 };
    expect(listRequestPath(base, first)).toBe(`${base}?limit=25&order=createdAt%3Adesc`);
    const third = { ...readListView(walletListSpec, 'page=3').query, total: 120 };
    expect(listRequestPath(base, third)).toBe(`${base}?page=3&limit=25&order=createdAt%3Adesc&total=120`);
    // An old link's `total=N` is not taken for the count.
    expect(readListView(walletListSpec, 'page=3&total=120').query.total).toBeUndefined();
  });

  it('is the same for the empty URL wherever it is built (the prefetch relies on it)', () => {
    expect(listRequestPath(base, readListView(walletListSpec, '').query)).toBe(
      listRequestPath(base, readListView(walletListSpec, '?unrelated=1').query),
    );
  });
});

describe('changing a view', () => {
  const start = { ...readListView(transactionListSpec, 'page=4').query, total: 200 };

  it('a filter goes back to page 1 and forgets the total', () => {
    const next = withFilter(start, 'status', { field: 'status', op: 'eq', value: 'confirmed' });
    expect(next).toMatchObject({ page: 1, total: undefined, filters: [{ field: 'status' }] });
    expect(withFilter(next, 'status', null).filters).toEqual([]);
  });

  it('a sort flips the direction of the same field and keeps the total', () => {
    const asc = withSort(start, 'createdAt');
    expect(asc.order).toEqual({ field: 'createdAt', dir: 'asc' });
    expect(asc).toMatchObject({ page: 1, total: 200 });
    expect(withSort(asc, 'createdAt').order.dir).toBe('desc');
  });

  it('the URL leaves defaults out and keeps other parameters; a total never goes into it', () => {
    const p = viewSearch('?wallet=acc_1&page=2', walletListSpec, readListView(walletListSpec, '').query);
    expect(p.toString()).toBe('wallet=acc_1');
    const view: ListQuery = { ...readListView(walletListSpec, '').query, page: 2, limit: 50, total: 9 };
    const q = viewSearch('?total=7', walletListSpec, view);
    expect(q.toString()).toBe('page=2&limit=50');
  });
});

describe('a list under a page with URL state of its own takes prefixed parameters', () => {
  it('reads and writes txPage, txLimit, … and leaves the page’s own `page` alone', () => {
    const view = readListView(transactionListSpec, 'page=transactions&txPage=3&txLimit=10&txTotal=42', 'tx');
    expect(view.query).toMatchObject({ page: 3, limit: 10 });
    expect(view.query.total).toBeUndefined();
    expect(view.notices).toEqual([]);
    const p = viewSearch('?page=transactions&txPage=3', transactionListSpec, { ...view.query, page: 2 }, 'tx');
    expect(p.toString()).toBe('page=transactions&txPage=2&txLimit=10');
    expect(listParam('filters', 'tx')).toBe('txFilters');
    expect(listParam('filters')).toBe('filters');
  });

  it('a bad prefixed parameter is named in its notice; unprefixed names are not the list’s', () => {
    const view = readListView(transactionListSpec, 'page=rules&limit=7&txLimit=abc', 'tx');
    expect(view.query).toMatchObject({ page: 1, limit: DEFAULT_PAGE_SIZE });
    expect(view.notices).toEqual([expect.stringContaining('`txLimit`')]);
  });
});
