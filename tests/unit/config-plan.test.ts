import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '../../src/shared/api/config';
import { diffFields, planConfig } from '../../src/shared/config-plan';

// The promotion plan as a table: two documents → per object how it compares and what applying does.

const A = '0x00000000000000000000000000000000000000aa';
const token = { name: 'Token', chainId: 8453, address: A, abi: [], publicVerified: false };
const policy = (o: Record<string, unknown> = {}) => ({
  name: 'P',
  chainId: 8453,
  enabled: true,
  strategy: { type: 'pay_for_user' },
  rules: [],
  ...o,
});
const doc = (o: Partial<ConfigDocument>): ConfigDocument => ({ schemaVersion: 1, ...o }) as ConfigDocument;
const rule = (contract: unknown) => ({
  type: 'contract_functions',
  contract,
  functionName: 'transfer',
  wildcard: false,
  limitType: null,
  limitValue: null,
  intervalUnit: null,
  intervalValue: null,
});

const claim = {
  type: 'function' as const,
  name: 'claim',
  inputs: [{ name: 'amount', type: 'uint256' }],
  outputs: [],
  stateMutability: 'nonpayable' as const,
};
const monitor = (o: Record<string, unknown> = {}) => ({
  name: 'M',
  type: 'contract_function' as const,
  topic: null,
  threshold: null,
  contract: { chainId: 8453, address: A },
  functionName: null,
  functionArgs: null,
  backendWallet: null,
  chainId: 8453,
  confirmations: null,
  enabled: true,
  ...o,
});

type Row = {
  name: string;
  source: Partial<ConfigDocument>;
  target: Partial<ConfigDocument>;
  mode?: 'live' | 'test';
  pick?: { kind: 'contracts' | 'policies'; key?: string }[];
  expect: Record<string, { compare: string; action: string; reason?: RegExp; needsSecret?: string[] }>;
};

const TABLE: Row[] = [
  {
    name: 'matched by chain + address, not name: a rename differs',
    source: { contracts: [token] },
    target: { contracts: [{ ...token, name: 'Old', address: A.toUpperCase().replace('0X', '0x') }] },
    expect: { [`contracts/8453:${A}`]: { compare: 'differs', action: 'update' } },
  },
  {
    name: 'the same object is left alone; one only in the target too',
    source: { policies: [policy()] },
    target: { policies: [policy(), policy({ name: 'Live only' })] },
    expect: {
      'policies/P': { compare: 'same', action: 'unchanged' },
      'policies/Live only': { compare: 'only_in_target', action: 'unchanged' },
    },
  },
  {
    name: 'live refuses a testnet chain',
    source: { policies: [policy({ chainId: 11155111 })] },
    target: { policies: [] },
    expect: { 'policies/P': { compare: 'only_in_source', action: 'refused', reason: /testnet/ } },
  },
  {
    name: 'test mode takes the same testnet',
    mode: 'test',
    source: { policies: [policy({ chainId: 11155111 })] },
    target: { policies: [] },
    expect: { 'policies/P': { compare: 'only_in_source', action: 'create' } },
  },
  {
    name: 'a rule on a contract the target lacks and the promotion does not create is refused',
    source: { contracts: [token], policies: [policy({ rules: [rule({ chainId: 8453, address: A })] })] },
    target: { contracts: [], policies: [] },
    pick: [{ kind: 'policies' }],
    expect: {
      'policies/P': { compare: 'only_in_source', action: 'refused', reason: /pick it too/ },
      [`contracts/8453:${A}`]: { compare: 'only_in_source', action: 'not_picked' },
    },
  },
  {
    name: 'the same rule with its contract picked too is created after it',
    source: { contracts: [token], policies: [policy({ rules: [rule({ chainId: 8453, address: A })] })] },
    target: { contracts: [], policies: [] },
    expect: {
      'policies/P': { compare: 'only_in_source', action: 'create' },
      [`contracts/8453:${A}`]: { compare: 'only_in_source', action: 'create' },
    },
  },
  {
    name: 'a rule’s function must be one of its contract’s ABI functions',
    source: {
      contracts: [{ ...token, abi: [{ type: 'function', name: 'claim', inputs: [], outputs: [] }] }],
      policies: [policy({ rules: [rule({ chainId: 8453, address: A })] })],
    },
    target: { contracts: [], policies: [] },
    expect: { 'policies/P': { compare: 'only_in_source', action: 'refused', reason: /not a function/ } },
  },
  {
    name: 'a monitor’s function must be one of its contract’s ABI functions (as by hand)',
    source: {
      contracts: [{ ...token, abi: [claim] }],
      eventMonitors: [monitor({ functionName: 'transfer' })],
    },
    target: { contracts: [], eventMonitors: [] },
    expect: { 'eventMonitors/M': { compare: 'only_in_source', action: 'refused', reason: /Not a function/ } },
  },
  {
    name: 'a monitor’s arguments are checked against the function’s inputs',
    source: {
      contracts: [{ ...token, abi: [claim] }],
      eventMonitors: [monitor({ functionName: 'claim', functionArgs: ['12', 'extra'] })],
    },
    target: { contracts: [], eventMonitors: [] },
    expect: { 'eventMonitors/M': { compare: 'only_in_source', action: 'refused', reason: /takes 1 argument, got 2/ } },
  },
  {
    name: 'a monitor whose argument fits its type is created',
    source: {
      contracts: [{ ...token, abi: [claim] }],
      eventMonitors: [monitor({ functionName: 'claim', functionArgs: ['12'] })],
    },
    target: { contracts: [], eventMonitors: [] },
    expect: { 'eventMonitors/M': { compare: 'only_in_source', action: 'create' } },
  },
  {
    name: 'a policy’s chain cannot change',
    source: { policies: [policy({ chainId: 10 })] },
    target: { policies: [policy()] },
    expect: { 'policies/P': { compare: 'differs', action: 'refused', reason: /chain cannot change/ } },
  },
  {
    name: 'a new webhook arrives disabled, needing its secret',
    source: {
      webhooks: [{ url: 'https://x.example.com/h', description: null, topics: ['user.created'], enabled: true }],
    },
    target: { webhooks: [] },
    expect: {
      'webhooks/https://x.example.com/h': {
        compare: 'only_in_source',
        action: 'create',
        needsSecret: ['signingSecret'],
      },
    },
  },
  {
    name: 'an SMTP password in a document is refused',
    source: { smtp: { enabled: false, host: 'smtp.example.com', password: 'hunter2-hunter2' } },
    target: {
      smtp: { enabled: false, host: null, port: 587, user: null, from: null, fromName: null, tlsMode: 'starttls' },
    },
    expect: { 'smtp/smtp': { compare: 'differs', action: 'refused', reason: /never copied/ } },
  },
];

describe('planConfig', () => {
  it.each(TABLE)('$name', (row) => {
    const items = planConfig({
      source: doc(row.source),
      target: doc(row.target),
      targetMode: row.mode ?? 'live',
      pick: row.pick,
    });
    const got = Object.fromEntries(items.map((i) => [`${i.kind}/${i.key}`, i]));
    for (const [key, want] of Object.entries(row.expect)) {
      expect(got[key], key).toMatchObject({ compare: want.compare, action: want.action });
      if (want.reason) expect(got[key]!.reasons.map((r) => r.message).join(' ')).toMatch(want.reason);
      if (want.needsSecret) expect(got[key]!.needsSecret).toEqual(want.needsSecret);
    }
  });

  it('applying the plan’s values makes the next plan change nothing (idempotent by construction)', () => {
    const source = doc({ contracts: [token], policies: [policy({ rules: [rule({ chainId: 8453, address: A })] })] });
    const first = planConfig({ source, target: doc({ contracts: [], policies: [] }), targetMode: 'live' });
    const written = doc({
      contracts: first.filter((i) => i.kind === 'contracts').map((i) => i.value) as never,
      policies: first.filter((i) => i.kind === 'policies').map((i) => i.value) as never,
    });
    const second = planConfig({ source, target: written, targetMode: 'live' });
    expect(second.map((i) => i.action)).toEqual(['unchanged', 'unchanged']);
  });
});

describe('diffFields', () => {
  it.each([
    [{ a: 1 }, { a: 2 }, [{ path: 'a', from: 1, to: 2 }]],
    [{ o: { x: true } }, { o: { x: false } }, [{ path: 'o.x', from: true, to: false }]],
    [{ t: ['a', 'b'] }, { t: ['a', 'b'] }, []],
    [undefined, { n: 'x' }, [{ path: 'n', from: null, to: 'x' }]],
    [
      { rules: [{ f: 'a' }] },
      { rules: [{ f: 'b' }, { f: 'c' }] },
      [
        { path: 'rules[0].f', from: 'a', to: 'b' },
        { path: 'rules[1].f', from: null, to: 'c' },
      ],
    ],
  ])('%j → %j', (from, to, changes) => {
    expect(diffFields(from, to)).toEqual(changes);
  });
});
