import { describe, expect, it } from 'vitest';
import { parseCompareLine } from '../../scripts/bench/nav-compare';

// The summary lines ../shared/bench/nav-compare.mjs prints, as the bench reads them.
const output = [
  'project run 3: page.waitForFunction: Timeout 15000ms exceeded.',
  'project    failed 1; cold wallets→first row median 13342 ms [13342, 8419]   hover+click users→first row median 3753 ms [3324, 3753]',
  'spa        failed 0; cold transactions→first row median 1570 ms [1838, 1570]   hover+click wallets→first row median 212 ms [139, 212]',
].join('\n');

describe('parseCompareLine', () => {
  it.each([
    ['project', { cold: 13342, nav: 3753 }],
    ['spa', { cold: 1570, nav: 212 }],
    ['other', null],
  ])('%s', (name, expected) => {
    expect(parseCompareLine(output, name)).toEqual(expected);
  });
});
