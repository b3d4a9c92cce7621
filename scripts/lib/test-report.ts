/**
 * What `npm test` reads back from the test runners' JSON reports: how many tests passed and failed, and each failed
 * test's name with the first line of its message. `scripts/test.ts` prints the failures again at the very end: a
 * step's own output (the stack tests' log, printed when they end) lies thousands of lines above the last ones, which
 * are all a CI summary keeps.
 */
export interface TestReport {
  passed: number;
  failed: number;
  /** `file › test name: first line of the message`. */
  failures: string[];
}

const COLOUR = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/** The first non-empty line of a message, without colour codes, at most 300 characters. */
export function firstLine(text: string | undefined): string {
  const line = (text ?? '')
    .replace(COLOUR, '')
    .split('\n')
    .find((l) => l.trim());
  return (line ?? '').trim().slice(0, 300);
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** A vitest `--reporter=json` report; file names relative to `root`. A file that failed outside its tests counts too. */
export function readVitestReport(report: VitestJson, root: string): TestReport {
  const failures: string[] = [];
  for (const f of report.testResults ?? []) {
    const file = relativeTo(root, f.name);
    const failedTests = f.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (!failedTests.length && f.message) failures.push(`${file}: ${firstLine(f.message)}`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    tests: { projectName?: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}

/** A Playwright JSON report: a flaky test (passed on its retry) counts as passed, as Playwright's own summary does. */
export function readPlaywrightReport(report: PlaywrightJson): TestReport {
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests.filter((x) => x.status === 'unexpected')) {
        const project = t.projectName ? `[${t.projectName}] ` : '';
        const name = [...titles, spec.title].join(' › ');
        failures.push(`${project}${spec.file} › ${name}: ${firstLine(t.results.at(-1)?.error?.message)}`);
      }
    for (const s of suite.suites ?? []) walk(s, [...titles, s.title]);
  };
  // The top level is one suite per file, titled with the file's name, which each spec names already.
  for (const s of report.suites ?? []) walk(s, []);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    failures,
  };
}

function relativeTo(root: string, file: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : file;
}
