import { describe, expect, it } from 'vitest';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { directiveOfLoader } from '../../src/lib/astro-directive-loader';

// The loaders Astro writes into the built pages, as the installed Astro has them: a prepared section skips these.
describe('directiveOfLoader recognises the installed Astro loaders', () => {
  it.each([
    ['load', load],
    ['idle', idle],
    ['media', media],
    ['only', only],
    ['visible', visible],
  ])('client:%s', (directive, script) => {
    expect(directiveOfLoader(script)).toBe(directive);
  });
});

describe('directiveOfLoader rejects any other script', () => {
  it.each([
    ['a page script', 'document.querySelector("main").dataset.x = "1";'],
    ['a loader with more after it', `${load}alert(1);`],
    ['a loader with something before it', `alert(1);${load}`],
    ['a directive and an event that differ', load.replace('"astro:load"', '"astro:idle"')],
    [
      'the island element definition',
      '(()=>{var g=Object.defineProperty;customElements.define("astro-island",class{})})();',
    ],
    ['empty', ''],
  ])('%s', (_name, script) => {
    expect(directiveOfLoader(script)).toBeNull();
  });
});
