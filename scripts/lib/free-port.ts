import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports handed out by this process, so that two calls in a row never give the same one. */
const given = new Set<number>();

/** The kernel's range for the local ports of outgoing connections and `listen(0)`, or null when unknown. */
function ephemeralRange(): [number, number] | null {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && high ? [low, high] : null;
  } catch {
    return null;
  }
}

function tryBind(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const bound = (srv.address() as { port: number }).port;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A free loopback port for a server another process binds later (`wrangler`, the auth emulator of a stack). Chosen
 * below the kernel's ephemeral range (32768–60999 by default), at random in the 12,000 ports under it, and checked by
 * binding it: a port from `listen(0)` comes from that range, where an outgoing connection can take it between this
 * check and the child's bind. That happened with the e2e suite beside the stack tests (thousands of connections a
 * minute): `wrangler pages dev` logged "Address already in use" and the stack never answered. Below the range only an
 * explicit bind takes a port. Where the range is unknown (not Linux), `listen(0)`.
 */
export async function freePort(): Promise<number> {
  const range = ephemeralRange();
  if (range && range[0] > 2048) {
    const top = range[0] - 1;
    const bottom = Math.max(1024, top - 12_000);
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = bottom + Math.floor(Math.random() * (top - bottom + 1));
      if (given.has(port)) continue;
      if ((await tryBind(port)) !== null) {
        given.add(port);
        return port;
      }
    }
  }
  for (;;) {
    const port = await tryBind(0);
    if (port === null) throw new Error('no free loopback port');
    if (!given.has(port)) {
      given.add(port);
      return port;
    }
  }
}
