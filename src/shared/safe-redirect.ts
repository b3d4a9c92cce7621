/**
 * Same-origin redirect targets for `redirectTo` / `from`. Anything that could leave the site (absolute URLs,
 * protocol-relative `//host`, backslash tricks, other schemes, their percent-encoded forms) falls back to `/`.
 */

const BASE = 'http://dashboard.invalid';
const MAX_LENGTH = 2048;

function unsafe(candidate: string): boolean {
  if (!candidate.startsWith('/')) return true;
  // `//host` and `/\host` are protocol-relative in browsers; control characters and whitespace are stripped by the
  // URL parser and could turn `/\t/host` into `//host`.
  if (candidate.startsWith('//') || candidate.includes('\\')) return true;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(candidate)) return true;
  return false;
}

/** A same-origin path (with query and hash) from an untrusted value, or `/`. */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return '/';
  // Check the value and every percent-decoded form of it: a target decoded once more later must still be safe.
  let current = value;
  for (let i = 0; i < 5; i++) {
    if (unsafe(current)) return '/';
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return '/';
    }
    if (next === current) break;
    current = next;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return unsafe(path) ? '/' : path;
}
