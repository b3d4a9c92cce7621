import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): a file whose first line is this comment has
 * all its functions compiled with the file, where a module is streamed and compiled off the main thread, instead of
 * lazily on the main thread at their first call.
 */
export const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * The modules whose chunk gets the hint: the analytics charts (uPlot). Their code runs within the first chart's draw,
 * right after the data arrives (the bench's "analytics chart draw"); compiled lazily, that compile falls inside the
 * measured window (docs/decisions.md "The analytics chart draw").
 */
const HINTED = /node_modules[\\/]uplot[\\/]/;

/** Whether a chunk of these modules gets the hint. */
export function wantsCompileHint(moduleIds: string[]): boolean {
  return moduleIds.some((id) => HINTED.test(id));
}

/**
 * Prepends the hint to the chunks that want it, once the bundle is final (a banner would be stripped by the minifier;
 * the output's `postBanner` adds a line to every chunk, even an empty one). A source map gets the line too.
 */
export function compileHints(): Plugin {
  return {
    name: 'dashboard:compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !wantsCompileHint(Object.keys(file.modules))) continue;
        file.code = `${COMPILE_ALL_ON_LOAD}\n${file.code}`;
        if (file.map) file.map.mappings = `;${file.map.mappings}`;
      }
    },
  };
}
