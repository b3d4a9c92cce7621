import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { jsonCodec } from './json-codec';

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isNumberList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));

/** Favorite project ids, shown first in the project switcher. */
export const $favoriteProjects = persistentAtom<string[]>(
  STORAGE_KEYS.favoriteProjects,
  [],
  jsonCodec<string[]>([], isStringList),
);

/** Favorite chain ids, shown first in chain pickers. */
export const $favoriteChains = persistentAtom<number[]>(
  STORAGE_KEYS.favoriteChains,
  [],
  jsonCodec<number[]>([], isNumberList),
);

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** Adds or removes a project from the favorites. */
export function toggleFavoriteProject(projectId: string): void {
  $favoriteProjects.set(toggle($favoriteProjects.get(), projectId));
}

/** Adds or removes a chain from the favorites. */
export function toggleFavoriteChain(chainId: number): void {
  $favoriteChains.set(toggle($favoriteChains.get(), chainId));
}
