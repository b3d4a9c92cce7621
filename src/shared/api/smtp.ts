import { z } from 'zod';

/** `POST …/{mode}/auth/smtp/test`: send the verification template with sample data through the saved SMTP settings. */
export const smtpTestSchema = z
  .strictObject({ to: z.email('Expected an email address such as you@example.com').max(254) })
  .meta({ id: 'SmtpTest' });

export const SMTP_TEST_REASONS = [
  'connection_refused',
  'unknown_host',
  'dns_unavailable',
  'auth_failed',
  'auth_required',
  'tls_failed',
  'starttls_unavailable',
  'tls_required',
  'timeout',
  'sender_refused',
  'recipient_refused',
  'message_refused',
  'connection_closed',
  'failed',
] as const;

/** `ok: false` says why the server did not take the email, and at which settings field (null: none in particular). */
export const smtpTestResultSchema = z
  .object({
    ok: z.boolean(),
    message: z.string(),
    reason: z.enum(SMTP_TEST_REASONS).optional(),
    field: z.enum(['host', 'port', 'user', 'password', 'tlsMode', 'from', 'to']).nullable().optional(),
    subject: z.string().optional(),
    to: z.string(),
  })
  .meta({ id: 'SmtpTestResult' });
export type SmtpTestResult = z.infer<typeof smtpTestResultSchema>;
