/**
 * One request log entry as it travels from the API (after the response) through the dispatcher's queue to the
 * consumer's batch write (store.ts). Only what docs/security.md "Request logs" allows: no body, no credentials.
 */
export interface RequestLogEntry {
  id: string;
  projectId: string;
  /** `live`, `test`, or '' for a project-level route. */
  mode: string;
  createdAt: number;
  method: string;
  route: string | null;
  path: string;
  query: string | null;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  callerType: 'key' | 'member' | null;
  callerId: string | null;
  keyId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  requestBytes: number | null;
  responseBytes: number | null;
}

const ID = /^req_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PROJECT = /^pro_[0-9a-f-]{36}$/;
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

/**
 * An entry as the consumer accepts it (the RPC and the queue carry what the API sent; anything else is dropped):
 * the fields it needs present and of their type, text cut to size.
 */
export function validEntry(v: unknown): RequestLogEntry | null {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  if (typeof e.id !== 'string' || !ID.test(e.id)) return null;
  if (typeof e.projectId !== 'string' || !PROJECT.test(e.projectId)) return null;
  if (e.mode !== 'live' && e.mode !== 'test' && e.mode !== '') return null;
  const createdAt = int(e.createdAt);
  const status = int(e.status);
  const latencyMs = int(e.latencyMs);
  const method = str(e.method, 10);
  const path = str(e.path, 2048);
  if (createdAt === null || status === null || latencyMs === null || !method || !path) return null;
  const callerType = e.callerType === 'key' || e.callerType === 'member' ? e.callerType : null;
  return {
    id: e.id,
    projectId: e.projectId,
    mode: e.mode,
    createdAt,
    method,
    route: str(e.route, 300),
    path,
    query: str(e.query, 2048),
    status,
    errorCode: str(e.errorCode, 40),
    latencyMs,
    callerType,
    callerId: callerType ? str(e.callerId, 100) : null,
    keyId: str(e.keyId, 100),
    clientAddress: str(e.clientAddress, 60),
    userAgent: str(e.userAgent, 512),
    requestBytes: int(e.requestBytes),
    responseBytes: int(e.responseBytes),
  };
}

/** `2xx` … `5xx` of a status. */
export const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;
