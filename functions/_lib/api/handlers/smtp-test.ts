import { SETTINGS_DEFAULTS } from '../../../../src/shared/api/settings';
import { smtpTestResultSchema, smtpTestSchema, type SmtpTestResult } from '../../../../src/shared/api/smtp';
import { EMAIL_TEMPLATE_DEFAULTS, type EmailTemplate } from '../../../../src/shared/email-templates';
import type { SmtpTlsMode } from '../../../../src/shared/smtp-rules';
import { parseJson, type Row } from '../../db/core';
import { resolveSmtpHost } from '../../net/smtp-host';
import { sendSmtp } from '../../net/smtp-send';
import { defineRoute, modeOf, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { ApiError, json, notFound } from '../request-response';
import {
  legacySmtp,
  plainAuthAllowed,
  readSmtpPassword,
  smtpAllowsLoopback,
  type StoredSmtpSecret,
} from '../smtp-settings';

/**
 * "Send test email" of the Custom SMTP page (docs/api.md "Custom SMTP"): the saved settings, the verification template
 * with sample data, sent over SMTP from the Function (worker-mailer over `connect()`). The host passes the SSRF checks
 * (as written and its DNS addresses); a failure of the remote side is a `200 { ok: false, reason, message, field }`,
 * never a 500. Rate limited per project and mode.
 */

type Smtp = {
  enabled: boolean;
  host: string | null;
  port: number;
  user: string | null;
  from: string | null;
  fromName: string | null;
  tlsMode: SmtpTlsMode;
};

const PER_MINUTE = 5;
const PER_HOUR = 20;

/** The sample values of the test email (the same kind the templates page previews with). */
export const SMTP_TEST_SAMPLE = {
  link: 'https://auth.example.com/verify?token_hash=5f2b8c1e9d&type=email',
  code: '482913',
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Each known `{{variable}}` replaced by its value (HTML-escaped in the body); unknown ones are left as written. */
export function fillTemplate(text: string, values: Record<string, string>, html: boolean): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const v = values[name]!;
    return html ? v.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!) : v;
  });
}

const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

async function settingsRow(c: ApiContext, kind: string): Promise<Row> {
  const s = scopeOf(c);
  const row = await c.db
    .prepare('SELECT * FROM settings WHERE project_id = ? AND mode = ? AND kind = ?')
    .bind(s.projectId, s.mode, kind)
    .first<Row>();
  if (!row) throw notFound('Settings');
  return row;
}

/** Counts one test send in both windows; 429 with Retry-After when over. */
async function limitTestSends(c: ApiContext) {
  const raw = c.env.SMTP_TEST_PER_HOUR;
  const perHour = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : PER_HOUR;
  if (perHour === 0) return;
  const limiter = c.env.RATE_LIMITER;
  if (!limiter) throw new Error('RATE_LIMITER binding missing: run workers/rate-limiter beside the Pages project');
  const s = scopeOf(c);
  for (const [window, limit, periodMs] of [
    ['minute', Math.min(PER_MINUTE, perHour), 60_000],
    ['hour', perHour, 3_600_000],
  ] as const) {
    let r;
    try {
      r = await limiter.get(limiter.idFromName(`smtp-test:${window}:${s.projectId}:${s.mode}`)).hit(limit, periodMs);
    } catch {
      throw new ApiError('unavailable', 'Service temporarily unavailable: retry shortly');
    }
    if (r.allowed) continue;
    const e = new ApiError(
      'rate_limited',
      `At most ${limit} test emails per ${window} for this project and mode: retry in ${r.retryAfterSeconds} s`,
      { retryAfterSeconds: r.retryAfterSeconds },
    );
    e.headers = { 'Retry-After': String(r.retryAfterSeconds) };
    throw e;
  }
}

export const smtpTestRoutes: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/projects/:projectId/:mode/auth/smtp/test',
    scope: 'mode',
    permission: 'manage_auth',
    tag: 'Auth',
    summary:
      'Send the verification template with sample data through the saved custom SMTP settings (SSRF-checked host, 10 s, rate limited)',
    body: smtpTestSchema,
    response: smtpTestResultSchema,
    handler: async (c) => {
      const { to } = c.body;
      const s = scopeOf(c);
      const row = await settingsRow(c, 'smtp');
      const stored = parseJson<Record<string, unknown>>(row.data, {});
      legacySmtp(stored);
      const smtp = { ...SETTINGS_DEFAULTS.smtp, ...stored } as Smtp;
      const missing = [
        ...(smtp.host ? [] : [{ path: 'host', message: 'Save the SMTP server first' }]),
        ...(smtp.from ? [] : [{ path: 'from', message: 'Save the sender address first' }]),
      ];
      if (missing.length) throw new ApiError('bad_request', 'Save the SMTP settings before sending a test', missing);
      const host = smtp.host!;
      await limitTestSends(c);
      const answer = (r: Omit<SmtpTestResult, 'to'>) => json({ ...r, to });

      const resolved = await resolveSmtpHost(host, {
        mode: modeOf(c),
        allowLoopback: smtpAllowsLoopback(c.env),
        dnsUrl: c.env.SMTP_DNS_URL,
      });
      if (!resolved.ok && resolved.kind === 'refused')
        throw new ApiError('bad_request', resolved.message, [{ path: 'host', message: resolved.message }]);
      if (!resolved.ok)
        return answer({
          ok: false,
          reason: resolved.kind as 'unknown_host' | 'dns_unavailable',
          field: 'host',
          message: resolved.message,
        });

      const secrets = parseJson<Record<string, StoredSmtpSecret>>(row.secrets, {});
      const password = await readSmtpPassword(c.env, secrets.password, s.projectId, s.mode, host);
      if (smtp.user && !password)
        throw new ApiError('bad_request', 'Enter the SMTP password and save before sending a test', [
          { path: 'password', message: 'Enter the password for this server and save' },
        ]);
      const templates = parseJson<Record<string, EmailTemplate>>((await settingsRow(c, 'email_templates')).data, {});
      const template = { ...EMAIL_TEMPLATE_DEFAULTS.emailVerification, ...templates.emailVerification };
      const project = await c.directory
        .prepare('SELECT name FROM projects WHERE id = ?')
        .bind(s.projectId)
        .first<{ name: string }>();
      const values = { ...SMTP_TEST_SAMPLE, email: to, projectName: project?.name ?? 'Your project' };
      const subject = fillTemplate(template.subject, values, false);
      const html = fillTemplate(template.body, values, true);
      const result = await sendSmtp(
        {
          host,
          port: smtp.port,
          tlsMode: smtp.tlsMode,
          user: smtp.user,
          password,
          plainAuth: plainAuthAllowed(host, smtpAllowsLoopback(c.env)),
        },
        {
          from: smtp.fromName ? { name: smtp.fromName, email: smtp.from! } : smtp.from!,
          to,
          subject,
          html,
          text: textOf(html),
        },
      );
      return answer(result.ok ? { ok: true, message: result.message, subject } : { ...result });
    },
  }),
];
