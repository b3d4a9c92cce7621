import { isDirectoryTable } from '../../functions/_lib/db/shard-tables.ts';
import { createHash } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { encodeFunctionData, erc1155Abi, erc20Abi, erc721Abi, getAddress, toHex, type Address } from 'viem';
import { arbitrum, base, baseSepolia, mainnet, optimism, polygon, polygonAmoy, sepolia, type Chain } from 'viem/chains';
import { ID_PREFIX, uuidv7, type IdPrefix } from '../../src/shared/api/ids.ts';
import { SETTINGS_DEFAULTS } from '../../src/shared/api/settings.ts';
import { TX_STATUSES } from '../../src/shared/api/transactions.ts';
import { ACCOUNT_TYPES, IMPLEMENTATIONS, RECOVERY_METHODS } from '../../src/shared/api/wallets.ts';
import { WEBHOOK_TOPICS } from '../../src/shared/api/webhooks.ts';
import { KEY_PREFIX, keyHint, secretHint, toSql } from '../../src/shared/api/stored-shapes.ts';
import { encryptLocal } from './local-secrets.ts';

/** Chains from viem's registry (never a hand-written table): mainnets for live mode, testnets for test mode. */
export const CHAINS: Record<'live' | 'test', Chain[]> = {
  live: [mainnet, base, polygon, arbitrum, optimism],
  test: [sepolia, baseSepolia, polygonAmoy],
};

/** Where the demo project's secret keys were last used from (documentation ranges, RFC 5737 and RFC 3849). */
const DEMO_KEY_ADDRESSES = ['203.0.113.24', '2001:db8:4a1::17', '198.51.100.9'];
const USD_PER_NATIVE: Record<string, number> = { ETH: 3100, POL: 0.45, MATIC: 0.45 };

/** Deterministic PRNG (mulberry32) so the demo data is the same on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    bytes: (n: number) => {
      // A plain loop: Uint8Array.from with a mapper was a tenth of the scale seed's time.
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(next() * 256);
      return b;
    },
  };
}
export type Rng = ReturnType<typeof rng>;

/** A deterministic id: UUIDv7 layout with the given time and random bits from `r`. */
export function seededId(prefix: IdPrefix, time: number, r: Rng): string {
  const b = r.bytes(16);
  let t = Math.floor(time);
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Buffer.from(b).toString('hex');
  return `${prefix}_${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const address = (r: Rng) => getAddress(toHex(r.bytes(20)));
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Prepared INSERTs keyed by table and column list, into the directory for its tables and into the project's shard
 * for every other one (functions/_lib/db/shards.ts).
 */
export class Inserter {
  private cache = new Map<string, StatementSync>();
  private directory: DatabaseSync;
  private shard: DatabaseSync;
  constructor(directory: DatabaseSync, shard: DatabaseSync) {
    this.directory = directory;
    this.shard = shard;
  }
  row(table: string, row: Record<string, unknown>) {
    const cols = Object.keys(row);
    const key = `${table}:${cols.join(',')}`;
    let stmt = this.cache.get(key);
    if (!stmt) {
      const db = isDirectoryTable(table) ? this.directory : this.shard;
      stmt = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
      this.cache.set(key, stmt);
    }
    stmt.run(...cols.map((c) => toSql(row[c])));
  }
}

const FIRST = [
  'Ada',
  'Linus',
  'Grace',
  'Alan',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Tim',
  'Radia',
  'Vint',
  'Hedy',
  'Satoshi',
  'Vitalik',
  'Joan',
];
const LAST = [
  'Lovelace',
  'Torvalds',
  'Hopper',
  'Turing',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Berners-Lee',
  'Perlman',
  'Cerf',
  'Lamarr',
  'Nakamoto',
  'Buterin',
  'Clarke',
];
const PROVIDERS = ['email', 'google', 'apple', 'discord', 'twitter', 'wallet', 'epic_games'] as const;
const ERRORS = [
  [
    'execution reverted: ERC20: transfer amount exceeds balance',
    'The account does not hold enough tokens for this transfer.',
  ],
  ["AA21 didn't pay prefund", 'The smart account had no deposit and no policy sponsored the gas.'],
  ['replacement transaction underpriced', 'A transaction with the same nonce is pending with a higher fee.'],
] as const;

/** ABIs of the real standards, from viem (the ERC-20, ERC-721 and ERC-1155 interfaces as deployed). */
export const ERC20_ABI = erc20Abi;
export const ERC721_ABI = erc721Abi;
export const ERC1155_ABI = erc1155Abi;

export interface ProjectSpec {
  id: string;
  name: string;
  owner: { id: string; email: string };
  members?: { id: string; email: string; name: string; role: 'admin' | 'developer' | 'viewer' }[];
  invites?: { email: string; role: 'admin' | 'developer' | 'viewer' }[];
  now: number;
  encryptionKey: string;
  /** The shard the project's data is on (projects.shard). */
  shard: number;
}

/** Project row, owner and members, keys for both modes and default settings. Returns the printable demo secret keys. */
export async function insertProject(ins: Inserter, p: ProjectSpec, r: Rng): Promise<Record<string, string>> {
  const created = p.now - 120 * 86_400_000;
  ins.row('projects', {
    id: p.id,
    name: p.name,
    parent_id: null,
    shard: p.shard,
    plan: 'growth',
    created_at: created,
    updated_at: created,
    version: 1,
  });
  ins.row('members', {
    project_id: p.id,
    user_id: p.owner.id,
    email: p.owner.email,
    name: null,
    role: 'owner',
    created_at: created,
    updated_at: created,
    version: 1,
  });
  for (const m of p.members ?? [])
    ins.row('members', {
      project_id: p.id,
      user_id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      created_at: created + 86_400_000,
      updated_at: created,
      version: 1,
    });
  for (const inv of p.invites ?? [])
    ins.row('invites', {
      id: seededId('inv', p.now - 3600_000, r),
      project_id: p.id,
      email: inv.email,
      role: inv.role,
      invited_by: p.owner.id,
      created_at: p.now - 3600_000,
      expires_at: p.now + 23 * 3600_000,
    });
  const secrets: Record<string, string> = {};
  for (const mode of ['live', 'test'] as const) {
    for (const type of ['publishable', 'secret'] as const) {
      const value = `${KEY_PREFIX[type]}_${mode}_${Buffer.from(r.bytes(24)).toString('base64url')}`;
      if (type === 'secret') secrets[mode] = value;
      const keyId = seededId('key', created, r);
      const lastUsed = p.now - r.int(1, 48) * 3600_000;
      ins.row('api_keys', {
        id: keyId,
        project_id: p.id,
        mode,
        type,
        name: `Default ${mode} ${type} key`,
        scopes: type === 'secret' ? '["read","write"]' : '[]',
        public_key: type === 'publishable' ? value : null,
        key_hash: type === 'secret' ? sha256(value) : null,
        hint: keyHint(type, mode, value),
        created_at: created,
        updated_at: created,
        last_used_at: lastUsed,
        version: 1,
      });
      // The addresses the secret key was last used from (its page's "Last addresses seen"); no random draw, so the
      // rows after these stay as they were.
      if (type === 'secret')
        DEMO_KEY_ADDRESSES.forEach((address, i) =>
          ins.row('api_key_addresses', {
            key_id: keyId,
            address,
            first_seen_at: created + i * 86_400_000,
            last_seen_at: lastUsed - i * 7 * 60_000,
            request_count: 1_480 - i * 415,
          }),
        );
    }
    ins.row('api_keys', {
      id: seededId('key', created, r),
      project_id: p.id,
      mode,
      type: 'secret',
      name: 'Old CI key',
      scopes: '["read"]',
      public_key: null,
      key_hash: sha256(`revoked-${p.id}-${mode}`),
      hint: `sk_${mode}_…dead`,
      created_at: created,
      updated_at: created,
      revoked_at: p.now - 30 * 86_400_000,
      version: 2,
    });
    for (const [kind, data] of Object.entries(SETTINGS_DEFAULTS)) {
      ins.row('settings', {
        project_id: p.id,
        mode,
        kind,
        data: JSON.stringify(data),
        secrets: '{}',
        updated_at: created,
        version: 1,
      });
    }
  }
  void p.encryptionKey;
  return secrets;
}

/**
 * Invoices of the project's plan for each month since it was created, up to the last closed month (migration 0015):
 * what the payment provider's webhook will record. All paid except the newest, which is still open.
 */
export function insertInvoices(ins: Inserter, p: ProjectSpec, priceUsd: number, r: Rng): void {
  const created = new Date(p.now - 120 * 86_400_000);
  const now = new Date(p.now);
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const months: number[] = [];
  for (let y = created.getUTCFullYear(), m = created.getUTCMonth(); Date.UTC(y, m + 1, 1) <= thisMonth; m++)
    months.push(Date.UTC(y, m, 1));
  months.forEach((start, i) => {
    const d = new Date(start);
    const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    ins.row('invoices', {
      id: seededId('ivc', end, r),
      project_id: p.id,
      number: `INV-${d.getUTCFullYear()}-${String(i + 1).padStart(4, '0')}`,
      period_start: start,
      period_end: end,
      amount_cents: Math.round(priceUsd * 100),
      status: i === months.length - 1 ? 'open' : 'paid',
      issued_at: end + 3_600_000,
    });
  });
}

export interface ModeCounts {
  users: number;
  wallets: number;
  transactions: number;
  days: number;
}

/** Users, linked accounts, wallets, policies with rules, contracts, backend wallets, transactions, webhooks and events. */
export async function insertModeData(
  ins: Inserter,
  p: ProjectSpec,
  mode: 'live' | 'test',
  counts: ModeCounts,
  r: Rng,
  light = false,
): Promise<void> {
  const chains = CHAINS[mode];
  const span = counts.days * 86_400_000;
  const start = p.now - span;
  const at = (i: number, n: number) => start + Math.floor((span * i) / n) + r.int(0, 60_000);
  const base = { project_id: p.id, mode };

  const users: string[] = [];
  let withEmail = 0; // the users the demo's import created (those with an email), counted for its imported rows
  for (let i = 0; i < counts.users; i++) {
    const t = at(i, counts.users);
    const id = seededId('pla', t, r);
    users.push(id);
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const authenticated = i % 10 !== 9;
    const anonymous = authenticated && i % 17 === 0;
    const email = authenticated && !anonymous ? `${first}.${last}.${i}@example.com`.toLowerCase() : null;
    if (email) withEmail++;
    ins.row('users', {
      id,
      ...base,
      name: `${first} ${last}`,
      description: null,
      metadata: JSON.stringify({ level: r.int(1, 60), tier: r.pick(['bronze', 'silver', 'gold']) }),
      email,
      email_verified: email ? (r.next() < 0.8 ? 1 : 0) : 0,
      phone: null,
      phone_verified: 0,
      anonymous: anonymous ? 1 : 0,
      authenticated: authenticated ? 1 : 0,
      created_at: t,
      updated_at: t,
      version: 1,
    });
    if (!light && authenticated && !anonymous) {
      const provider = r.pick(PROVIDERS);
      ins.row('linked_accounts', {
        id: seededId('lac', t, r),
        ...base,
        user_id: id,
        provider,
        subject: provider === 'wallet' ? address(r) : `${provider}|${100000 + i}`,
        email,
        created_at: t,
      });
    }
  }

  const wallets: { id: string; chain: Chain; user: string | null; address: Address }[] = [];
  for (let i = 0; i < counts.wallets; i++) {
    const t = at(i, counts.wallets);
    const chain = r.pick(chains);
    const accountType = r.pick(ACCOUNT_TYPES);
    const user = users.length
      ? users[Math.min(users.length - 1, Math.floor((i * users.length) / counts.wallets))]!
      : null;
    const id = seededId('acc', t, r);
    const walletAddress = address(r);
    wallets.push({ id, chain, user, address: walletAddress });
    ins.row('wallets', {
      id,
      ...base,
      user_id: user,
      address: walletAddress,
      owner_address: accountType === 'Externally Owned Account' ? null : address(r),
      chain_id: chain.id,
      chain_type: 'EVM',
      account_type: accountType,
      implementation:
        accountType === 'Smart Account'
          ? r.pick(IMPLEMENTATIONS.filter((x) => x !== 'Calibur'))
          : accountType === 'Delegated Account'
            ? 'Calibur'
            : null,
      deployed: accountType === 'Externally Owned Account' || r.next() < 0.7 ? 1 : 0,
      custody: r.next() < 0.85 ? 'User' : 'Developer',
      recovery_method: r.pick(RECOVERY_METHODS),
      created_at: t,
      updated_at: t,
      version: 1,
    });
  }

  const contracts: string[] = [];
  const contractAddresses: Address[] = [];
  const backendWallets: string[] = [];
  const backendWalletAddresses: Address[] = [];
  const policies: string[] = [];
  if (!light) {
    const abis = [
      ['Game Token', ERC20_ABI],
      ['Hero NFT', ERC721_ABI],
      ['Items', ERC1155_ABI],
      ['USD Coin', ERC20_ABI],
    ] as const;
    for (const chain of chains) {
      for (const [name, abi] of abis) {
        const id = seededId('con', start, r);
        const contractAddress = address(r);
        contracts.push(id);
        contractAddresses.push(contractAddress);
        ins.row('contracts', {
          id,
          ...base,
          name: `${name} (${chain.name})`,
          chain_id: chain.id,
          address: contractAddress,
          abi: JSON.stringify(abi),
          public_verified: name === 'USD Coin' ? 1 : 0,
          created_at: start,
          updated_at: start,
          version: 1,
        });
      }
    }
    // Balances as recorded (migration 0013), in wei, without drawing from `r` (the rest of the data stays as it was):
    // the treasury on two chains, the gas tank below its "Gas tank low" threshold (0.1), the rewards payer on one.
    const recorded = (chain: Chain, ether: string, hoursAgo: number) => ({
      chainId: chain.id,
      wei: (BigInt(ether.replace('.', '')) * 10n ** BigInt(18 - (ether.split('.')[1]?.length ?? 0))).toString(),
      recordedAt: p.now - hoursAgo * 3_600_000,
    });
    const balances = [
      [recorded(chains[0]!, '12.5', 1), recorded(chains[1]!, '3.25', 2)],
      [recorded(chains[0]!, '0.08', 1)],
      [recorded(chains[1]!, '1.6', 26)],
    ];
    for (const [i, name] of ['Treasury', 'Gas tank', 'Rewards payer'].entries()) {
      const id = seededId('dac', start, r);
      backendWallets.push(id);
      backendWalletAddresses.push(address(r));
      ins.row('backend_wallets', {
        id,
        ...base,
        name,
        address: backendWalletAddresses.at(-1),
        custody: i === 2 ? 'added' : 'custodial',
        chain_id: null,
        balances: JSON.stringify(balances[i]),
        // Seeded custodial keys are random placeholders encrypted like real ones; never used to sign.
        encrypted_private_key:
          i === 2 ? null : await encryptLocal(p.encryptionKey, toHex(r.bytes(32)), `backend_wallets:${id}`),
        created_at: start,
        updated_at: start,
        version: 1,
      });
    }
    for (const chain of chains) {
      const id = seededId('pol', start, r);
      policies.push(id);
      ins.row('policies', {
        id,
        ...base,
        name: `Sponsor gas on ${chain.name}`,
        chain_id: chain.id,
        enabled: 1,
        strategy: JSON.stringify({ type: 'pay_for_user', depositor: backendWallets[1] }),
        created_at: start,
        updated_at: start,
        version: 1,
      });
      const rule = (o: Record<string, unknown>) =>
        ins.row('policy_rules', {
          id: seededId('afu', start, r),
          ...base,
          policy_id: id,
          contract_id: null,
          function_name: null,
          wildcard: 0,
          limit_type: null,
          limit_value: null,
          interval_unit: null,
          interval_value: null,
          created_at: start,
          updated_at: start,
          version: 1,
          ...o,
        });
      rule({
        type: 'contract_functions',
        contract_id: contracts[chains.indexOf(chain) * 4],
        function_name: 'transfer',
      });
      rule({ type: 'contract_functions', contract_id: contracts[chains.indexOf(chain) * 4 + 1], wildcard: 1 });
      rule({ type: 'account_functions', wildcard: 1 });
      rule({
        type: 'rate_limit',
        limit_type: 'count_per_interval',
        limit_value: 100,
        interval_unit: 'day',
        interval_value: 1,
      });
      rule({ type: 'rate_limit', limit_type: 'gas_per_transaction', limit_value: 500_000 });
    }
    const custom = seededId('pol', start, r);
    ins.row('policies', {
      id: custom,
      ...base,
      name: 'Charge in Game Token',
      chain_id: chains[0]!.id,
      enabled: 0,
      strategy: JSON.stringify({ type: 'charge_custom_token', tokenContract: contracts[0], exchangeRate: '1.5' }),
      created_at: start,
      updated_at: start,
      version: 1,
    });
    policies.push(custom);

    for (const [i, topics] of [
      ['transaction_intent.successful', 'transaction_intent.failed'],
      ['user.created', 'account.created'],
      [...WEBHOOK_TOPICS],
    ].entries()) {
      const id = seededId('whk', start, r);
      const secret = `whsec_${Buffer.from(r.bytes(24)).toString('base64')}`;
      // Eight attempts, 3 hours apart, each with its event in the outbox (event ids derived from the attempt's, not
      // drawn, so the demo data after this stays the same).
      const attempts = Array.from({ length: 8 }, (_, d) => {
        const t = p.now - d * 3 * 3600_000;
        const ok = r.next() < 0.8;
        const deliveryId = seededId('whd', t, r);
        const topic = r.pick(topics);
        const attempt = ok ? 1 : r.int(1, 5);
        const responseCode = ok ? 200 : r.pick([500, 502, 404]);
        const latency = r.int(40, 900);
        r.pick(topics); // (drawn, as before this attempt had its event: the values drawn after it stay the same)
        const payload = JSON.stringify({
          type: topic,
          timestamp: new Date(t).toISOString(),
          data: { id: r.pick(users) },
        });
        // The third webhook was disabled by its endpoint's 410 Gone: that answer is its last delivery (set after the
        // draws, so the rest of the demo data stays the same).
        const gone = i === 2 && d === 0;
        return {
          t,
          ok: ok && !gone,
          deliveryId,
          eventId: `evt_${deliveryId.slice(4)}`,
          topic,
          attempt,
          responseCode: gone ? 410 : responseCode,
          latency,
          payload,
        };
      });
      ins.row('webhooks', {
        id,
        ...base,
        url: `https://hooks.example.com/${mode}/${i}`,
        description: null,
        topics: JSON.stringify(topics),
        enabled: i === 2 ? 0 : 1,
        // The third was turned off by the delivery engine (its endpoint answered 410 Gone), with a notice below.
        disabled_reason: i === 2 ? 'gone' : null,
        last_delivery_at: attempts[0]!.t,
        last_delivery_status: attempts[0]!.ok ? 'succeeded' : 'failed',
        secret_encrypted: await encryptLocal(p.encryptionKey, secret, `webhooks:${id}`),
        secret_hint: secretHint(secret),
        created_at: start,
        updated_at: start,
        version: 1,
      });
      for (const a of attempts) {
        ins.row('webhook_events', {
          id: a.eventId,
          ...base,
          topic: a.topic,
          payload: a.payload,
          webhook_id: null,
          dispatched_at: a.t,
          created_at: a.t,
        });
        ins.row('webhook_deliveries', {
          id: a.deliveryId,
          ...base,
          webhook_id: id,
          event_id: a.eventId,
          topic: a.topic,
          attempt: a.attempt,
          status: a.ok ? 'succeeded' : 'failed',
          response_code: a.responseCode,
          response_body: a.ok
            ? '{"received":true}'
            : `<html><body>${a.responseCode} from the demo endpoint</body></html>`,
          error: a.ok ? null : `The endpoint answered ${a.responseCode}`,
          latency_ms: a.latency,
          payload: a.payload,
          created_at: a.t,
        });
      }
      if (i === 2)
        ins.row('notices', {
          id: `ntc_${id.slice(4)}`,
          ...base,
          kind: 'webhook_disabled',
          webhook_id: id,
          reason: 'gone',
          dismissed_at: null,
          created_at: p.now - 3600_000,
        });
    }
    const events = [
      {
        name: 'Gas tank low',
        type: 'balance_threshold',
        topic: 'balance.dev_account',
        threshold: '100000000000000000',
        backend_wallet_id: backendWallets[1],
      },
      // Any Hero NFT moved into the treasury (docs/api.md "Event monitors": "" matches any value).
      {
        name: 'Heroes into the treasury',
        type: 'contract_function',
        contract_id: contracts[1],
        function_name: 'transferFrom',
        function_args: JSON.stringify(['', backendWalletAddresses[0], '']),
      },
      {
        name: 'Treasury activity',
        type: 'backend_wallet',
        backend_wallet_id: backendWallets[0],
        chain_id: chains[0]!.id,
      },
      { name: 'Finality', type: 'confirmations', confirmations: 12, chain_id: chains[0]!.id },
    ];
    for (const e of events)
      ins.row('events', {
        id: seededId('eve', start, r),
        ...base,
        topic: null,
        threshold: null,
        contract_id: null,
        function_name: null,
        function_args: null,
        backend_wallet_id: null,
        chain_id: null,
        confirmations: null,
        enabled: 1,
        created_at: start,
        updated_at: start,
        version: 1,
        ...e,
      });
    // The import that brought the users with an email (the others were created through the API): its imported count
    // is theirs, plus 13 rows that failed.
    const migrationId = seededId('amg', start, r);
    const failedRows = 13;
    const rowCount = withEmail + failedRows;
    ins.row('auth_migrations', {
      id: migrationId,
      ...base,
      source_provider: 'auth0',
      mapping_strategy: 'email',
      status: 'completed',
      total_count: rowCount,
      imported_count: withEmail,
      failed_count: failedRows,
      created_at: start,
      updated_at: start,
      version: 3,
    });
    // Its failed rows, as the chunk API stores them (docs/api.md "User import in chunks"): one chunk holding all 13.
    const reasons = ['Not an email address: player-at-example', 'Duplicate email in the file (first at row 1)'];
    ins.row('auth_migration_chunks', {
      migration_id: migrationId,
      idx: 0,
      ...base,
      row_count: rowCount,
      created: withEmail,
      failed: failedRows,
      failures: JSON.stringify(
        Array.from({ length: failedRows }, (_, i) => ({
          row: 2 + Math.floor((i * rowCount) / failedRows),
          email: i % 2 ? `player${i}@example.com` : 'player-at-example',
          reason: reasons[i % 2],
        })),
      ),
      created_at: start,
    });
  }

  // Transactions: every status, weighted towards confirmed; spread evenly over the period.
  const weights = {
    confirmed: 55,
    indexed: 10,
    sent: 6,
    new: 4,
    reverted: 8,
    dropped: 4,
    notfound: 3,
    replaced: 5,
    expired: 5,
  } as Record<(typeof TX_STATUSES)[number], number>;
  const bag = TX_STATUSES.flatMap((s) => Array<string>(weights[s]).fill(s));
  for (let i = 0; i < counts.transactions; i++) {
    const t = at(i, counts.transactions);
    const w = wallets.length ? wallets[r.int(0, wallets.length - 1)]! : null;
    const chain = w?.chain ?? r.pick(chains);
    const status = i < TX_STATUSES.length ? TX_STATUSES[i]! : r.pick(bag);
    const mined = ['confirmed', 'indexed', 'reverted', 'replaced'].includes(status);
    const gasUsed = mined ? r.int(21_000, 350_000) : null;
    const gwei =
      chain.nativeCurrency.symbol === 'ETH' && (chain.id === 1 || chain.testnet) ? r.int(5, 40) : r.next() * 0.2 + 0.01;
    const feeWei = gasUsed ? BigInt(Math.round(gasUsed * gwei * 1e9)) : null;
    const cost = feeWei
      ? Math.round((Number(feeWei) / 1e18) * (USD_PER_NATIVE[chain.nativeCurrency.symbol] ?? 1) * 10_000) / 10_000
      : null;
    const id = seededId('tin', t, r);
    const err = status === 'reverted' ? r.pick(ERRORS) : null;
    ins.row('transactions', {
      id,
      ...base,
      chain_id: chain.id,
      account_id: w?.id ?? null,
      user_id: w?.user ?? null,
      policy_id:
        policies.length && r.next() < 0.7 ? policies[Math.min(policies.length - 1, chains.indexOf(chain))]! : null,
      interactions: light
        ? '[]'
        : JSON.stringify(
            demoInteractions(
              i,
              chains.indexOf(chain) * 4,
              contracts,
              contractAddresses,
              w?.address,
              address(r),
              r.int(1, 1000),
            ),
          ),
      abstraction_type: r.pick(['accountAbstractionV6', 'accountAbstractionV8', 'eip7702']),
      status,
      user_operation_hash: status === 'new' ? null : toHex(r.bytes(32)),
      transaction_hash: mined || status === 'sent' ? toHex(r.bytes(32)) : null,
      block_number: mined ? 18_000_000 + Math.floor((t - start) / 12_000) : null,
      gas_used: gasUsed,
      gas_fee: feeWei?.toString() ?? null,
      cost_usd: cost,
      error_reason: err?.[0] ?? null,
      error_explanation: err?.[1] ?? null,
      created_at: t,
      updated_at: t + 30_000,
      version: 1,
    });
    const history = light
      ? [status]
      : status === 'new'
        ? ['new']
        : status === 'sent'
          ? ['new', 'sent']
          : mined
            ? ['new', 'sent', status === 'indexed' ? 'confirmed' : null, status].filter(Boolean)
            : ['new', 'sent', status];
    history.forEach((s, k) =>
      ins.row('transaction_statuses', { transaction_id: id, seq: k + 1, status: s, created_at: t + k * 12_000 }),
    );
  }
}

/**
 * The calls of a demo transaction, as an app sends them: the contract, its address, the function with its arguments
 * and the calldata encoded with viem for the seeded ABI (so the dashboard decodes real data). Which call it is follows
 * from the transaction's index, and every value from the ones already drawn, so the random sequence (and every other
 * seeded row) stays what it was. `first` is the index of the chain's first contract: Game Token, Hero NFT, Items, USD
 * Coin. Every tenth transaction also sends some of the chain's native currency.
 */
function demoInteractions(
  i: number,
  first: number,
  contracts: readonly string[],
  addresses: readonly Address[],
  from: Address | undefined,
  recipient: Address,
  units: number,
): Record<string, unknown>[] {
  const amount = BigInt(units) * 1_000_000n;
  const call =
    i % 4 === 3
      ? {
          at: first + 1,
          data: encodeFunctionData({
            abi: erc721Abi,
            functionName: 'transferFrom',
            args: [from ?? recipient, recipient, BigInt(units)],
          }),
          functionName: 'transferFrom',
          functionArgs: [from ?? recipient, recipient, String(units)],
        }
      : i % 4 === 2
        ? {
            at: first + 3,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, amount] }),
            functionName: 'approve',
            functionArgs: [recipient, String(amount)],
          }
        : {
            at: first,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
            functionName: 'transfer',
            functionArgs: [recipient, String(amount)],
          };
  const interactions: Record<string, unknown>[] = [
    {
      contract: contracts[call.at],
      to: addresses[call.at],
      value: '0',
      functionName: call.functionName,
      functionArgs: call.functionArgs,
      data: call.data,
    },
  ];
  if (i % 10 === 9) interactions.push({ to: recipient, value: String(amount * 10_000_000_000n) });
  return interactions;
}

export { ID_PREFIX, uuidv7 };
