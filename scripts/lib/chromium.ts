import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** The full Chromium (Lighthouse, the bench, the e2e smoke project): `CHROMIUM_PATH`, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * The Chromium the end-to-end suite drives: Debian's `chromium-headless-shell` (the same Chromium release, built for
 * headless use, as Playwright's own default headless browser), `CHROMIUM_HEADLESS_SHELL_PATH` to choose another. It
 * runs the suite in about half the time of the full browser on two cores (docs/decisions.md "npm test in under 20
 * minutes"); the full browser still runs the smoke project and every performance budget.
 */
export function headlessShellPath(): string {
  return process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
}

/** Flags for headless Chromium on a machine without network: no background traffic, no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Makes sure both Chromium builds are there: installs Debian's packages when running as root, else explains how. */
export function ensureChromium(): string {
  const wanted = [
    { bin: chromiumPath(), pkg: 'chromium', env: 'CHROMIUM_PATH' },
    { bin: headlessShellPath(), pkg: 'chromium-headless-shell', env: 'CHROMIUM_HEADLESS_SHELL_PATH' },
  ];
  const missing = wanted.filter((w) => !existsSync(w.bin));
  if (!missing.length) return chromiumPath();
  const chosen = missing.find((w) => process.env[w.env]);
  if (chosen) throw new Error(`${chosen.env}=${chosen.bin} does not exist.`);
  const pkgs = missing.map((w) => w.pkg);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing. Install Debian's packages (sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}) ` +
        'or point CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH at Chromium binaries.',
    );
  }
  console.log(`Chromium is missing: installing Debian's ${pkgs.join(' and ')} package${pkgs.length > 1 ? 's' : ''}…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...pkgs], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  for (const w of missing)
    if (!existsSync(w.bin)) throw new Error(`apt-get installed ${w.pkg} but ${w.bin} is still missing.`);
  return chromiumPath();
}
