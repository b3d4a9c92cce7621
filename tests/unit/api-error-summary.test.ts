import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/lib/api-client';

describe('ApiRequestError.summary: what the error toast of a write says', () => {
  it.each<[string, ApiRequestError, string]>([
    [
      'one refused field: its message stays at the field',
      new ApiRequestError(400, 'bad_request', 'Invalid request body', [{ path: ['url'], message: 'Use https' }]),
      'Not saved: a field needs a change',
    ],
    [
      'several refused fields: how many',
      new ApiRequestError(400, 'bad_request', 'Invalid request body', [
        { path: ['name'], message: 'Required' },
        { path: 'rules.0.value', message: 'Must be a number' },
      ]),
      'Not saved: 2 fields need a change',
    ],
    [
      'a specific message with its field: the API’s message',
      new ApiRequestError(400, 'bad_request', 'Signature does not prove ownership', [
        { path: ['signature'], message: 'Signature does not prove ownership' },
      ]),
      'Signature does not prove ownership',
    ],
    [
      'a refusal without fields: the API’s message',
      new ApiRequestError(400, 'bad_request', 'The project is archived'),
      'The project is archived',
    ],
    [
      'another code with a field (a conflict): the API’s message',
      new ApiRequestError(409, 'conflict', 'This address is a backend wallet already', [
        { path: ['address'], message: 'Taken' },
      ]),
      'This address is a backend wallet already',
    ],
    [
      'no answer at all',
      new ApiRequestError(0, 'network', 'Could not reach the server.'),
      'Could not reach the server.',
    ],
  ])('%s', (_, error, summary) => expect(error.summary).toBe(summary));
});
