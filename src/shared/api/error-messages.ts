/**
 * The API's message for a request body refused by field (docs/api.md "Errors"): the details name each field and say
 * why. The browser's toast says how many fields need a change instead (src/lib/api-client.ts `summary`). Zod-free:
 * every page's API client reads it.
 */
export const INVALID_BODY_MESSAGE = 'Invalid request body';
