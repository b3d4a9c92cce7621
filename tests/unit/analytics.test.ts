import { describe, expect, it } from 'vitest';
import { analyticsAllowed } from '../../src/lib/analytics';

describe('analyticsAllowed', () => {
  it.each([
    ['127.0.0.1', 'phc_1', true],
    ['dashboard.example.com', 'phc_1', true],
    ['localhost', 'phc_1', false],
    ['app.localhost', 'phc_1', false],
    ['dashboard.example.com', '', false],
  ])('%s with key %j → %s', (host, key, allowed) => expect(analyticsAllowed(host, key)).toBe(allowed));
});
