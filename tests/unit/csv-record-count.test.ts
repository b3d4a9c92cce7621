import { describe, expect, it } from 'vitest';
import { countRecords } from '../../scripts/bench/csv-export.ts';

/** The CSV bench's "every row there" check counts LF outside quoted cells (records = that count less the header), in chunks cut anywhere. */
const cases: Array<[name: string, csv: string, newlines: number]> = [
  ['plain rows', 'id,name\n1,a\n2,b\n', 3],
  ['a quoted cell with a newline', 'id,note\n1,"two\nlines"\n2,x\n', 3],
  ['an escaped quote inside a quoted cell', 'id,note\n1,"say ""hi""\nthere"\n', 2],
  ['a quoted cell with a comma', 'id,note\n1,"a,b"\n', 2],
  ['no trailing newline', 'id\n1\n2', 2],
  ['empty', '', 0],
];

describe('countRecords', () => {
  it.each(cases)('%s', (_name, csv, newlines) => {
    const bytes = new TextEncoder().encode(csv);
    // Whole, and cut into chunks of every size from 1 byte: the quote state carries over between chunks.
    for (const size of [bytes.length || 1, 1, 2, 3, 5, 7]) {
      const state = { quoted: false, newlines: 0 };
      for (let i = 0; i < bytes.length; i += size) countRecords(bytes.subarray(i, i + size), state);
      expect(state.newlines, `chunks of ${size}`).toBe(newlines);
    }
  });
});
