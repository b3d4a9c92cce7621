import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedOptions } from './config.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Store } from './state.ts';
import type { TokenSigner } from './tokens.ts';

/** Everything a route needs that lives as long as the server. */
export interface Emulator {
  options: ResolvedOptions;
  store: Store;
  signer: TokenSigner;
  limiter: RateLimiter;
  /** `${url}/auth/v1`, the JWT issuer. */
  issuer: string;
}

/** One request: the raw objects plus what the router already worked out. */
export interface RequestContext {
  emu: Emulator;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  ip: string;
  /** Path parameters captured by the route pattern. */
  params: string[];
  body: () => Promise<Record<string, unknown>>;
}

/** A route handler; it writes the response itself. */
export type Handler = (ctx: RequestContext) => Promise<void> | void;

/** Current emulator time as an ISO string. */
export function nowIso(emu: Emulator): string {
  return new Date(emu.options.now()).toISOString();
}
