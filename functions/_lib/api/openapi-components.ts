import { z } from 'zod';
import * as apiKeys from '../../../src/shared/api/api-keys';
import * as backendWallets from '../../../src/shared/api/backend-wallets';
import * as common from '../../../src/shared/api/common';
import * as contracts from '../../../src/shared/api/contracts';
import * as policies from '../../../src/shared/api/policies';
import * as projects from '../../../src/shared/api/projects';
import * as settings from '../../../src/shared/api/settings';
import * as transactions from '../../../src/shared/api/transactions';
import * as users from '../../../src/shared/api/users';
import * as wallets from '../../../src/shared/api/wallets';
import * as webhooks from '../../../src/shared/api/webhooks';

const MODULES = [
  common,
  projects,
  wallets,
  users,
  transactions,
  policies,
  contracts,
  backendWallets,
  apiKeys,
  webhooks,
  settings,
];

/**
 * Every `…Schema` exported by `src/shared/api/*` becomes a named OpenAPI component (`walletSchema` → `Wallet`), so the
 * document says `$ref: '#/components/schemas/Wallet'` wherever a wallet appears instead of repeating it inline.
 * A local registry: the shared schemas themselves stay free of metadata.
 */
export function componentRegistry() {
  const registry = z.registry<{ id: string }>();
  for (const mod of MODULES)
    for (const [name, value] of Object.entries(mod)) {
      if (!name.endsWith('Schema') || !(value instanceof z.ZodType) || registry.has(value)) continue;
      const base = name.slice(0, -'Schema'.length);
      registry.add(value, { id: base.charAt(0).toUpperCase() + base.slice(1) });
    }
  return registry;
}

type Json = Record<string, unknown>;

/**
 * Converts zod schemas to JSON Schema with the registry's components lifted into `components` (input and output
 * shapes of one schema can differ, e.g. defaults: a differing input shape is kept as `<Name>Input`).
 */
export function createSchemaConverter() {
  const metadata = componentRegistry();
  const components: Record<string, Json> = {};
  function convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const {
      $schema: _drop,
      $defs,
      ...rest
    } = z.toJSONSchema(schema, {
      io,
      metadata,
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
