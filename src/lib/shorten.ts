/** `0x1234…abcd` / `acc_0190…9f3c`: keeps the prefix and the last characters that people compare. */
export function shorten(value: string): string {
  if (value.length <= 16) return value;
  const head = value.startsWith('0x') ? 6 : value.indexOf('_') + 5;
  return `${value.slice(0, head)}…${value.slice(-4)}`;
}
