/**
 * Astro writes the loader of a hydration directive (`client:load`, `client:idle`, …) as an inline script before the
 * first island that uses it: it defines `Astro.<directive>` and announces it with an `astro:<directive>` event. A
 * region taken from another page's shell may hold one (its first `client:load` island is the section's own when the
 * header's islands hydrate at idle); in a document that has run the same loader it has nothing left to do.
 */
const LOADER =
  /^\(\(\)=>\{.*\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.(\w+)=[\w$]+;window\.dispatchEvent\(new Event\("astro:\1"\)\);?\}\)\(\);?$/s;

/** The directive an inline script is Astro's loader of (`load`, `idle`, …), or null for any other script. */
export function directiveOfLoader(script: string): string | null {
  return LOADER.exec(script.trim())?.[1] ?? null;
}

/** Whether `script` is the loader of a directive this document has defined already (running it again does nothing). */
export function isLoaderRunHere(script: HTMLScriptElement): boolean {
  if (script.src || (script.type && script.type !== 'text/javascript')) return false;
  const directive = directiveOfLoader(script.textContent ?? '');
  const astro = (window as { Astro?: Record<string, unknown> }).Astro;
  return directive !== null && typeof astro?.[directive] === 'function';
}
