import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test } from './fixtures';

/**
 * The data API's OpenAPI document, as the running stack serves it, is valid OpenAPI 3.1 by a maintained validator
 * (JSON Schema of the specification, every `$ref` resolved). tests/workers/api/smoke.test.ts checks that it lists
 * every route of the route table.
 */
test('the OpenAPI document served at /api/v1/openapi.json is valid OpenAPI 3.1', async ({ request }) => {
  const answer = await request.get('/api/v1/openapi.json');
  expect(answer.status()).toBe(200);
  const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths).length).toBeGreaterThan(50);
  const validator = new Validator();
  const result = await validator.validate(document);
  expect(result.errors ?? [], 'validation errors').toEqual([]);
  expect(result.valid).toBe(true);
  // Every `$ref` points at something that exists.
  expect(() => validator.resolveRefs()).not.toThrow();
});
