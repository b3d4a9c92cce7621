import { describe, expect, it } from 'vitest';
import {
  PASSWORD_AGAIN,
  serverChanged,
  toDraft,
  validate,
  type SmtpSettings,
} from '../../src/islands/custom-smtp/model';

/** The Custom SMTP form asks for the password again when the server changes (the API forgets the saved one). */
const saved: SmtpSettings = {
  enabled: true,
  host: 'smtp.example.com',
  port: 587,
  user: 'mailer',
  from: 'no-reply@example.com',
  fromName: 'Studio',
  tlsMode: 'starttls',
  passwordHint: '••••word',
};

describe('the Custom SMTP form and the saved password', () => {
  it.each<[string, Partial<ReturnType<typeof toDraft>>]>([
    ['host', { host: 'smtp.other.example' }],
    ['port', { port: '2525' }],
    ['user', { user: 'someone' }],
    ['tlsMode', { tlsMode: 'implicit' }],
  ])('a new %s asks for the password again', (_field, change) => {
    const d = { ...toDraft(saved), ...change };
    expect(serverChanged(d, saved)).toBe(true);
    expect(validate(d, saved).password).toBe(PASSWORD_AGAIN);
    expect(validate({ ...d, password: 'new-password' }, saved).password).toBeUndefined();
  });

  it('other changes keep it; no user needs no password', () => {
    expect(validate({ ...toDraft(saved), fromName: 'Other' }, saved).password).toBeUndefined();
    expect(validate({ ...toDraft(saved), host: 'relay.example.com', user: '' }, saved).password).toBeUndefined();
  });
});
