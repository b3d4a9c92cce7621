import { describe, expect, it } from 'vitest';
import { smtpFromNameError, smtpHostError, smtpRequiredErrors } from '../../src/shared/smtp-rules.ts';
import {
  isDirty,
  toBody,
  toDraft,
  validate,
  withTlsMode,
  type SmtpSettings,
} from '../../src/islands/custom-smtp/model.ts';
import { inboxPage, messagePage } from '../../dev/smtp-inbox/page.ts';

describe('smtpHostError', () => {
  it.each([
    ['smtp.example.com', null],
    ['SMTP.Example.com.', null],
    ['127.0.0.1', null],
    ['2001:db8::25', null],
    ['[2001:db8::25]', null],
    [' smtp.example.com', 'Remove the spaces'],
    ['smtps://smtp.example.com', 'without smtp://'],
    ['smtp.example.com:587', 'port in its own field'],
    ['smtp.example.com/path', 'no path or user'],
    ['user@smtp.example.com', 'no path or user'],
    ['-smtp.example.com', 'Expected a host name'],
    ['smtp..example.com', 'Expected a host name'],
    ['999.1.1.1', 'four numbers'],
    ['fe80::1%eth0', 'Expected a host name or an IP address'],
    ['a'.repeat(254), 'At most 253'],
  ])('%s → %s', (host, message) => {
    const error = smtpHostError(host);
    if (message === null) expect(error).toBeNull();
    else expect(error).toContain(message);
  });

  it('sender names cannot end the header or add one', () => {
    expect(smtpFromNameError('Nebula Quest')).toBeNull();
    expect(smtpFromNameError('Élodie & Co')).toBeNull();
    for (const bad of ['a"b', 'a<b', 'a>b', 'a\\b', 'a\r\nBcc: x@y.test'])
      expect(smtpFromNameError(bad)).toMatch(/not allowed/);
  });

  it('an enabled server needs its host and sender', () => {
    expect(smtpRequiredErrors({ enabled: false, host: null, from: null })).toEqual({});
    expect(Object.keys(smtpRequiredErrors({ enabled: true, host: ' ', from: null }))).toEqual(['host', 'from']);
  });
});

describe('the form model', () => {
  const saved: SmtpSettings = {
    enabled: true,
    host: 'smtp.example.com',
    port: 587,
    user: 'u',
    from: 'no-reply@example.com',
    fromName: null,
    tlsMode: 'starttls',
    passwordHint: '••••word',
  };
  it('sends the password only when one was typed, and empty text as null', () => {
    const d = toDraft(saved);
    expect(toBody({ ...d, user: ' ', fromName: '' })).toEqual({
      enabled: true,
      host: 'smtp.example.com',
      port: 587,
      user: null,
      from: 'no-reply@example.com',
      fromName: null,
      tlsMode: 'starttls',
    });
    expect(toBody({ ...d, password: 'new-password' })).toMatchObject({ password: 'new-password' });
    expect(isDirty(d, saved)).toBe(false);
    expect(isDirty({ ...d, password: 'x' }, saved)).toBe(true);
  });
  it('moves a usual port along with the TLS mode, and keeps any other', () => {
    const d = toDraft(saved);
    expect(withTlsMode(d, 'implicit').port).toBe('465');
    expect(withTlsMode({ ...d, port: '2525' }, 'implicit').port).toBe('2525');
  });
  it('checks each field with its message', () => {
    expect(
      validate({ ...toDraft(saved), host: 'smtp://x', port: '0', password: 'short', from: 'x', fromName: 'a"' }),
    ).toEqual({
      host: 'Enter the host name only, without smtp:// or https://',
      port: 'Enter a port from 1 to 65535',
      password: 'Must be at least 8 characters',
      from: 'Expected an email address such as no-reply@example.com',
      fromName: 'Quotes, angle brackets, backslashes and line breaks are not allowed',
    });
  });
});

describe('the local SMTP inbox page', () => {
  const message = {
    id: '00000000-0000-4000-8000-000000000000',
    mailFrom: 'a@x.test',
    rcptTo: ['b@y.test'],
    from: '"<A>" <a@x.test>',
    to: 'b@y.test',
    subject: '<script>alert(1)</script>',
    headerLines: ['Subject: <script>alert(1)</script>'],
    html: '<p onclick="x()">"hi"</p><script>alert(2)</script>',
    text: 'hi',
    receivedAt: '2026-01-01T00:00:00.000Z',
  };
  it('escapes what a message says and shows its HTML only in a sandboxed srcdoc frame', () => {
    const list = inboxPage([message], 2525);
    expect(list).not.toContain('<script>');
    expect(list).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const one = messagePage(message);
    expect(one).not.toContain('<script>');
    expect(one).toContain('<iframe title="HTML body" sandbox srcdoc="&lt;p onclick=&quot;x()&quot;&gt;');
  });
});
