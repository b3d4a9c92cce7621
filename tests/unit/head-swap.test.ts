import { describe, expect, it } from 'vitest';
import { headKey, planHeadSwap } from '../../src/lib/head-swap';

/** A head element as `headKey` reads it: its attributes, and its markup. */
function element(tag: string, attributes: Record<string, string>, content = '') {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return {
    getAttribute: (name: string) => attributes[name] ?? null,
    matches: (selector: string) =>
      selector === 'link[rel=stylesheet]' && tag === 'link' && attributes.rel === 'stylesheet',
    outerHTML: `<${tag}${attrs}>${content}${tag === 'link' || tag === 'meta' ? '' : `</${tag}>`}`,
  };
}

describe('headKey', () => {
  it.each([
    {
      label: 'a persisted element, whatever its attributes (the theme changes the icon)',
      a: element('link', { rel: 'icon', href: '/favicon.svg', 'data-astro-transition-persist': 'icon' }),
      b: element('link', {
        rel: 'icon',
        href: 'https://cdn.example/brand.png',
        'data-astro-transition-persist': 'icon',
      }),
      same: true,
    },
    {
      label: 'a stylesheet link, by its URL',
      a: element('link', { rel: 'stylesheet', href: '/_astro/a.css', media: 'all' }),
      b: element('link', { rel: 'stylesheet', href: '/_astro/a.css' }),
      same: true,
    },
    {
      label: 'two stylesheets',
      a: element('link', { rel: 'stylesheet', href: '/_astro/a.css' }),
      b: element('link', { rel: 'stylesheet', href: '/_astro/b.css' }),
      same: false,
    },
    {
      label: 'the same module preload',
      a: element('link', { rel: 'modulepreload', href: '/_astro/react.js' }),
      b: element('link', { rel: 'modulepreload', href: '/_astro/react.js' }),
      same: true,
    },
    {
      label: 'the same script, run on both sides',
      a: element('script', { type: 'module', src: '/_astro/page.js', 'data-astro-exec': '' }),
      b: element('script', { type: 'module', src: '/_astro/page.js', 'data-astro-exec': '' }),
      same: true,
    },
    {
      label: 'a script not run yet against the one that ran',
      a: element('script', { type: 'module', src: '/_astro/page.js', 'data-astro-exec': '' }),
      b: element('script', { type: 'module', src: '/_astro/page.js' }),
      same: false,
    },
    {
      label: 'two titles',
      a: element('title', {}, 'Wallets · Dashboard'),
      b: element('title', {}, 'Users · Dashboard'),
      same: false,
    },
    {
      label: 'two inline styles with the same text',
      a: element('style', {}, 'body{margin:0}'),
      b: element('style', {}, 'body{margin:0}'),
      same: true,
    },
  ])('$label: the same element = $same', ({ a, b, same }) => {
    expect(headKey(a) === headKey(b)).toBe(same);
  });
});

describe('planHeadSwap', () => {
  it.each([
    { label: 'the same head', current: ['a', 'b', 'c'], next: ['a', 'b', 'c'], keep: [0, 1, 2], append: [] },
    { label: 'nothing in common', current: ['a', 'b'], next: ['c', 'd'], keep: [], append: [0, 1] },
    {
      label: 'a list page to another: the title and a preload differ',
      current: ['meta', 'title:W', 'pre:react', 'pre:wallets', 'script'],
      next: ['meta', 'title:U', 'pre:react', 'pre:users', 'script'],
      keep: [0, 2, 4],
      append: [1, 3],
    },
    {
      label: 'the next head in another order',
      current: ['a', 'b', 'c'],
      next: ['c', 'a', 'b'],
      keep: [0, 1, 2],
      append: [],
    },
    { label: 'one more in the next head', current: ['a'], next: ['a', 'a'], keep: [0], append: [1] },
    { label: 'one fewer in the next head', current: ['a', 'a'], next: ['a'], keep: [0], append: [] },
    { label: 'an empty next head', current: ['a', 'b'], next: [], keep: [], append: [] },
    { label: 'an empty current head', current: [], next: ['a', 'b'], keep: [], append: [0, 1] },
  ])('$label', ({ current, next, keep, append }) => {
    expect(planHeadSwap(current, next)).toEqual({ keep, append });
  });
});
