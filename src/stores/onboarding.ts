import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { jsonCodec } from './json-codec';

/** True once the user chose to skip onboarding. */
export const $skipOnboarding = persistentAtom<boolean>(
  STORAGE_KEYS.skipOnboarding,
  false,
  jsonCodec<boolean>(false, (v): v is boolean => typeof v === 'boolean'),
);
