import { test, expect } from '../fixtures';
import { demoPath, expectAccessible } from './helpers';

const TX = demoPath('test', '/analytics/transactions');
const WALLETS = demoPath('test', '/analytics/wallets');

test('analytics: /analytics opens transactions; frames switch the URL and the chart; the table shows the numbers', async ({
  page,
}) => {
  test.slow(); // many steps, each waiting for a chart to draw
  await page.goto(demoPath('test', '/analytics'));
  await expect(page).toHaveURL(TX);
  const chart = page.getByRole('figure', { name: 'Transactions' });
  const plot = chart.getByRole('group', { name: /chart of 30 days/ });
  await expect(plot).toHaveAttribute('data-drawn', '30', { timeout: 20_000 });
  // The legend names every series.
  for (const name of ['Total', 'Successful', 'Failed']) await expect(plot.getByText(name).first()).toBeVisible();

  await page.getByRole('group', { name: 'Time frame' }).getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(`${TX}?timeFrame=week`);
  await expect(chart.getByRole('group', { name: /chart of 7 days/ })).toHaveAttribute('data-drawn', '7');
  await page.getByRole('group', { name: 'Time frame' }).getByRole('button', { name: 'Last 24 hours' }).click();
  await expect(page).toHaveURL(`${TX}?timeFrame=day`);
  await expect(chart.getByRole('group', { name: /chart of 24 hours/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${TX}?timeFrame=week`);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

  // The table holds the same numbers as the totals above the chart.
  const totals = await chart.getByTestId('chart-totals').innerText();
  const total = Number(/Total:\s*([\d,]+)/.exec(totals)![1]!.replace(/,/g, ''));
  await chart.getByRole('button', { name: 'Table' }).click();
  const table = chart.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('columnheader')).toHaveText(['Day (UTC)', 'Total', 'Successful', 'Failed']);
  await expect(table.locator('tbody tr')).toHaveCount(7);
  const column = await table.locator('tbody tr td:nth-of-type(1)').allInnerTexts();
  expect(column.reduce((a, t) => a + Number(t.replace(/,/g, '')), 0)).toBe(total);
  await chart.getByRole('button', { name: 'Chart' }).click();
  await expect(chart.getByRole('group', { name: /chart of 7 days/ })).toHaveAttribute('data-drawn', '7');

  // A bad frame in the link: the default frame and a notice.
  await page.goto(`${TX}?timeFrame=decade`);
  await expect(page.getByRole('status').filter({ hasText: '“decade” is not a time frame' })).toBeVisible();
  await expect(page).toHaveURL(TX);
  await expect(chart.getByRole('group', { name: /chart of 30 days/ })).toHaveAttribute('data-drawn', '30');

  // A performance mark for each drawn chart, measured from the data's arrival.
  const measures = await page.evaluate(
    () => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('dashboard:chart-draw:')).length,
  );
  expect(measures).toBeGreaterThanOrEqual(3);
});

test('analytics: wallets by chain and account type, accessible light and dark with chart and table', async ({
  page,
}) => {
  test.slow(); // axe runs four times
  await page.goto(`${WALLETS}?timeFrame=all`);
  const byChain = page.getByRole('figure', { name: 'New wallets by chain' });
  await expect(byChain.getByRole('group', { name: /chart of \d+ days/ })).toHaveAttribute('data-drawn', /\d+/, {
    timeout: 20_000,
  });
  await expect(byChain.getByTestId('chart-totals')).toContainText('Sepolia');
  const byType = page.getByRole('figure', { name: 'New wallets by account type' });
  await expect(byType.getByTestId('chart-totals')).toContainText('Smart Account');
  await expect(byType.getByRole('group', { name: /chart of/ })).toHaveAttribute('data-drawn', /\d+/);
  await expectAccessible(page);

  await byType.getByRole('button', { name: 'Table' }).click();
  await expect(byType.getByRole('table')).toBeVisible();
  await page.goto(TX);
  await expect(page.getByRole('figure', { name: 'Sponsored cost' }).getByRole('group')).toHaveAttribute(
    'data-drawn',
    '30',
  );
  await page.getByRole('figure', { name: 'Gas used' }).getByRole('button', { name: 'Table' }).click();
  await expectAccessible(page);
});

test('analytics: at phone width the four time frames fit one row, none cut; their names stay the full ones', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(TX);
  const group = page.getByRole('group', { name: 'Time frame' });
  const buttons = await group.getByRole('button').all();
  expect(buttons).toHaveLength(4);
  const tops = new Set<number>();
  for (const b of buttons) {
    tops.add(Math.round((await b.boundingBox())!.y));
    expect(await b.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  expect(tops.size).toBe(1);
  const g = (await group.boundingBox())!;
  expect(g.x + g.width).toBeLessThanOrEqual(390);
  const month = group.getByRole('button', { name: 'Last 30 days' });
  await expect(month).toHaveAttribute('aria-pressed', 'true');
  expect(await month.innerText()).toBe('30 days');
  await group.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(`${TX}?timeFrame=week`);
});
