import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { TestProject } from 'vitest/node';
import { createSmtpInbox } from '../../../dev/smtp-inbox/server.ts';
import { LOCAL_SMTP } from '../../../dev/smtp-inbox/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    smtpPort: number;
    smtpInboxUrl: string;
    smtpSilentPort: number;
    smtpClosedPort: number;
    smtpDnsUrl: string;
    smtpNoStartTlsPort: number;
  }
}

/**
 * Node-side global setup for the SMTP send tests (tests/workers/api/smtp-test.test.ts): the real local SMTP inbox
 * (dev/smtp-inbox: AUTH required, STARTTLS with a self-signed certificate), a TCP server that accepts and never
 * greets (timeouts), a port nothing listens on (refused connections) and a DNS-over-HTTPS JSON resolver standing in
 * for the public one (no test may need the internet): `*.nx.test` do not exist, `private.smtp.test` is 10.0.0.25,
 * `loopback.smtp.test` is 127.0.0.1.
 */
const DNS: Record<string, Record<string, string[]>> = {
  'private.smtp.test': { A: ['10.0.0.25'] },
  'mapped.smtp.test': { A: ['8.8.8.8'], AAAA: ['::ffff:10.0.0.1'] },
  'loopback.smtp.test': { A: ['127.0.0.1'] },
};
export default async function setup(project: TestProject) {
  const inbox = await createSmtpInbox({ port: 0, webPort: 0, user: LOCAL_SMTP.user, password: LOCAL_SMTP.password });
  // The same inbox without STARTTLS: choosing STARTTLS must stop before AUTH, never go on in plain text.
  const plain = await createSmtpInbox({
    port: 0,
    webPort: 0,
    user: LOCAL_SMTP.user,
    password: LOCAL_SMTP.password,
    hideStartTls: true,
  });
  const held: Socket[] = [];
  const silent = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  // A port nothing listens on: 1 (tcpmux, privileged, served by nothing here or in CI). A free port taken and closed
  // again was not: the stack tests' runtimes, started beside these, once got the same ephemeral port and held it, so
  // "refused" waited for the timeout instead (2026-11-27).
  const closedPort = 1;
  const dns = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://dns');
    const name = url.searchParams.get('name') ?? '';
    const type = url.searchParams.get('type') ?? 'A';
    const known = DNS[name];
    res.writeHead(200, { 'Content-Type': 'application/dns-json' });
    res.end(
      JSON.stringify({
        Status: known ? 0 : 3,
        Answer: (known?.[type] ?? []).map((data) => ({ name, type: type === 'A' ? 1 : 28, TTL: 60, data })),
      }),
    );
  });
  await new Promise<void>((resolve) => dns.listen(0, '127.0.0.1', resolve));
  project.provide('smtpDnsUrl', `http://127.0.0.1:${(dns.address() as AddressInfo).port}/dns-query`);
  project.provide('smtpPort', inbox.smtpPort);
  project.provide('smtpNoStartTlsPort', plain.smtpPort);
  project.provide('smtpInboxUrl', inbox.url);
  project.provide('smtpSilentPort', (silent.address() as AddressInfo).port);
  project.provide('smtpClosedPort', closedPort);
  return async () => {
    for (const s of held) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await new Promise<void>((resolve) => dns.close(() => resolve()));
    await inbox.close();
    await plain.close();
  };
}
