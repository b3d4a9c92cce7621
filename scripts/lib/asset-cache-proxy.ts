import http from 'node:http';

interface CachedAsset {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The e2e stack's front door (docs/decisions.md "npm test in under 20 minutes"): a loopback HTTP proxy to the Pages
 * server that keeps the built assets the server marks `immutable` (`/_astro/*`, named by their content's hash) in
 * memory, as a browser's HTTP cache keeps them across visits. Each e2e test's fresh browser context would otherwise
 * fetch its page's 30–75 modules again from the local runtime (about 350 ms of its CPU per page load). Everything
 * else (pages, the API, what is not immutable) passes through unchanged, streamed both ways. Answers are kept per
 * path and `Accept-Encoding`, since the server compresses by it.
 */
export function startAssetCacheProxy(options: { port: number; target: number }): Promise<http.Server> {
  const cache = new Map<string, CachedAsset>();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const asset = req.method === 'GET' && (req.url ?? '').startsWith('/_astro/');
    const key = `${req.url}\n${req.headers['accept-encoding'] ?? ''}`;
    const hit = asset ? cache.get(key) : undefined;
    if (hit) {
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: options.target, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        const keep =
          asset && answer.statusCode === 200 && /\bimmutable\b/.test(String(answer.headers['cache-control'] ?? ''));
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!keep) {
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          cache.set(key, { status: 200, headers: answer.headers, body });
          res.end(body);
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('The local Pages server did not answer.');
    });
    // The browser went away (a test ended): stop the request upstream too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
