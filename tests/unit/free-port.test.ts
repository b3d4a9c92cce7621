import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';

const ephemeralLow = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return null;
  }
})();

describe('freePort', () => {
  it('gives distinct ports that a server can bind, outside the range outgoing connections take theirs from', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    if (ephemeralLow) for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    for (const port of ports.slice(0, 3)) {
      const srv = createServer();
      await new Promise<void>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => srv.close(resolve));
    }
  });
});
