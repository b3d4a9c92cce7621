/** The columns a user chose for a list, kept in local storage (no React: the early rows read it too). */
import { STORAGE_KEYS } from '../../shared/storage-keys';

/** The visible column ids saved for a list (local storage), or null when the user never chose. */
export function savedColumns(listKey: string): string[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.columns + listKey) ?? 'null');
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** Saves the visible columns of a list. */
export function saveColumns(listKey: string, ids: readonly string[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.columns + listKey, JSON.stringify(ids));
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
