import { beforeAll, describe, expect, it } from 'vitest';
import { TX_STATUSES } from '../../../src/shared/api/collections';
import { TX_NEXT, txTopic, type TxStatus } from '../../../src/shared/api/transaction-lifecycle';
import { addr } from './fixtures';
import { addMember, api, newProject, token, shardOf } from './helpers';

/**
 * `POST …/transactions/{id}/status` (docs/api.md "Transaction status changes"): the moves of TX_NEXT are the table,
 * every other move is a 409; each move writes its history and its `transaction_intent.*` event with it.
 */
type Project = Awaited<ReturnType<typeof newProject>>;
/** The project's shard (webhook_events are there). */
const db = () => shardOf(p.id);

/** The shortest way from `new` to `to` through the allowed moves. */
function pathTo(to: TxStatus): TxStatus[] {
  const queue: TxStatus[][] = [['new']];
  while (queue.length) {
    const path = queue.shift()!;
    const last = path[path.length - 1]!;
    if (last === to) return path.slice(1);
    for (const next of TX_NEXT[last]) if (!path.includes(next)) queue.push([...path, next]);
  }
  throw new Error(`no way to ${to}`);
}

let p: Project;
let wallet: string;
const base = () => `/projects/${p.id}/test/transactions`;

async function newTx(): Promise<string> {
  const res = await api('POST', base(), p.ownerToken, {
    chainId: 1,
    accountId: wallet,
    interactions: [{ to: addr(7), value: '1' }],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const report = (id: string, body: Record<string, unknown>, t = p.ownerToken) =>
  api('POST', `${base()}/${id}/status`, t, body);

async function eventsOf(id: string): Promise<string[]> {
  const { results } = await (
    await db()
  )
    .prepare(
      "SELECT topic FROM webhook_events WHERE project_id = ? AND json_extract(payload, '$.data.id') = ? ORDER BY created_at, rowid",
    )
    .bind(p.id, id)
    .all<{ topic: string }>();
  return results.map((r) => r.topic);
}

beforeAll(async () => {
  p = await newProject('tx-status-owner', 'Transaction statuses');
  const w = await api('POST', `/projects/${p.id}/test/wallets`, p.ownerToken, {
    address: addr(4242),
    chainId: 1,
    accountType: 'Smart Account',
  });
  wallet = w.body.id;
});

describe('every move of the lifecycle table', () => {
  for (const from of TX_STATUSES)
    for (const to of TX_STATUSES.filter((s) => s !== 'new')) {
      const allowed = TX_NEXT[from].includes(to);
      it(`${from} → ${to}: ${allowed ? `200${txTopic(from, to) ? `, ${txTopic(from, to)}` : ', no event'}` : '409'}`, async () => {
        const id = await newTx();
        for (const step of pathTo(from)) expect((await report(id, { status: step })).status).toBe(200);
        const before = await eventsOf(id);
        const res = await report(id, { status: to });
        if (!allowed) {
          expect(res.status, res.text).toBe(409);
          expect(res.body.error.details).toMatchObject({ reason: 'invalid_transition', from });
          expect(await eventsOf(id)).toEqual(before);
          return;
        }
        expect(res.status, res.text).toBe(200);
        expect(res.body.status).toBe(to);
        expect(res.body.statusHistory.map((h: { status: string }) => h.status)).toEqual(['new', ...pathTo(from), to]);
        const topic = txTopic(from, to);
        expect(await eventsOf(id)).toEqual(topic ? [...before, topic] : before);
      });
    }
});

describe('what a report carries', () => {
  it('stores the hash, block, gas and error, and the event names the transaction', async () => {
    const id = await newTx();
    const hash = `0x${'ab'.repeat(32)}`;
    expect((await report(id, { status: 'sent', transactionHash: hash.toUpperCase().replace('0X', '0x') })).status).toBe(
      200,
    );
    const res = await report(id, {
      status: 'reverted',
      blockNumber: 123,
      gasUsed: 21000,
      gasFee: '420000000000000',
      costUsd: 1.25,
      error: { reason: 'execution reverted', explanation: 'ERC20: transfer amount exceeds balance' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      transactionHash: hash,
      blockNumber: 123,
      gasUsed: 21000,
      gasFee: '420000000000000',
      costUsd: 1.25,
      error: { reason: 'execution reverted', explanation: 'ERC20: transfer amount exceeds balance' },
    });
    const row = await (
      await db()
    )
      .prepare(
        "SELECT payload FROM webhook_events WHERE topic = 'transaction_intent.failed' AND json_extract(payload, '$.data.id') = ?",
      )
      .bind(id)
      .first<{ payload: string }>();
    expect(JSON.parse(row!.payload).data).toMatchObject({
      id,
      status: 'reverted',
      previousStatus: 'sent',
      transactionHash: hash,
    });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a status that is not one', { status: 'mined' }, 'status'],
    ['new (only creation sets it)', { status: 'new' }, 'status'],
    ['a short hash', { status: 'sent', transactionHash: '0x1234' }, 'transactionHash'],
    ['a negative block', { status: 'sent', blockNumber: -1 }, 'blockNumber'],
    ['a fee that is not wei', { status: 'sent', gasFee: '1.5' }, 'gasFee'],
    ['an unknown field', { status: 'sent', nonce: 3 }, '(body)'],
  ];
  for (const [what, body, path] of bad)
    it(`refuses ${what} at the field, and changes nothing`, async () => {
      const id = await newTx();
      const res = await report(id, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
      expect((await api('GET', `${base()}/${id}`, p.ownerToken)).body.status).toBe('new');
      expect(await eventsOf(id)).toEqual([]);
    });

  it('two reports at once: one moves the transaction, the other is a 409 and writes nothing', async () => {
    const id = await newTx();
    const [a, b] = await Promise.all([report(id, { status: 'sent' }), report(id, { status: 'dropped' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const read = await api('GET', `${base()}/${id}`, p.ownerToken);
    expect(read.body.statusHistory).toHaveLength(2);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('keeps the status totals right', async () => {
    const id = await newTx();
    const count = async (status: string) =>
      (
        await api(
          'GET',
          `${base()}?filters=${encodeURIComponent(JSON.stringify([{ field: 'status', op: 'eq', value: status }]))}`,
          p.ownerToken,
        )
      ).body.total as number;
    const [sent, fresh] = [await count('sent'), await count('new')];
    expect((await report(id, { status: 'sent' })).status).toBe(200);
    expect(await count('sent')).toBe(sent + 1);
    expect(await count('new')).toBe(fresh - 1);
  });
});

describe('who may report', () => {
  it('developers and secret keys with transactions:write may; viewers and other tenants may not', async () => {
    await addMember(p.id, 'tx-status-viewer', 'viewer');
    await addMember(p.id, 'tx-status-dev', 'developer');
    const id = await newTx();
    expect((await report(id, { status: 'sent' }, await token('tx-status-viewer'))).status).toBe(403);
    expect((await report(id, { status: 'sent' }, await token('tx-status-stranger'))).status).toBe(404);
    expect((await report(id, { status: 'sent' }, p.secretLive)).status).toBe(404);
    expect((await report(id, { status: 'sent' }, await token('tx-status-dev'))).status).toBe(200);
    expect((await report(id, { status: 'confirmed' }, p.secretTest)).status).toBe(200);
  });

  it('an unknown transaction is a 404', async () => {
    const res = await report('tin_01900000-0000-7000-8000-000000000000', { status: 'sent' });
    expect(res.status).toBe(404);
  });
});
