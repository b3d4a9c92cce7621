/**
 * `npm start`: builds the site, prepares the local D1 database and serves everything on http://127.0.0.1:$PORT.
 */
import { run, stopOnExit } from './lib/proc.ts';
import { startPagesServer } from './lib/pages-server.ts';

const port = Number(process.env.PORT ?? 8788);

await run('astro', ['build']);
await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local'], { env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } });
const pages = await startPagesServer({ port });
stopOnExit([pages.child]);

console.log(`
  Dashboard:  ${pages.url}
`);
