import { resolveLegacy } from '../../src/shared/legacy-redirects.ts';
import { LEGACY_REDIRECTS } from '../../src/shared/legacy-redirects.ts';

/** Mean time of one legacy-redirect resolution, in microseconds, over a mix of legacy, current and unknown paths. */
export function legacyLookupMicros(iterations = 300_000): number {
  const P = '/pro_7f3c2a1e-0b9d-4c1e-a0f3-5d2b8e6c9a10/live';
  const paths = [
    ...LEGACY_REDIRECTS.map(([from]) => P + from.replace('{playerId}', 'pla_5e1d9c3b-2a4f-4e6d-8b7a-1c0f2e3d4b5a')),
    `${P}/wallets`,
    `${P}/users/pla_1`,
    `${P}/developers/unknown`,
    '/auth/login',
    '/',
  ];
  let sink = 0;
  for (let i = 0; i < 20_000; i++) sink += resolveLegacy(paths[i % paths.length]!, '?page=2').kind.length;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink += resolveLegacy(paths[i % paths.length]!, '?page=2').kind.length;
  const ns = Number(process.hrtime.bigint() - start);
  if (sink === 0) throw new Error('unreachable');
  return ns / iterations / 1000;
}
