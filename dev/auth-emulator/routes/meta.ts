import type { RequestContext } from '../context.ts';
import { sendJson } from '../gotrue-http.ts';
import { publicJwks } from '../tokens.ts';

/** `GET /.well-known/jwks.json`: the ES256 public key that signs access tokens. */
export function jwks(ctx: RequestContext): void {
  const key = ctx.emu.store.data.signingKey;
  sendJson(ctx.res, 200, key ? publicJwks(key) : { keys: [] }, { 'Cache-Control': 'public, max-age=600' });
}

/** `GET /settings`: which providers are on (email only; confirmations required). */
export function settings(ctx: RequestContext): void {
  sendJson(ctx.res, 200, {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      github: false,
      gitlab: false,
      google: false,
      phone: false,
      twitter: false,
    },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** `GET /health`. */
export function health(ctx: RequestContext): void {
  sendJson(ctx.res, 200, {
    version: 'local-emulator',
    name: 'GoTrue',
    description: 'Local Supabase Auth emulator (development and tests only)',
  });
}
