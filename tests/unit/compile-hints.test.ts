import { describe, expect, it } from 'vitest';
import { wantsCompileHint } from '../../scripts/build/compile-hints.ts';

describe('the chart chunk, and only it, compiles all its functions on load', () => {
  it.each([
    [
      'the charts (uPlot and chart.tsx)',
      ['/p/node_modules/uplot/dist/uPlot.esm.js', '/p/src/islands/analytics/chart.tsx'],
      true,
    ],
    ['uPlot on Windows paths', ['C:\\p\\node_modules\\uplot\\dist\\uPlot.esm.js'], true],
    ['React', ['/p/node_modules/react-dom/cjs/react-dom-client.production.js'], false],
    ['the analytics page without the charts', ['/p/src/islands/analytics/AnalyticsPage.tsx'], false],
    ['a module named like it elsewhere', ['/p/src/lib/uplot-theme.ts'], false],
    ['an empty chunk', [], false],
  ])('%s', (_name, ids, hinted) => {
    expect(wantsCompileHint(ids)).toBe(hinted);
  });
});
