import { describe, expect, it } from 'vitest';
import { dohResolver } from '../../../functions/_lib/net/doh';
import { trashOf } from '../../../functions/_lib/db/trash';
import { deliver, fanOut, type Engine } from '../../../functions/_lib/webhooks/dispatch';
import { DNS_HOLD_MAX_MS, DNS_HOLD_MS, dnsHoldMs } from '../../../functions/_lib/webhooks/schedule';
import { setDns } from './dns';
import { api, projectWithUserEvent, testEnv } from './helpers';

/**
 * An attempt whose send-time DNS lookup fails on our side (the DNS-over-HTTPS resolver down) is held, not failed:
 * still pending, due again in a minute (then 2, 4, … up to 30 min) with the reason on its row, back on the queue, and
 * the receiver not counted as failing. Once the resolver answers, the same attempt goes out. The resolver is the local DoH stand-in
 * (dev/doh/server.ts); "down" is a path of it that does not exist (404), as a resolver answering an error would.
 */
describe('the hold after a failed DNS lookup doubles, up to 30 min', () => {
  it.each([
    [0, 1],
    [1, 2],
    [2, 4],
    [3, 8],
    [4, 16],
    [5, 30],
    [6, 30],
    [1000, 30],
  ])('held %i times before: waits %i min', (holds, minutes) => {
    expect(dnsHoldMs(holds)).toBe(minutes * 60_000);
  });
  it('starts at DNS_HOLD_MS and ends at DNS_HOLD_MAX_MS', () => {
    expect([DNS_HOLD_MS, DNS_HOLD_MAX_MS]).toEqual([60_000, 1_800_000]);
  });
});

describe('a webhook attempt while the DNS resolver is down', () => {
  it('is held pending with the reason and sent once the resolver answers; the receiver is not marked failing', async () => {
    const host = `hold-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const {
      project: p,
      base,
      hookId,
      shard,
      eventId,
    } = await projectWithUserEvent('dns-hold-owner', 'DNS hold', `https://${host}/in`);

    const doh = new URL(testEnv.DNS_OVER_HTTPS_URL!);
    const clock = { now: Date.now() };
    const sent: string[] = [];
    const queued: number[] = [];
    const projectShard = (await testEnv.DB.prepare('SELECT shard FROM projects WHERE id = ?').bind(p.id).first<any>())
      .shard;
    const engine = (resolverUrl: string): Engine => ({
      db: shard,
      trash: trashOf(testEnv.DB, projectShard),
      env: testEnv,
      now: () => clock.now,
      random: () => 0.5,
      enqueue: async (_id, delayMs) => void queued.push(delayMs),
      fetch: async (input) => {
        sent.push(String(input instanceof Request ? input.url : input));
        return new Response('ok');
      },
      resolve: dohResolver(resolverUrl),
      allowLoopback: false,
      timeoutMs: 5000,
    });
    const [attempt] = await fanOut(engine(`${doh.origin}/down`), eventId);
    const row = () =>
      shard
        .prepare('SELECT status, error, created_at, claimed_until FROM webhook_deliveries WHERE id = ?')
        .bind(attempt!)
        .first<{ status: string; error: string | null; created_at: number; claimed_until: number | null }>();
    const hookRow = () =>
      shard.prepare('SELECT enabled, failing_since FROM webhooks WHERE id = ?').bind(hookId).first<any>();

    // The resolver answers an error: nothing is sent, the attempt waits a minute and says why.
    expect(await deliver(engine(`${doh.origin}/down`), attempt!)).toEqual({
      kind: 'skipped',
      why: 'held: DNS lookup failed',
    });
    expect(sent).toEqual([]);
    expect(queued).toEqual([DNS_HOLD_MS]);
    expect(await row()).toEqual({
      status: 'pending',
      error: `Waiting: the DNS lookup of ${host} failed on our side; tried again in 1 min`,
      created_at: clock.now + DNS_HOLD_MS,
      claimed_until: null,
    });
    expect(await hookRow()).toEqual({ enabled: 1, failing_since: null });
    // The deliveries screen reads the reason from the API.
    const listed = await api('GET', `${base}/webhooks/${hookId}/deliveries`, p.ownerToken);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: attempt, status: 'pending', error: expect.stringMatching(/^Waiting: the DNS/) }),
    ]);
    // Not due yet: a message arriving early does not send it.
    expect((await deliver(engine(doh.href), attempt!)).kind).toBe('skipped');
    expect(sent).toEqual([]);

    // Still down when it is due: each hold waits twice the one before, so an outage is not asked about every minute.
    clock.now += DNS_HOLD_MS;
    for (const minutes of [2, 4]) {
      expect((await deliver(engine(`${doh.origin}/down`), attempt!)).kind).toBe('skipped');
      expect(await row()).toEqual({
        status: 'pending',
        error: `Waiting: the DNS lookup of ${host} failed on our side; tried again in ${minutes} min`,
        created_at: clock.now + minutes * 60_000,
        claimed_until: null,
      });
      clock.now += minutes * 60_000;
    }
    // (The early message put it back on the queue for the rest of its first minute.)
    expect(queued).toEqual([60_000, 60_000, 120_000, 240_000]);
    expect(sent).toEqual([]);
    expect(await hookRow()).toEqual({ enabled: 1, failing_since: null });

    // Then the resolver answers: the same attempt goes out and succeeds; the reason is gone.
    await setDns(host, 'A', ['93.184.216.34']);
    expect(await deliver(engine(doh.href), attempt!)).toMatchObject({ kind: 'sent', status: 'succeeded' });
    expect(sent).toEqual([`https://${host}/in`]);
    expect(await row()).toMatchObject({ status: 'succeeded', error: null });
  });
});
