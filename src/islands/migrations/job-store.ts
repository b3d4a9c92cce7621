import type { ImportRow } from '../../shared/api/user-import.ts';

/**
 * The rows of an import kept in this browser's IndexedDB under the migration's id (docs/decisions.md "User import:
 * the rows stay in the browser"), so a reload, or a tab closed and opened again, resumes where the API says it
 * stopped. Removed when the migration completes or is canceled.
 */
export interface StoredJob {
  id: string;
  fileName: string;
  hash: string;
  rows: ImportRow[];
  savedAt: number;
}

const DB = 'dashboard-user-imports';
const STORE = 'jobs';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = work(t.objectStore(STORE));
      t.oncomplete = () => resolve(req.result);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export const saveJob = (job: StoredJob) => tx('readwrite', (s) => s.put(job)).then(() => undefined);
export const loadJob = (id: string) =>
  tx<StoredJob | undefined>('readonly', (s) => s.get(id) as IDBRequest<StoredJob | undefined>).catch(() => undefined);
export const deleteJob = (id: string) => tx('readwrite', (s) => s.delete(id)).then(() => undefined);
