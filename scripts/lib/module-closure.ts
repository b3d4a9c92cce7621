import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Static `import … from "./x.js"` and re-exports `export … from "./x.js"`: both load the chunk before the page runs.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
/** Module URLs a built page names: its module scripts, preloads, islands and their renderer. */
const PAGE_MODULE = /(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g;
/** Inline module scripts import chunks too. */
const INLINE_IMPORT = /import\s*(?:[\w*{}\s,$]+from\s*)?["'](\/_astro\/[^"']+\.js)["']/g;

/**
 * The modules a built page loads before any interaction (`/_astro/…` URLs, sorted): what its HTML names, following
 * static imports between chunks. Dynamic `import()` is not followed: that code loads later (e.g. analytics).
 */
export function staticModuleClosure(dist: string, htmlFile: string): string[] {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const entries = new Set<string>();
  for (const m of html.matchAll(PAGE_MODULE)) entries.add(m[1]!);
  for (const m of html.matchAll(INLINE_IMPORT)) entries.add(m[1]!);
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
  return [...seen].sort();
}
