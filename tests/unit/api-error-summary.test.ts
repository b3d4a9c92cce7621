import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/lib/api-client';
import { INVALID_BODY_MESSAGE } from '../../src/shared/api/error-messages';

/** A 400 of the API with the given message and field details. */
const refused = (message: string, ...fields: [path: string, message: string][]) =>
  new ApiRequestError(
    400,
    'bad_request',
    message,
    fields.length ? fields.map(([path, m]) => ({ path: path.split('.'), message: m })) : undefined,
  );

describe('ApiRequestError.summary: what the error toast of a write says', () => {
  it.each<[string, ApiRequestError, string]>([
    [
      'one refused field: its message stays at the field',
      refused(INVALID_BODY_MESSAGE, ['url', 'Use https']),
      'Not saved: a field needs a change',
    ],
    [
      'several refused fields: how many',
      refused(INVALID_BODY_MESSAGE, ['name', 'Required'], ['rules.0.value', 'Must be a number']),
      'Not saved: 2 fields need a change',
    ],
    [
      'a specific message with its field: the API’s message',
      refused('Signature does not prove ownership', ['signature', 'Signature does not prove ownership']),
      'Signature does not prove ownership',
    ],
    ['a refusal without fields: the API’s message', refused('The project is archived'), 'The project is archived'],
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

  it('a field path given as a string counts like one given as a list', () => {
    const error = new ApiRequestError(400, 'bad_request', INVALID_BODY_MESSAGE, [
      { path: 'rules.0.value', message: 'Must be a number' },
      { path: ['rules', '0', 'value'], message: 'Must be a number' },
    ]);
    expect(error.summary).toBe('Not saved: a field needs a change');
  });
});
