import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * Converts zod schemas to JSON Schema and lifts the named ones into OpenAPI `components`. The shared schemas in
 * `src/shared/api/` carry their names in zod's global registry (`.meta({ id: 'Wallet' })`), which `toJSONSchema`
 * turns into `$defs`; here those become `#/components/schemas/Wallet`, once for the whole document. Input and output
 * shapes of one schema can differ (defaults): a differing input shape is kept as `<Name>Input`.
 */
export function createSchemaConverter() {
  const components: Record<string, Json> = {};
  function convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const {
      $schema: _drop,
      $defs,
      ...rest
    } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as Json & { $defs?: Record<string, Json> };
    const refs = (json: unknown, names: Record<string, string>) =>
      JSON.parse(
        JSON.stringify(json).replace(
          /"#\/\$defs\/([^"]+)"/g,
          (_, name: string) => `"#/components/schemas/${names[name] ?? name}"`,
        ),
      ) as Json;
    const defs = $defs ?? {};
    const renamed: Record<string, string> = {};
    for (const [name, def] of Object.entries(defs)) {
      const existing = components[name];
      renamed[name] = existing && JSON.stringify(existing) !== JSON.stringify(refs(def, {})) ? `${name}Input` : name;
    }
    for (const [name, def] of Object.entries(defs)) components[renamed[name]!] ??= refs(def, renamed);
    return refs(rest, renamed);
  }
  return { convert, components };
}
