/**
 * Every write from a screen goes through here: a loading toast that turns into success, or into an error with the
 * API's message (`ApiRequestError.summary`: a body refused by field says how many fields); the cached queries under
 * the touched paths are refetched. Field errors stay on the thrown `ApiRequestError` for the form to show next to its
 * fields.
 */
import { apiRequest, ApiRequestError, type ApiRequestInit } from './api-client';
import { invalidatePaths } from './query';
import { toast } from './toast';

export interface WriteOptions extends Omit<ApiRequestInit, 'signal'> {
  /** Shown while the request runs, e.g. "Creating project…". */
  pending: string;
  /** Shown when it succeeded, e.g. "Project created". */
  done: string;
  /** Path prefixes whose cached queries the write changes. */
  invalidate?: string[];
}

/** Sends a write with its toasts; resolves with the answer or rejects with the ApiRequestError (already toasted). */
export async function apiWrite<T>(path: string, options: WriteOptions): Promise<T> {
  const { pending, done, invalidate = [], ...init } = options;
  const id = toast.loading(pending);
  try {
    const result = await apiRequest<T>(path, init);
    toast.success(done, { id });
    // Every write lands in its project's audit log (docs/api.md "Writes"): an open audit list follows.
    const project = /^\/projects\/(pro_[^/?]+)/.exec(path)?.[1];
    const touched = project ? [...invalidate, `/projects/${project}/audit-log`] : invalidate;
    if (touched.length) invalidatePaths(...touched);
    return result;
  } catch (error) {
    const message = error instanceof ApiRequestError ? error.summary : 'Something went wrong. Try again in a moment.';
    toast.error(message, { id });
    throw error;
  }
}
