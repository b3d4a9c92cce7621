import { describe, expect, it } from 'vitest';
import { addressAllowed, canonicalClientAddress } from '../../functions/_lib/net/ip-allowlist';
import { maxKeyRateLimit, parseAllowlistEntry, rateLimitError } from '../../src/shared/key-restrictions-rules';

describe('allowlist entries (the key page and the API apply the same rule)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.0/24 ', '203.0.113.0/24'],
    ['198.51.100.7/32', '198.51.100.7'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['2001:db8:abcd::/48', '2001:db8:abcd::/48'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['0.0.0.0/0', '0.0.0.0/0'],
  ])('%s is stored as %s', (input, canonical) => {
    expect(parseAllowlistEntry(input)).toEqual({ ok: true, canonical });
  });

  it.each([
    ['', /Enter an address/],
    ['example.com', /IPv4 or IPv6/],
    ['127.1', /IPv4 or IPv6/],
    ['fe80::1%eth0', /IPv4 or IPv6/],
    ['10.0.0.0/33', /from 0 to 32/],
    ['10.0.0.0/08', /from 0 to 32/],
    ['2001:db8::/129', /from 0 to 128/],
    ['10.1.2.3/8', /the range is 10\.0\.0\.0\/8/],
    ['2001:db8::1/32', /the range is 2001:db8::\/32/],
  ])('%s is refused', (input, message) => {
    const r = parseAllowlistEntry(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe('matching a client address', () => {
  const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8:abcd::/48'];
  it.each([
    ['203.0.113.255', true],
    ['203.0.112.1', false],
    ['198.51.100.7', true],
    ['::ffff:198.51.100.7', true],
    ['2001:db8:abcd:ffff::1', true],
    ['2001:db8:abce::', false],
    ['not an address', false],
    [null, false],
  ])('%s → %s', (ip, allowed) => {
    expect(addressAllowed(list, canonicalClientAddress(ip))).toBe(allowed);
  });

  it('an empty list allows any address; an unreadable entry matches nothing', () => {
    expect(addressAllowed([], null)).toBe(true);
    expect(addressAllowed(['unreadable'], '203.0.113.1')).toBe(false);
  });
});

describe('the key limit', () => {
  it('is below the project limit, or up to 1,000,000 when the project has none', () => {
    expect(maxKeyRateLimit(1200)).toBe(1199);
    expect(rateLimitError(1199, 1200)).toBeNull();
    expect(rateLimitError(1200, 1200)).toMatch(/below the project's limit of 1,200/);
    expect(rateLimitError(0, 1200)).toMatch(/at least 1/);
    expect(rateLimitError(null, 1200)).toBeNull();
    expect(rateLimitError(1_000_000, 0)).toBeNull();
    expect(rateLimitError(1_000_001, 0)).toMatch(/At most 1,000,000/);
  });
});
