import { describe, expect, it } from 'vitest';
import { firstLine, readPlaywrightReport, readVitestReport } from '../../scripts/lib/test-report.ts';

// Shapes as vitest 4 and Playwright write them (trimmed from real reports of a failing test file).
const vitest = {
  numPassedTests: 1,
  numFailedTests: 1,
  testResults: [
    { name: '/repo/tests/stack/broken.test.ts', message: 'broken import', assertionResults: [] },
    {
      name: '/repo/tests/stack/webhooks.test.ts',
      message: '',
      assertionResults: [
        {
          fullName: 'replay a failed window succeeds',
          status: 'failed',
          failureMessages: [
            'AssertionError: one is two: expected 1 to be 2 // Object.is equality\n    at fail.test.ts:3:47',
          ],
        },
        { fullName: 'replay passes', status: 'passed', failureMessages: [] },
      ],
    },
  ],
};

const playwright = {
  stats: { expected: 2, unexpected: 2, flaky: 1 },
  suites: [
    {
      title: 'login.spec.ts',
      specs: [
        {
          title: 'top level fails',
          file: 'login.spec.ts',
          tests: [
            {
              projectName: 'chromium',
              status: 'unexpected',
              results: [{ error: { message: 'Error: one is two\n\n\u001b[2mexpect(\u001b[22m' } }],
            },
          ],
        },
        {
          title: 'passes',
          file: 'login.spec.ts',
          tests: [{ projectName: 'chromium', status: 'expected', results: [{}] }],
        },
      ],
      suites: [
        {
          title: 'outer',
          suites: [
            {
              title: 'inner',
              specs: [
                {
                  title: 'nested fails',
                  file: 'login.spec.ts',
                  tests: [
                    {
                      projectName: 'chromium-full',
                      status: 'unexpected',
                      results: [
                        { error: { message: 'first' } },
                        { error: { message: '\u001b[31mred\u001b[39m boom\nsecond' } },
                      ],
                    },
                  ],
                },
                {
                  title: 'flaky',
                  file: 'login.spec.ts',
                  tests: [{ projectName: 'chromium', status: 'flaky', results: [{ error: { message: 'x' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('npm test names what failed at its very end', () => {
  it('vitest: counts, each failed test with its file and first message line, a file that failed to load', () => {
    expect(readVitestReport(vitest, '/repo')).toEqual({
      passed: 1,
      failed: 1,
      failures: [
        'tests/stack/broken.test.ts: broken import',
        'tests/stack/webhooks.test.ts › replay a failed window succeeds: AssertionError: one is two: expected 1 to be 2 // Object.is equality',
      ],
    });
  });

  it('Playwright: counts (a flaky test passed), each failure with project, describe path and its last attempt’s error', () => {
    expect(readPlaywrightReport(playwright)).toEqual({
      passed: 3,
      failed: 2,
      failures: [
        '[chromium] login.spec.ts › top level fails: Error: one is two',
        '[chromium-full] login.spec.ts › outer › inner › nested fails: red boom',
      ],
    });
  });

  it.each([
    [undefined, ''],
    ['', ''],
    ['\n\n  second\nthird', 'second'],
    ['\u001b[31mred\u001b[39m', 'red'],
    ['x'.repeat(400), 'x'.repeat(300)],
  ])('firstLine(%j) is %j', (input, line) => {
    expect(firstLine(input)).toBe(line);
  });
});
