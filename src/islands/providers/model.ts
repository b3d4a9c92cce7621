import {
  OAUTH_PROVIDERS,
  OTP_LENGTH_BOUNDS,
  PASSWORD_MIN_LENGTH_BOUNDS,
  SECRET_MIN_LENGTH,
  THIRD_PARTY_FIELDS,
  thirdPartyFieldError,
  type OauthProvider,
  type ThirdPartyProvider,
} from '../../shared/auth-settings-rules';
import type { FieldErrors } from '../security/settings-form';

/** `GET …/auth/providers` data (docs/api.md "Authentication settings"): secrets only as hints. */
export interface ProvidersSettings {
  email: { enabled: boolean; passwordMinLength: number; requireSpecialCharacter: boolean; otpLength: number };
  phone: { enabled: boolean; smsProvider: string | null };
  guest: { enabled: boolean };
  wallet: { enabled: boolean };
  oauth: Record<OauthProvider, { enabled: boolean; clientId: string | null; clientSecretHint: string | null }>;
  thirdParty: Record<string, string | null> & { provider: ThirdPartyProvider | null };
}

export const OAUTH_NAMES: Record<OauthProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  twitter: 'X',
  discord: 'Discord',
  facebook: 'Facebook',
  epic_games: 'Epic Games',
  line: 'LINE',
};
export const THIRD_PARTY_NAMES: Record<ThirdPartyProvider, string> = {
  firebase: 'Firebase',
  supabase: 'Supabase',
  playfab: 'PlayFab',
  accelbyte: 'AccelByte',
  lootlocker: 'LootLocker',
  custom: 'Custom endpoint',
  oidc: 'OIDC / custom JWT',
};
export const THIRD_PARTY_LABELS: Record<string, string> = {
  firebaseProjectId: 'Firebase project ID',
  supabaseUrl: 'Supabase URL',
  supabaseKey: 'Supabase key',
  playfabTitleId: 'PlayFab title ID',
  accelbyteBaseUrl: 'AccelByte base URL',
  accelbyteNamespace: 'AccelByte namespace',
  lootlockerServerKey: 'LootLocker server key',
  endpoint: 'Verification endpoint',
  jwksUrl: 'JWKS URL',
  audience: 'Audience',
};
export const SMS_NAMES: Record<string, string> = { twilio: 'Twilio', messagebird: 'MessageBird', vonage: 'Vonage' };

const TEXT_FIELDS = [
  'firebaseProjectId',
  'supabaseUrl',
  'playfabTitleId',
  'accelbyteBaseUrl',
  'accelbyteNamespace',
  'endpoint',
  'jwksUrl',
  'audience',
] as const;
export const isSecretField = (f: string) => f.endsWith('Key');

export interface Draft {
  email: { enabled: boolean; passwordMinLength: string; requireSpecialCharacter: boolean; otpLength: string };
  phone: { enabled: boolean; smsProvider: string };
  guest: boolean;
  wallet: boolean;
  oauth: Record<OauthProvider, { enabled: boolean; clientId: string; secret: string }>;
  provider: ThirdPartyProvider | '';
  /** Text fields and typed secrets of the third-party providers, by field name. */
  thirdParty: Record<string, string>;
}

export function toDraft(d: ProvidersSettings): Draft {
  return {
    email: {
      enabled: d.email.enabled,
      passwordMinLength: String(d.email.passwordMinLength),
      requireSpecialCharacter: d.email.requireSpecialCharacter,
      otpLength: String(d.email.otpLength),
    },
    phone: { enabled: d.phone.enabled, smsProvider: d.phone.smsProvider ?? '' },
    guest: d.guest.enabled,
    wallet: d.wallet.enabled,
    oauth: Object.fromEntries(
      OAUTH_PROVIDERS.map((p) => [p, { enabled: d.oauth[p].enabled, clientId: d.oauth[p].clientId ?? '', secret: '' }]),
    ) as Draft['oauth'],
    provider: d.thirdParty.provider ?? '',
    thirdParty: Object.fromEntries(TEXT_FIELDS.map((f) => [f, d.thirdParty[f] ?? ''])),
  };
}

const orNull = (v: string | undefined) => v?.trim() || null;

/** The PATCH body: every field, secrets only when typed (a stored one stays). */
export function toBody(d: Draft) {
  const secrets = Object.fromEntries(
    ['supabaseKey', 'lootlockerServerKey'].filter((f) => d.thirdParty[f]).map((f) => [f, d.thirdParty[f]]),
  );
  return {
    email: {
      enabled: d.email.enabled,
      passwordMinLength: Number(d.email.passwordMinLength),
      requireSpecialCharacter: d.email.requireSpecialCharacter,
      otpLength: Number(d.email.otpLength),
    },
    phone: { enabled: d.phone.enabled, smsProvider: d.phone.smsProvider || null },
    guest: { enabled: d.guest },
    wallet: { enabled: d.wallet },
    oauth: Object.fromEntries(
      OAUTH_PROVIDERS.map((p) => {
        const o = d.oauth[p];
        return [
          p,
          { enabled: o.enabled, clientId: orNull(o.clientId), ...(o.secret ? { clientSecret: o.secret } : {}) },
        ];
      }),
    ),
    thirdParty: {
      provider: d.provider || null,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, orNull(d.thirdParty[f])])),
      ...secrets,
    },
  };
}

const inRange = (raw: string, b: { min: number; max: number }) => {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isInteger(n) && n >= b.min && n <= b.max
    ? null
    : `A whole number from ${b.min} to ${b.max}`;
};

/** The browser's check before sending, with the API's rules (hints say which secrets are stored). */
export function validate(d: Draft, stored: ProvidersSettings): FieldErrors {
  const e: FieldErrors = {};
  const put = (path: string, m: string | null) => {
    if (m) e[path] = m;
  };
  put('email.passwordMinLength', inRange(d.email.passwordMinLength, PASSWORD_MIN_LENGTH_BOUNDS));
  put('email.otpLength', inRange(d.email.otpLength, OTP_LENGTH_BOUNDS));
  if (d.phone.enabled && !d.phone.smsProvider) e['phone.smsProvider'] = 'Choose the SMS provider that sends the codes';
  const secretError = (typed: string, hint: string | null | undefined, missing: string, min: number) =>
    typed ? (typed.length < min ? `Must be at least ${min} characters` : null) : hint ? null : missing;
  for (const p of OAUTH_PROVIDERS) {
    const o = d.oauth[p];
    if (o.secret) put(`oauth.${p}.clientSecret`, secretError(o.secret, null, '', SECRET_MIN_LENGTH.clientSecret));
    if (!o.enabled) continue;
    if (!o.clientId.trim()) e[`oauth.${p}.clientId`] = 'Enter the client ID';
    put(
      `oauth.${p}.clientSecret`,
      secretError(
        o.secret,
        stored.oauth[p].clientSecretHint,
        'Enter the client secret',
        SECRET_MIN_LENGTH.clientSecret,
      ),
    );
  }
  if (d.provider)
    for (const f of THIRD_PARTY_FIELDS[d.provider]) {
      const v = d.thirdParty[f] ?? '';
      if (isSecretField(f))
        put(
          `thirdParty.${f}`,
          secretError(v, stored.thirdParty[`${f}Hint`], 'Enter the key', SECRET_MIN_LENGTH.apiKey),
        );
      else put(`thirdParty.${f}`, v.trim() ? thirdPartyFieldError(f, v) : 'Required for this provider');
    }
  return e;
}
