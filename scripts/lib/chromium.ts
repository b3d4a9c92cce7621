import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** The Chromium the tests drive: `CHROMIUM_PATH`, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** Makes sure Chromium is there: installs Debian's package when running as root, else explains how. */
export function ensureChromium(): string {
  const bin = chromiumPath();
  if (existsSync(bin)) return bin;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${bin} does not exist.`);
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium is missing. Install Debian's package (sudo apt-get update && sudo apt-get install -y chromium) " +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(bin)) throw new Error(`apt-get installed chromium but ${bin} is still missing.`);
  return bin;
}
