import type { ImportFailure, ImportMapping, ImportRow } from '../../shared/api/user-import.ts';
import type { SourceKind } from './sources.ts';

export interface Parsed {
  count: number;
  columns: string[];
  sample: Record<string, unknown>[];
  hash: string;
}
export interface Mapped {
  rows: ImportRow[];
  failures: ImportFailure[];
}

/**
 * The parser's Web Worker, started when a file is chosen (so papaparse is not in the page's first JavaScript). One
 * request at a time: `parse` a file, then `map` its records as often as the mapping changes.
 */
export class FileParser {
  private worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });

  private ask<T>(message: unknown, expect: string): Promise<T> {
    return new Promise((resolve, reject) => {
      this.worker.onmessage = (e: MessageEvent) => {
        if (e.data.type === expect) resolve(e.data as T);
        else reject(new Error(e.data.message ?? 'The file could not be read'));
      };
      this.worker.onerror = () => reject(new Error('The file could not be read'));
      this.worker.postMessage(message);
    });
  }

  parse(file: File, source: SourceKind): Promise<Parsed> {
    return this.ask({ type: 'parse', file, source }, 'parsed');
  }

  map(mapping: ImportMapping): Promise<Mapped> {
    return this.ask({ type: 'map', mapping }, 'mapped');
  }

  close() {
    this.worker.terminate();
  }
}
