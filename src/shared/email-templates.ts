/**
 * Auth email templates: which there are, the variables each may use, which it needs, their defaults and the rules
 * both the API's schema (src/shared/api/settings.ts) and the dashboard's form apply. Zod-free, so the browser
 * imports it. Variables are written `{{name}}` (spaces inside the braces allowed); docs/api.md "Authentication settings".
 */

import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE } from './control-characters.ts';

export const EMAIL_TEMPLATE_KINDS = ['emailVerification', 'passwordReset', 'invite', 'magicLink'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const EMAIL_VARIABLES = {
  link: 'The link that confirms, resets, accepts or signs in',
  code: 'The one-time code',
  email: "The recipient's email address",
  projectName: "Your project's name",
} as const;
export type EmailVariable = keyof typeof EMAIL_VARIABLES;

export interface EmailTemplateSpec {
  label: string;
  description: string;
  variables: readonly EmailVariable[];
  /** The body needs at least one of these, or the user cannot act on the email. */
  needsOneOf: readonly EmailVariable[];
}

export const EMAIL_TEMPLATES: Record<EmailTemplateKind, EmailTemplateSpec> = {
  emailVerification: {
    label: 'Email verification',
    description: 'Sent when a user signs up with email, to confirm the address.',
    variables: ['link', 'code', 'email', 'projectName'],
    needsOneOf: ['link', 'code'],
  },
  passwordReset: {
    label: 'Password reset',
    description: 'Sent when a user asks to reset a forgotten password.',
    variables: ['link', 'email', 'projectName'],
    needsOneOf: ['link'],
  },
  invite: {
    label: 'Invite',
    description: 'Sent when you invite a user by email.',
    variables: ['link', 'email', 'projectName'],
    needsOneOf: ['link'],
  },
  magicLink: {
    label: 'Magic link',
    description: 'Sent when a user signs in with a link instead of a password.',
    variables: ['link', 'code', 'email', 'projectName'],
    needsOneOf: ['link'],
  },
};

export interface EmailTemplate {
  subject: string;
  body: string;
}

export const EMAIL_TEMPLATE_DEFAULTS: Record<EmailTemplateKind, EmailTemplate> = {
  emailVerification: { subject: 'Confirm your email', body: '<p>Your verification code is {{code}}.</p>' },
  passwordReset: { subject: 'Reset your password', body: '<p>Reset your password: {{link}}</p>' },
  invite: {
    subject: 'You are invited to {{projectName}}',
    body: '<p>You have been invited to {{projectName}}.</p>\n<p><a href="{{link}}">Accept the invite</a></p>',
  },
  magicLink: {
    subject: 'Your sign-in link',
    body: '<p><a href="{{link}}">Sign in to {{projectName}}</a></p>\n<p>The link works once and expires in one hour.</p>',
  },
};

export const SUBJECT_MAX_LENGTH = 200;
export const BODY_MAX_LENGTH = 50_000;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const known = (kind: EmailTemplateKind, name: string): name is EmailVariable =>
  (EMAIL_TEMPLATES[kind].variables as readonly string[]).includes(name);

/** `{{name}}`, as inserted by the variables helper. */
export const variableToken = (name: EmailVariable) => `{{${name}}}`;

/** The variables a text uses, in order, each once. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

function unknownError(kind: EmailTemplateKind, text: string): string | null {
  const unknown = variablesIn(text).find((v) => !known(kind, v));
  if (unknown === undefined) return null;
  return `Unknown variable {{${unknown}}}: use ${EMAIL_TEMPLATES[kind].variables.map(variableToken).join(', ')}`;
}

export function subjectError(kind: EmailTemplateKind, subject: string): string | null {
  if (!subject.trim()) return 'Enter a subject';
  if (subject.length > SUBJECT_MAX_LENGTH) return `At most ${SUBJECT_MAX_LENGTH} characters`;
  if (/[\r\n]/.test(subject)) return 'A subject is one line';
  if (CONTROL_CHARACTER.test(subject)) return CONTROL_CHARACTER_MESSAGE;
  return unknownError(kind, subject);
}

export function bodyError(kind: EmailTemplateKind, body: string): string | null {
  if (!body.trim()) return 'Enter the body';
  if (body.length > BODY_MAX_LENGTH) return `At most ${BODY_MAX_LENGTH.toLocaleString('en-US')} characters`;
  const unknown = unknownError(kind, body);
  if (unknown) return unknown;
  const used = variablesIn(body);
  const needs = EMAIL_TEMPLATES[kind].needsOneOf;
  if (!needs.some((v) => used.includes(v)))
    return needs.length === 1
      ? `Add ${variableToken(needs[0]!)}: without it the user cannot act on the email`
      : `Add ${needs.map(variableToken).join(' or ')}: without one the user cannot act on the email`;
  return null;
}

/** Messages by field path (`invite.body`), as the API answers them. */
export function emailTemplateErrors(templates: Record<EmailTemplateKind, EmailTemplate>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    const t = templates[kind];
    const s = subjectError(kind, t.subject);
    if (s) errors[`${kind}.subject`] = s;
    const b = bodyError(kind, t.body);
    if (b) errors[`${kind}.body`] = b;
  }
  return errors;
}
