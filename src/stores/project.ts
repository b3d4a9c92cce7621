import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { isMode, type Mode } from '../shared/routes';

/** The project last opened (plain string under `dashboard:projectId`). */
export const $projectId = persistentAtom<string>(STORAGE_KEYS.projectId, '');

/** The mode last opened (plain string under `dashboard:mode`). */
export const $mode = persistentAtom<Mode | ''>(STORAGE_KEYS.mode, '', {
  encode: (value) => value,
  decode: (raw) => (isMode(raw) ? raw : ''),
});

/** Saves the project and mode of the route being opened. */
export function rememberProject(projectId: string, mode: Mode): void {
  if (!projectId.startsWith('pro_')) return;
  if ($projectId.get() !== projectId) $projectId.set(projectId);
  if ($mode.get() !== mode) $mode.set(mode);
}
