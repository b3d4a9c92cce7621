/**
 * Header values of outgoing mail, encoded per RFC 2047 (docs/security.md "Mail and invites"). worker-mailer encodes a
 * value only when it has non-ASCII characters, so an ASCII subject or display name with `\r\n` would start a new
 * header (`Bcc: …`): here any value that is not plain printable ASCII becomes encoded-words (`=?UTF-8?B?…?=`, at most
 * 75 characters each, whole UTF-8 characters per word), which no header parser reads as a line break.
 */

const PLAIN = /^[\x20-\x7e]*$/;
const MAX_WORD = 75;
const PREFIX = '=?UTF-8?B?';
const SUFFIX = '?=';
const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** One or more RFC 2047 encoded-words for `text`, separated by folding white space. */
export function encodedWords(text: string): string {
  // 75 - 12 characters of framing leave 63 for base64: 45 bytes of UTF-8 per word.
  const maxBytes = Math.floor((MAX_WORD - PREFIX.length - SUFFIX.length) / 4) * 3;
  const words: string[] = [];
  let chunk: number[] = [];
  for (const ch of text) {
    const bytes = encoder.encode(ch);
    if (chunk.length + bytes.length > maxBytes) {
      words.push(`${PREFIX}${base64(Uint8Array.from(chunk))}${SUFFIX}`);
      chunk = [];
    }
    chunk.push(...bytes);
  }
  if (chunk.length || !words.length) words.push(`${PREFIX}${base64(Uint8Array.from(chunk))}${SUFFIX}`);
  return words.join('\r\n ');
}

/** An unstructured header value (Subject): as is when plain printable ASCII without `=?`, else encoded-words. */
export function encodeHeaderValue(value: string): string {
  return PLAIN.test(value) && !value.includes('=?') ? value : encodedWords(value);
}

/** A mailbox (`From`, `To`): `"Name" <address>` (quotes and backslashes escaped) or `=?UTF-8?B?…?= <address>`. */
export function formatMailbox(address: string, name?: string | null): string {
  if (/[\s<>"\\,;]/.test(address)) throw new Error('Invalid email address for a header');
  if (!name) return address;
  if (PLAIN.test(name) && !name.includes('=?')) return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`;
  return `${encodedWords(name)} <${address}>`;
}
