/** encode/decode pair for persistent atoms that hold one JSON value; a corrupt value decodes to the fallback. */
export function jsonCodec<T>(fallback: T, isValid: (value: unknown) => value is T) {
  return {
    encode: (value: T) => JSON.stringify(value),
    decode: (raw: string): T => {
      try {
        const value: unknown = JSON.parse(raw);
        return isValid(value) ? value : fallback;
      } catch {
        return fallback;
      }
    },
  };
}
