// The entry the build bundles into each dashboard shell's inline early request (src/page-scripts/early-request-inline.ts).
import { startEarlyRequest } from './early-request-inline';

startEarlyRequest();
