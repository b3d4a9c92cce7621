import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Static `import … from "./x.js"` and re-exports `export … from "./x.js"`: both load the chunk before the page runs.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * Gzipped bytes of the JavaScript a built page loads before any interaction: its module scripts, preloads and
 * islands hydrated on load or idle, following static imports between chunks (dynamic `import()` is not followed:
 * that code loads later, e.g. analytics).
 */
export function initialJsWeight(dist: string, htmlFile: string): { bytes: number; files: string[] } {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const entries = new Set<string>();
  for (const m of html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)) entries.add(m[1]!);
  // Inline module scripts import chunks too.
  for (const m of html.matchAll(/import\s*(?:[\w*{}\s,$]+from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)) entries.add(m[1]!);
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    const file = path.join(dist, url);
    if (!existsSync(file)) return;
    seen.add(url);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(url), m[1]!));
  };
  entries.forEach(visit);
  let bytes = 0;
  for (const url of seen) bytes += gzipSync(readFileSync(path.join(dist, url)), { level: 9 }).length;
  return { bytes, files: [...seen].sort() };
}
