// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The walls between the rooms of the project (docs/architecture.md "Where code lives, and what it may import"):
 * `src/shared` runs in the browser and in Workers, so it imports only itself; browser code (`src/`) never imports
 * the Functions; the Functions import `src/shared` and nothing else of `src/`; `dev/` (local tools) is imported only
 * by scripts and tests. tests/unit/walls.test.ts proves the rule catches a wrong import.
 */
const WALLS = [
  { target: './src/shared', from: './src', except: ['./shared'], message: 'src/shared imports only src/shared.' },
  {
    target: './src/shared',
    from: ['./functions', './dev', './scripts', './workers'],
    message: 'src/shared runs in the browser and in Workers: it imports only src/shared.',
  },
  { target: './src', from: ['./functions', './workers'], message: 'Browser code never imports Workers code.' },
  {
    target: './functions',
    from: './src',
    except: ['./shared'],
    message: 'The Functions import src/shared only, never browser code (islands, stores, components, lib).',
  },
  {
    target: ['./src', './functions', './workers'],
    from: ['./dev', './scripts', './tests'],
    message: 'dev/, scripts/ and tests/ are local tools: only scripts and tests import them.',
  },
  { target: './dev', from: ['./functions', './workers'], message: 'dev/ imports src/shared, not the Functions.' },
  {
    target: './dev',
    from: './src',
    except: ['./shared'],
    message: 'dev/ imports src/shared, not browser code.',
  },
];

/** Packages that only make sense in the browser: neither src/shared nor the Functions may import them. */
const BROWSER_PACKAGES = [
  'react',
  'react-dom',
  'react/*',
  'react-dom/*',
  'nanostores',
  '@nanostores/*',
  '@supabase/*',
  'posthog-js',
  'sonner',
  'lucide-react',
  '@radix-ui/*',
  'cmdk',
  'uplot',
  'qrcode',
];

/** A D1 binding read by name: `env.DB`, `env.SHARD_0`, `env[`SHARD_${n}`]`, `env['SHARD_1']`. */
const DATABASE_BINDINGS = [
  "MemberExpression[computed=false][property.name='DB']",
  'MemberExpression[computed=false][property.name=/^SHARD_/]',
  'MemberExpression[computed=true][property.type="TemplateLiteral"][property.quasis.0.value.raw=/^SHARD_/]',
  'MemberExpression[computed=true][property.value=/^(DB|SHARD_)/]',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      '.tools/**',
      '.astro/**',
      '**/.wrangler/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'tests/.artifacts/**',
      '**/*.astro',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
  {
    files: ['src/**/*.tsx', 'src/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // The two React Compiler rules flag the islands' read-the-URL-on-mount effects: reported, not blocking.
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/immutability': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'functions/**/*.ts', 'dev/**/*.ts', 'workers/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: WALLS }] },
  },
  {
    files: ['src/shared/**/*.ts', 'functions/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: BROWSER_PACKAGES,
              message: 'Browser-only package: src/shared and the Workers code run outside the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: BROWSER_PACKAGES,
              message: 'Browser-only package: src/shared and the Workers code run outside the browser.',
            },
            { group: ['cloudflare:*'], message: 'Workers-only module: src/shared also runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    // Shards (docs/architecture.md "Shards"): the Functions and the Workers reach the directory and the shards only
    // through functions/_lib/db/shards.ts (c.directory, c.db, allShards), never a binding by name.
    files: ['functions/**/*.ts', 'workers/**/*.ts'],
    ignores: ['functions/_lib/db/shards.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...DATABASE_BINDINGS.map((selector) => ({
          selector,
          message:
            'Reach D1 through functions/_lib/db/shards.ts (c.directory, c.db, allShards), not a binding by name.',
        })),
      ],
    },
  },
  {
    // Tests poke at JSON bodies of many shapes.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
