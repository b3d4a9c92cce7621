import { describe, expect, it } from 'vitest';
import { clientNetwork, scrubQuery, scrubUserAgent } from '../../functions/_lib/logs/scrub';

describe('request log scrubber', () => {
  it.each([
    ['', null],
    ['?limit=5&page=2', 'limit=5&page=2'],
    ['?token=abc123&limit=5', 'token=[redacted]&limit=5'],
    ['?access_token=abc&x=1', 'access_token=[redacted]&x=1'],
    ['?client_secret=s3cr3t', 'client_secret=[redacted]'],
    ['?apiKey=sk_test_123', 'apiKey=[redacted]'],
    ['?PASSWORD=hunter2&user=a', 'PASSWORD=[redacted]&user=a'],
    ['?signature=deadbeef', 'signature=[redacted]'],
    ['?code=4%2F0AX&state=xyz', 'code=[redacted]&state=xyz'],
    ['?sig=abc', 'sig=[redacted]'],
    ['?session=1', 'session=[redacted]'],
    ['?jwt', 'jwt=[redacted]'],
    ['?%74oken=abc', '%74oken=[redacted]'],
    ['?filters=%5B%5D&order=createdAt%3Adesc', 'filters=%5B%5D&order=createdAt%3Adesc'],
  ])('query %s → %s', (input, expected) => {
    expect(scrubQuery(input)).toBe(expected);
  });

  it('never keeps a secret value anywhere in the query', () => {
    const out = scrubQuery('?a=1&refresh_token=SECRET1&b=2&private_key=SECRET2&otp=SECRET3');
    expect(out).not.toMatch(/SECRET/);
    expect(out).toBe('a=1&refresh_token=[redacted]&b=2&private_key=[redacted]&otp=[redacted]');
  });

  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['not an address', null],
    ['', null],
  ])('client address %s → %s', (input, expected) => {
    expect(clientNetwork(input)).toBe(expected);
  });

  it('keeps user agents short and on one line', () => {
    expect(scrubUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(scrubUserAgent('a\r\nInjected: 1')).toBe('a  Injected: 1');
    expect(scrubUserAgent('x'.repeat(2000))!.length).toBe(512);
    expect(scrubUserAgent(null)).toBeNull();
  });
});
