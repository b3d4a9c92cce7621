import type { TestProject } from 'vitest/node';
import { startRpcServer } from '../../../dev/rpc-server/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    rpcUrl: string;
  }
}

/** Node-side global setup: the local JSON-RPC server (dev/rpc-server) the contract read calls go to. */
export default async function setup(project: TestProject) {
  const rpc = await startRpcServer({ port: 0 });
  project.provide('rpcUrl', rpc.url);
  return () => rpc.close();
}
