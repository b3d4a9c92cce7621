import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env extends globalThis.Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SHARD_MIGRATIONS: D1Migration[];
      TEST_LOGS_MIGRATIONS: D1Migration[];
    }
  }
}
