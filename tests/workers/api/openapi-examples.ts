import { addr } from './fixtures';

/** Ids of the objects seeded for the conformance test, by the path segment before `:id` (and `rule`, `invite`, …). */
export type Ids = Map<string, string>;

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Valid requests of the operations the generic fixtures do not cover (openapi-responses.test.ts), keyed
 * `METHOD path` as in the route table. A `version` in a PATCH body is replaced by the current one read first.
 */
export const EXAMPLES: Record<string, { body?: (ids: Ids) => unknown; query?: string }> = {
  'POST /projects': { body: () => ({ name: 'Conformance twin' }) },
  'PATCH /projects/:projectId': { body: () => ({ name: 'Conformance renamed', version: 1 }) },
  'POST /projects/:projectId/members': { body: () => ({ email: 'openapi-invitee@example.com', role: 'viewer' }) },
  'PATCH /projects/:projectId/members/:userId': { body: () => ({ role: 'viewer', version: 1 }) },
  'POST /projects/:projectId/billing/checkout': { body: () => ({ plan: 'growth', mode: 'test' }) },
  'PATCH /projects/:projectId/billing/alerts': {
    body: () => ({ thresholds: [25, 75], gasBudgetUsd: 120, version: 1 }),
  },
  'POST /projects/:projectId/:mode/transactions': {
    body: (ids) => ({ chainId: 1, accountId: ids.get('wallets'), interactions: [{ to: addr(77), value: '0' }] }),
  },
  'POST /projects/:projectId/:mode/transactions/:id/status': {
    body: () => ({ status: 'sent', transactionHash: hash(1) }),
  },
  'POST /projects/:projectId/:mode/policies/:id/rules': {
    body: () => ({ type: 'rate_limit', limitType: 'gas_per_transaction', limitValue: 1000 }),
  },
  'PATCH /projects/:projectId/:mode/policies/:id/rules/:ruleId': { body: () => ({ limitValue: 2000, version: 1 }) },
  // The seeded import is running already (its chunks are taken): the PATCH pauses it.
  'PATCH /projects/:projectId/:mode/auth/migrations/:id': { body: () => ({ status: 'paused', version: 1 }) },
  'POST /projects/:projectId/:mode/ecosystem/domain': { body: () => ({ domain: 'conformance-wallet.example.com' }) },
  'POST /projects/:projectId/:mode/backend-wallets/challenge': { body: () => ({ address: addr(4242) }) },
  'PUT /projects/:projectId/:mode/backend-wallets/:id/balances/:chainId': { body: () => ({ wei: '1000' }) },
  'POST /projects/:projectId/:mode/webhooks/:id/replay': {
    body: () => ({ from: iso(Date.now() - 86_400_000), to: iso(Date.now()) }),
  },
  'POST /projects/:projectId/:mode/auth/migrations/existing-emails': {
    body: () => ({ emails: ['nobody-here@example.com'] }),
  },
  'PUT /projects/:projectId/:mode/auth/migrations/:id/source': { body: () => SOURCE },
  // A `version` in a PUT body is replaced by the current one too (the restrictions' GET answers the key's).
  'PUT /projects/:projectId/:mode/api-keys/:id/restrictions': {
    body: () => ({ allowedIps: ['203.0.113.0/24', '2001:db8::/48'], rateLimitPerMinute: 600, version: 1 }),
  },
  'GET /projects/:projectId/:mode/logs/stats': {
    query: `?from=${iso(Date.now() - 3600_000)}&to=${iso(Date.now())}`,
  },
  'GET /projects/:projectId/logs/stats': {
    query: `?from=${iso(Date.now() - 3600_000)}&to=${iso(Date.now())}`,
  },
  'PUT /projects/:projectId/:mode/auth/migrations/:id/chunks/:index': {
    body: () => ({ rows: [{ row: 1, email: 'imported-one@example.com' }] }),
  },
  // The conformance project's test mode is the target: the source is live.
  'GET /projects/:projectId/:mode/promote': { query: '?from=live' },
  'POST /projects/:projectId/:mode/promote/dry-run': { body: () => ({ from: 'live' }) },
  'POST /projects/:projectId/:mode/promote': { body: () => ({ from: 'live' }) },
  'POST /projects/:projectId/:mode/config': { body: () => ({ schemaVersion: 1 }), query: '?dryRun=true' },
  ...Object.fromEntries(
    ['auth/security', 'auth/providers', 'auth/email-templates', 'auth/smtp', 'ecosystem'].map((s) => [
      `PATCH /projects/:projectId/:mode/${s}`,
      { body: () => ({ version: 1 }) },
    ]),
  ),
};

/** The file a user import records (PUT …/source), seeded before its GET. */
export const SOURCE = {
  fileName: 'users.csv',
  fileSha256: 'a'.repeat(64),
  rowCount: 2,
  mapping: { columns: { email: 'email' }, trim: true, idPrefix: '', idSuffix: '' },
};

/** Operations that cannot answer a success in the conformance test, with why (each is proven elsewhere). */
export const NO_SUCCESS: Record<string, string> = {
  'POST /projects/:projectId/:mode/auth/providers/check-jwks':
    'fetches a JWKS over the internet (SSRF guard refuses the local fake): jwks.test.ts',
  'POST /projects/:projectId/:mode/auth/smtp/test': 'needs a real SMTP server: tests/stack and smtp-test.test.ts',
  'POST /projects/:projectId/billing/checkout': 'needs the payment provider the deployment configures: billing.test.ts',
  'PATCH /projects/:projectId/billing':
    'refuses every user token (plans change only through signed provider events): billing-events.test.ts',
  'POST /billing/provider-events': 'needs an event signed with the endpoint secret: billing-events.test.ts',
  'POST /projects/:projectId/:mode/ecosystem/domain/verify':
    'needs the TXT record in DNS (the local DNS-over-HTTPS server): domain-claims.test.ts',
  'PUT /projects/:projectId/:mode/rpc-urls/:chainId':
    'needs a chain of the mode and an RPC URL that resolves: rpc-urls.test.ts',
  'DELETE /projects/:projectId/:mode/rpc-urls/:chainId': 'needs a chain of the mode with a URL set: rpc-urls.test.ts',
  'GET /projects/:projectId/:mode/contracts/:id/call': 'needs a read function and a node to call: rpc-urls.test.ts',
  'GET /projects/:projectId/:mode/logs/:requestId':
    "needs an entry the dispatcher's queue consumer wrote (the test's dispatcher only records): request-logs.test.ts",
  'GET /projects/:projectId/logs/:requestId':
    "needs an entry the dispatcher's queue consumer wrote (the test's dispatcher only records): request-logs-paging.test.ts",
};
