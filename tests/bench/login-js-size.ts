/**
 * JavaScript that /auth/login loads before any interaction: the /_astro/*.js files its built shell references
 * (module scripts, island components and renderers) and every chunk they import statically, gzip -9 summed.
 * Usage: npm exec -- node tests/bench/login-js-size.ts [shell] (after `npm run build`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.join(import.meta.dirname, '../../dist');
const shell = process.argv[2] ?? 'auth-login';
const html = readFileSync(path.join(dist, 'shell', `${shell}.html`), 'utf8');

const seen = new Set<string>();
const queue = [
  ...html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g),
].map((m) => m[1]!);
for (const m of html.matchAll(/import\s*(?:[^'"]*?from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)) queue.push(m[1]!);
while (queue.length) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  // Static imports only (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import("./x.js")`.
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
}
let total = 0;
for (const file of [...seen].sort()) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip -9 (${seen.size} files) for /shell/${shell}.html`);
