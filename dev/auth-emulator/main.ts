/**
 * CLI for the local Supabase Auth emulator: `node dev/auth-emulator/main.ts`.
 *
 * Env: AUTH_EMULATOR_PORT (default 54321), AUTH_EMULATOR_HOST (default 127.0.0.1), SITE_URL (default
 * http://127.0.0.1:$PORT, PORT being the dashboard's port, default 8788), AUTH_EMULATOR_STATE_FILE,
 * AUTH_EMULATOR_RATE_LIMITS (`off`, or JSON such as {"signUp":{"max":100,"windowSeconds":60}}),
 * AUTH_EMULATOR_EMAIL_FREQUENCY_SECONDS (default 60).
 */
import type { AuthEmulatorOptions, RateLimits } from './config.ts';
import { DEMO_ACCOUNTS } from '../../src/shared/demo-accounts.ts';
import { createAuthEmulator } from './server.ts';

function intFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function rateLimitsFromEnv(): AuthEmulatorOptions['rateLimits'] {
  const raw = process.env.AUTH_EMULATOR_RATE_LIMITS?.trim();
  if (!raw) return undefined;
  if (raw === 'off' || raw === 'false') return false;
  return JSON.parse(raw) as Partial<RateLimits>;
}

const emulator = await createAuthEmulator({
  port: intFromEnv('AUTH_EMULATOR_PORT'),
  host: process.env.AUTH_EMULATOR_HOST || undefined,
  siteUrl: process.env.SITE_URL || `http://127.0.0.1:${intFromEnv('PORT') ?? 8788}`,
  stateFile: process.env.AUTH_EMULATOR_STATE_FILE || undefined,
  rateLimits: rateLimitsFromEnv(),
  emailFrequencySeconds: intFromEnv('AUTH_EMULATOR_EMAIL_FREQUENCY_SECONDS'),
});

console.log(`Local auth emulator: ${emulator.url} (issuer ${emulator.issuer})`);
console.log(`Inbox:               ${emulator.inboxUrl}`);
console.log(`Demo sign-in:        ${DEMO_ACCOUNTS.demo.email} / ${DEMO_ACCOUNTS.demo.password}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().finally(() => process.exit(0));
  });
}
