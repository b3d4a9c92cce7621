import { describe, expect, it } from 'vitest';
import { guardTarget, needsGuard } from '../../src/shared/guard';

describe('needsGuard', () => {
  it.each([
    ['/', false],
    ['/pro_1/live/wallets', false],
    ['/auth/login', false],
    ['/profile', false],
    ['/wallets', true],
    ['/users/pla_1', true],
    ['/something', true],
  ] as const)('%s → %s', (p, expected) => expect(needsGuard(p)).toBe(expected));
});

describe('guardTarget', () => {
  it.each([
    ['/wallets?page=2', { projectId: 'pro_1', mode: 'live' }, '/pro_1/live/wallets?page=2'],
    ['/wallets', { projectId: 'pro_1', mode: null }, '/?from=%2Fwallets'],
    ['/wallets', { projectId: null, mode: 'test' }, '/?from=%2Fwallets'],
    ['/wallets#x', { projectId: 'bad', mode: 'test' }, '/?from=%2Fwallets%23x'],
    ['/wallets', { projectId: 'pro_1', mode: 'prod' }, '/?from=%2Fwallets'],
    ['/x', { projectId: 'pro_a/../b', mode: 'live' }, '/?from=%2Fx'],
  ] as const)('%s with %o → %s', (href, saved, expected) => expect(guardTarget(href, saved)).toBe(expected));
});
