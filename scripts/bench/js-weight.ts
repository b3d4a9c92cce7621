import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticModuleClosure } from '../lib/module-closure.ts';

/**
 * Gzipped bytes of the JavaScript a built page loads before any interaction: its module scripts, preloads and
 * islands hydrated on load or idle, following static imports between chunks (dynamic `import()` is not followed:
 * that code loads later, e.g. analytics).
 */
export function initialJsWeight(dist: string, htmlFile: string): { bytes: number; files: string[] } {
  const files = staticModuleClosure(dist, htmlFile);
  let bytes = 0;
  for (const url of files) bytes += gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length;
  return { bytes, files };
}
