import { Badge } from '../../components/ui/badge';
import type { LinkedAccount, User } from './types';

/** What each sign-in provider is called on screen. */
export const PROVIDER_LABEL: Readonly<Record<LinkedAccount['provider'], string>> = {
  email: 'Email and password',
  google: 'Google',
  apple: 'Apple',
  twitter: 'X (Twitter)',
  discord: 'Discord',
  facebook: 'Facebook',
  epic_games: 'Epic Games',
  line: 'LINE',
  wallet: 'Wallet (Sign-In with Ethereum)',
  custom_jwt: 'Custom JWT',
  oidc: 'OpenID Connect',
  third_party: 'Third-party auth',
};

/**
 * How a user came to be: signed in (authenticated), signed in as a guest (anonymous), or created through the API
 * without a sign-in identity (unauthenticated).
 */
export function UserKindBadge({ user }: { user: Pick<User, 'authenticated' | 'anonymous'> }) {
  if (!user.authenticated) return <Badge>Unauthenticated</Badge>;
  if (user.anonymous) return <Badge tone="warning">Anonymous</Badge>;
  return <Badge tone="info">Authenticated</Badge>;
}

/** An email with its verification state. */
export function EmailCell({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  if (!user.email) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex max-w-72 items-center gap-2">
      <span className="truncate" title={user.email}>
        {user.email}
      </span>
      {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge>Not verified</Badge>}
    </span>
  );
}
