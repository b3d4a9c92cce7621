import {
  looksLikeEmail,
  SMTP_PORT_MESSAGE,
  SMTP_USUAL_PORTS,
  smtpFromNameError,
  smtpHostError,
  smtpRequiredErrors,
  smtpUserError,
  type SmtpTlsMode,
} from '../../shared/smtp-rules';
import { SECRET_MIN_LENGTH } from '../../shared/auth-settings-rules';
import type { FieldErrors } from '../security/settings-form';

/** `GET …/auth/smtp` data (docs/api.md "Custom SMTP"): the password only as its hint. */
export interface SmtpSettings {
  enabled: boolean;
  host: string | null;
  port: number;
  user: string | null;
  from: string | null;
  fromName: string | null;
  tlsMode: SmtpTlsMode;
  passwordHint: string | null;
}

/** The form's text: what the user typed, kept as typed. */
export interface SmtpDraft {
  enabled: boolean;
  host: string;
  port: string;
  user: string;
  password: string;
  from: string;
  fromName: string;
  tlsMode: SmtpTlsMode;
}

export const toDraft = (s: SmtpSettings): SmtpDraft => ({
  enabled: s.enabled,
  host: s.host ?? '',
  port: String(s.port),
  user: s.user ?? '',
  password: '',
  from: s.from ?? '',
  fromName: s.fromName ?? '',
  tlsMode: s.tlsMode,
});

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The PATCH body: every field, the password only when a new one was typed. */
export function toBody(d: SmtpDraft): Record<string, unknown> {
  return {
    enabled: d.enabled,
    host: orNull(d.host),
    port: Number(d.port),
    user: orNull(d.user),
    from: orNull(d.from),
    fromName: orNull(d.fromName),
    tlsMode: d.tlsMode,
    ...(d.password ? { password: d.password } : {}),
  };
}

/** Whether the draft differs from the saved settings (the test email uses the saved ones). */
export const isDirty = (d: SmtpDraft, s: SmtpSettings) =>
  JSON.stringify({ ...toDraft(s), password: '' }) !== JSON.stringify(d);

/**
 * Whether the draft names another server than the saved one (host, port, user or TLS mode): the API then forgets the
 * saved password, which is never sent to another server, so the form asks for it again.
 */
export const serverChanged = (d: SmtpDraft, s: SmtpSettings) =>
  d.host.trim() !== (s.host ?? '') ||
  d.port.trim() !== String(s.port) ||
  d.user.trim() !== (s.user ?? '') ||
  d.tlsMode !== s.tlsMode;

export const PASSWORD_AGAIN = 'Enter the password again: the saved one is never sent to another server';

/** The rules of src/shared/smtp-rules.ts, before sending (the API answers with the same messages). */
export function validate(d: SmtpDraft, saved?: SmtpSettings): FieldErrors {
  const errors: FieldErrors = {};
  const host = d.host.trim();
  const hostError = host ? smtpHostError(host) : null;
  if (hostError) errors.host = hostError;
  const port = Number(d.port);
  if (!/^\d+$/.test(d.port.trim()) || port < 1 || port > 65_535) errors.port = SMTP_PORT_MESSAGE;
  const userError = smtpUserError(d.user);
  if (userError) errors.user = userError;
  if (saved?.passwordHint && d.user.trim() && !d.password && serverChanged(d, saved)) errors.password = PASSWORD_AGAIN;
  if (d.password && d.password.length < SECRET_MIN_LENGTH.smtpPassword)
    errors.password = `Must be at least ${SECRET_MIN_LENGTH.smtpPassword} characters`;
  if (d.from.trim() && !looksLikeEmail(d.from.trim()))
    errors.from = 'Expected an email address such as no-reply@example.com';
  const nameError = smtpFromNameError(d.fromName.trim());
  if (nameError) errors.fromName = nameError;
  return { ...smtpRequiredErrors({ enabled: d.enabled, host, from: d.from.trim() }), ...errors };
}

/** A new TLS mode moves the port along when it was the previous mode's usual one (587 → 465 for implicit TLS). */
export function withTlsMode(d: SmtpDraft, tlsMode: SmtpTlsMode): SmtpDraft {
  const usual = d.port === String(SMTP_USUAL_PORTS[d.tlsMode]);
  return { ...d, tlsMode, port: usual ? String(SMTP_USUAL_PORTS[tlsMode]) : d.port };
}
