import type { z } from 'zod';
import type { backendWalletBalanceSchema, backendWalletSchema } from '../../shared/api/backend-wallets';

/** A backend wallet as the API answers it (never its private key). */
export type BackendWallet = z.infer<typeof backendWalletSchema>;
/** One recorded native-currency balance of a backend wallet. */
export type Balance = z.infer<typeof backendWalletBalanceSchema>;
/** The one-time message a wallet's key signs to prove ownership (`POST …/backend-wallets/challenge`). */
export interface Challenge {
  message: string;
  nonce: string;
  expiresAt: string;
}

/** How each custody is called on screen: the API's `custodial` / `added`. */
export const CUSTODY_LABEL: Record<BackendWallet['custody'], string> = {
  custodial: 'Custodial',
  added: 'Your key',
};
