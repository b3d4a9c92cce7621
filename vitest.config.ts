import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { buildPagesASSETSBinding, cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';

const root = import.meta.dirname;

/**
 * The webhook dispatcher as the API calls it after an outbox commit (RPC `enqueue` over the service binding):
 * recorded here, read back by tests at GET /kicks (the engine itself runs in the `stack` project's real processes); the
 * request log entries the API hands over (RPC `recordRequests`) likewise at GET /log-entries.
 */
const DISPATCHER_RECORDER = `
import { WorkerEntrypoint } from 'cloudflare:workers';
const kicks = [];
const logEntries = [];
const logCalls = [];
export default class extends WorkerEntrypoint {
  async recordRequests(entries) {
    logEntries.push(...entries);
    logCalls.push(entries.length);
    return { accepted: entries.length };
  }
  async enqueue(events, deliveries, shard = null) {
    kicks.push({ events, deliveries, shard });
    return { accepted: events.length + deliveries.length };
  }
  async fetch(request) {
    if (new URL(request.url).pathname === '/kicks') return Response.json(kicks);
    if (new URL(request.url).pathname === '/log-entries') return Response.json(logEntries);
    if (new URL(request.url).pathname === '/log-calls') return Response.json(logCalls);
    return new Response('not found', { status: 404 });
  }
}`;
const dist = path.resolve(root, process.env.DASHBOARD_DIST ?? 'dist');

/**
 * Three layers: `unit` (plain Node), `workers` (inside workerd with D1, migrations applied by the setup file, and the
 * built site as the ASSETS binding: run `npm run build` first) and `emulator` (the local auth emulator over HTTP).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'emulator',
          include: ['tests/emulator/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
        },
      },
      {
        // The local stack as `npm start` runs it (wrangler, workerd, the emulator), killed and supervised.
        test: {
          name: 'stack',
          include: ['tests/stack/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              compatibilityFlags: ['nodejs_compat'],
              bindings: {
                // The directory's and the shards' (docs/architecture.md "Shards"), applied by tests/workers/apply-migrations.ts.
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations/directory')),
                TEST_SHARD_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations/shard')),
                TEST_LOGS_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations/logs')),
                // Real JWKS over HTTP from tests/workers/api-setup/jwks-server.ts; tests sign with the private key.
                PUBLIC_SUPABASE_URL: inject<string>('jwksBaseUrl'),
                TEST_JWT_PRIVATE_JWK: inject<string>('jwtPrivateJwk'),
                TEST_JWT_ROTATED_PRIVATE_JWK: inject<string>('jwtRotatedPrivateJwk'),
                // The real auth emulator (dev/auth-emulator), started by the same global setup.
                TEST_EMULATOR_URL: inject<string>('emulatorUrl'),
                DATA_ENCRYPTION_KEY: 'dGVzdC1vbmx5LWRhdGEtZW5jcnlwdGlvbi1rZXktMzI=',
                // The fake auth server's admin invite (POST /auth/v1/invite) accepts only this key.
                SUPABASE_SERVICE_ROLE_KEY: inject<string>('serviceRoleKey'),
                // The payment provider's endpoint secret (tests sign their events with it; billing-events.test.ts).
                BILLING_WEBHOOK_SECRET: 'whsec_workers_test_endpoint_secret',
                // The suite's requests share one address and few callers: limits on (through the Durable Object) but
                // high; tests/workers/api/rate-limit.test.ts runs with small ones.
                API_RATE_LIMIT_PER_MINUTE: '1000000',
                API_RATE_LIMIT_IP_PER_MINUTE: '1000000',
                // Each request's log entry is handed over at once (tests read what was handed over right after their
                // request); request-logs.test.ts sets a wait where it tests the batching.
                REQUEST_LOG_FLUSH_MS: '0',
                // The local SMTP inbox and its failure servers (tests/workers/api-setup/smtp-servers.ts).
                // The local JSON-RPC server of the contract read calls (tests/workers/api-setup/rpc-server.ts).
                TEST_RPC_URL: inject<string>('rpcUrl'),
                TEST_SMTP_PORT: String(inject<number>('smtpPort')),
                TEST_SMTP_INBOX_URL: inject<string>('smtpInboxUrl'),
                TEST_SMTP_SILENT_PORT: String(inject<number>('smtpSilentPort')),
                TEST_SMTP_CLOSED_PORT: String(inject<number>('smtpClosedPort')),
                TEST_SMTP_DNS_URL: inject<string>('smtpDnsUrl'),
                TEST_SMTP_NO_STARTTLS_PORT: String(inject<number>('smtpNoStartTlsPort')),
                // The local DNS-over-HTTPS stand-in (dev/doh): custom-domain TXT proofs, the JWKS check's names.
                DNS_OVER_HTTPS_URL: inject<string>('dohUrl'),
              },
              // The rate limiter's Durable Object (workers/rate-limiter, bound by wrangler.toml with its script_name).
              workers: [
                {
                  name: 'dashboard-rate-limiter',
                  modules: [
                    {
                      type: 'ESModule',
                      path: 'index.js',
                      contents: stripTypeScriptTypes(
                        readFileSync(path.join(root, 'workers/rate-limiter/index.ts'), 'utf8'),
                      ),
                    },
                  ],
                  compatibilityDate: '2026-10-01',
                  durableObjects: { RATE_LIMITER: 'RateLimiter' },
                },
                {
                  name: 'dashboard-webhook-dispatcher',
                  modules: [{ type: 'ESModule', path: 'index.js', contents: DISPATCHER_RECORDER }],
                  compatibilityDate: '2026-10-01',
                },
              ],
              serviceBindings: {
                // The edge tests serve the real build; API tests work without it.
                ...(existsSync(dist) ? { ASSETS: await buildPagesASSETSBinding(dist) } : {}),
                // The webhook dispatcher's recorder (DISPATCHER_RECORDER above).
                WEBHOOK_DISPATCHER: 'dashboard-webhook-dispatcher',
              },
            },
          })),
        ],
        test: {
          name: 'workers',
          include: ['tests/workers/**/*.test.ts'],
          // One runtime (one Miniflare, one module graph) per pool worker for all the files it runs, not a new one per
          // file: the API's module graph loads once per worker instead of once per file (measured back to back: 472 s
          // with a runtime per file, 143–161 s this way; docs/decisions.md "npm test in under 20 minutes"). Each file
          // still starts on empty databases (tests/workers/apply-migrations.ts).
          isolate: false,
          // Two runtimes even on two cores (Vitest's default there is one): 53 s against 73 s for the whole project
          // on the 2-core machine, each runtime waiting on its D1 and servers part of the time.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // Each test file loads the API's module graph again, one module at a time: viem (its chain registry above all),
          // zod and jose are some fifteen hundred of them. Pre-bundled, each is one module (the step took 480 s, now ~220).
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: [
                  'viem',
                  'viem/chains',
                  'viem/accounts',
                  'viem/utils',
                  'zod',
                  'jose',
                  'hono',
                  '@hono/zod-openapi',
                  'standardwebhooks',
                ],
                rolldownOptions: { external: [/^node:/] },
              },
            },
          },
          // d1-param-guard: every statement must bind at most 100 parameters, as on D1.
          setupFiles: ['tests/workers/apply-migrations.ts', 'tests/workers/d1-param-guard.ts'],
          globalSetup: [
            'tests/workers/api-setup/jwks-server.ts',
            'tests/workers/api-setup/smtp-servers.ts',
            'tests/workers/api-setup/doh-server.ts',
            'tests/workers/api-setup/rpc-server.ts',
          ],
        },
      },
    ],
  },
});
