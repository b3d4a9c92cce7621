import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Static `import … from "./x.js"` and re-exports `export … from "./x.js"`: both load the chunk before the page runs.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
/** Module URLs a built page names: its module scripts, preloads, islands and their renderer. */
const PAGE_MODULE = /(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g;
/** Inline module scripts import chunks too. */
const INLINE_IMPORT = /import\s*(?:[\w*{}\s,$]+from\s*)?["'](\/_astro\/[^"']+\.js)["']/g;

/**
 * The modules a built page loads before any interaction (`/_astro/…` URLs), in the order the browser finds them: what
 * its HTML names, in document order, then each level of static imports between chunks (breadth first). Dynamic
 * `import()` is not followed: that code loads later (e.g. analytics).
 */
export function moduleClosureInOrder(dist: string, htmlFile: string): string[] {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const found = [...html.matchAll(PAGE_MODULE), ...html.matchAll(INLINE_IMPORT)].sort((a, b) => a.index - b.index);
  return closureOf(
    dist,
    found.map((m) => m[1]!),
  );
}

/** The modules `roots` load before they run (themselves included), level by level from the roots in their order. */
export function closureOf(dist: string, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const url = queue[i]!;
    if (seen.has(url)) continue;
    const file = path.join(dist, url);
    if (!existsSync(file)) continue;
    seen.add(url);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(path.posix.join(path.posix.dirname(url), m[1]!));
  }
  return [...seen];
}

/** The same modules, sorted (a stable list to compare and to count). */
export function staticModuleClosure(dist: string, htmlFile: string): string[] {
  return moduleClosureInOrder(dist, htmlFile).sort();
}
