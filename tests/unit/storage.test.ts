import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/shared/storage-keys';

useTestStorageEngine();
const { $projectId, $mode, rememberProject } = await import('../../src/stores/project');
const { $favoriteProjects, $favoriteChains, toggleFavoriteProject, toggleFavoriteChain } =
  await import('../../src/stores/favorites');
const { $skipOnboarding } = await import('../../src/stores/onboarding');
const { $ecosystemTheme, setEcosystemTheme } = await import('../../src/stores/ecosystem');

beforeAll(() => useTestStorageEngine());
beforeEach(() => cleanTestStorage());

describe('storage keys', () => {
  it('are exactly the documented ones', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'dashboard:projectId',
      'dashboard:mode',
      'dashboard:favoriteProjects',
      'dashboard:favoriteChains',
      'dashboard:skipOnboarding',
      'dashboard:ecosystemTheme',
      'dashboard:columns:',
      'dashboard:prefetch',
      'dashboard:toast-next',
      'dashboard:list-totals',
      'dashboard:d1-bookmarks',
    ]);
  });
});

describe('persistent stores', () => {
  it('remember the project and mode as plain strings', () => {
    const off = [$projectId.listen(() => {}), $mode.listen(() => {})];
    rememberProject('pro_1', 'live');
    expect(getTestStorage()).toMatchObject({ [STORAGE_KEYS.projectId]: 'pro_1', [STORAGE_KEYS.mode]: 'live' });
    rememberProject('not-a-project', 'test');
    expect($projectId.get()).toBe('pro_1');
    off.forEach((f) => f());
  });

  it('lists are one JSON value under their key', () => {
    const off = [$favoriteProjects.listen(() => {}), $favoriteChains.listen(() => {})];
    toggleFavoriteProject('pro_1');
    toggleFavoriteProject('pro_2');
    toggleFavoriteProject('pro_1');
    toggleFavoriteChain(8453);
    expect(getTestStorage()[STORAGE_KEYS.favoriteProjects]).toBe('["pro_2"]');
    expect(getTestStorage()[STORAGE_KEYS.favoriteChains]).toBe('[8453]');
    off.forEach((f) => f());
  });

  it('follow changes made in another tab', () => {
    const off = $favoriteProjects.listen(() => {});
    setTestStorageKey(STORAGE_KEYS.favoriteProjects, '["pro_9"]');
    expect($favoriteProjects.get()).toEqual(['pro_9']);
    off();
  });

  it('a corrupt or wrongly typed value reads as the default', () => {
    const off = [$favoriteProjects.listen(() => {}), $skipOnboarding.listen(() => {}), $mode.listen(() => {})];
    setTestStorageKey(STORAGE_KEYS.favoriteProjects, '{broken');
    expect($favoriteProjects.get()).toEqual([]);
    setTestStorageKey(STORAGE_KEYS.favoriteProjects, '[1,2]');
    expect($favoriteProjects.get()).toEqual([]);
    setTestStorageKey(STORAGE_KEYS.skipOnboarding, '"yes"');
    expect($skipOnboarding.get()).toBe(false);
    setTestStorageKey(STORAGE_KEYS.mode, 'prod');
    expect($mode.get()).toBe('');
    off.forEach((f) => f());
  });

  it('the ecosystem theme is stored as one object and validated', () => {
    const off = $ecosystemTheme.listen(() => {});
    setEcosystemTheme({ primaryColor: '#ff0000', radius: '4px' });
    expect(JSON.parse(getTestStorage()[STORAGE_KEYS.ecosystemTheme]!)).toEqual({
      primaryColor: '#ff0000',
      radius: '4px',
    });
    expect(() => setEcosystemTheme({ primaryColor: 5 } as never)).toThrow();
    off();
  });
});
