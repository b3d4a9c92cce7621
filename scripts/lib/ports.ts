import { createServer } from 'node:net';

/** A loopback port the local stack needs, and how a user picks another one. */
export interface NeededPort {
  port: number;
  /** What listens there, e.g. "the dashboard". */
  what: string;
  /** The environment variable that moves it, e.g. `PORT`. */
  variable: string;
}

/** Whether something already listens on 127.0.0.1:`port`. */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(true) : reject(error),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/**
 * The one line `npm start` stops with when a port it needs is taken (docs/decisions.md "The local stack fails
 * loudly"), or null when every port is free.
 */
export async function takenPortMessage(ports: NeededPort[], command = 'npm start'): Promise<string | null> {
  for (const { port, what, variable } of ports) {
    if (!(await portTaken(port))) continue;
    return (
      `${command}: port ${port} (${what}) is already in use — is another \`${command}\` running? ` +
      `Stop it, or choose another port: ${variable}=${port + 2} ${command}`
    );
  }
  return null;
}
