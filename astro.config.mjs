// @ts-check
import process from 'node:process';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { warmModules } from './scripts/build/warm-modules.ts';
import { modulePreloads } from './scripts/build/module-preloads.ts';
import { dashboardScripts } from './scripts/build/dashboard-scripts.ts';
import { compileHints } from './scripts/build/compile-hints.ts';
import { staticAssets } from './scripts/build/static-assets.ts';

export default defineConfig({
  output: 'static',
  // `DASHBOARD_DIST` builds elsewhere (e.g. a second e2e run beside the first); default dist/.
  outDir: process.env.DASHBOARD_DIST ?? './dist',
  // Shells are files (`dist/shell/wallets.html`); the edge decides which one a URL gets.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    // The sign-in page lists the modules of the pages a sign-in opens, to fetch while the password is typed.
    warmModules({ into: ['shell/auth-login.html'], pages: ['shell/home.html', 'shell/wallets.html'] }),
    // Each dashboard page asks for all its modules at once, at low priority, instead of one import level at a time.
    modulePreloads({ under: 'shell' }),
    // The sign-in opens the dashboard through the client router: its policy allows the dashboard's inline scripts.
    dashboardScripts({ into: ['shell/auth-login.html'], under: 'shell' }),
    // The built modules and the icon are served as static files, not through the Pages Function (each would be a
    // billed invocation): `_routes.json` and `_headers` with the edge's headers.
    staticAssets(),
  ],
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  devToolbar: { enabled: false },
  vite: {
    // The chart chunk compiles all its functions as it loads (V8's compile hint), not on the first chart.
    plugins: [tailwindcss(), compileHints()],
    build: {
      sourcemap: process.env.DASHBOARD_SOURCEMAP === '1',
      rolldownOptions: {
        output: {
          // Fewer, larger chunks (docs/decisions.md "Chunks"): React in one; the code nearly every page shares in one;
          // the rest split by the bundler. Each chunk is a request the browser discovers only from its importer.
          codeSplitting: {
            groups: [
              // What the early list request of a page needs (src/page-scripts/early-request.ts), without React: it
              // runs as soon as the document is parsed, not after the React chunk has loaded and run. The API client
              // and the route table and stored session in chunks of their own: the sign-in pages need them, not the
              // list code (keeps the sign-in page's JS where it was).
              {
                name: 'early',
                test: /src[\\/](page-scripts[\\/]early-request|lib[\\/](page-request|prefetch-section|prepared-region|early-rows|first-row-mark|shorten|format-en)|shared[\\/]api[\\/](collections|list-params)|components[\\/](data-list[\\/](list-view|list-totals|row-markup|column-prefs)|ui[\\/](badge-tones|skeleton-class))|islands[\\/]shared[\\/]user-label)\.ts$/,
                priority: 4,
              },
              {
                name: 'api',
                test: /src[\\/](lib[\\/](prefetch-handoff|api-client)|shared[\\/]api[\\/]error-messages)\.ts$/,
                priority: 6,
              },
              {
                name: 'routes',
                test: /src[\\/]shared[\\/](routes|project-id|auth-storage|storage-keys)\.ts$/,
                priority: 5,
              },
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
              // What the sign-in pages take from the shared code (the toaster's store, `cn`), apart from it: they
              // loaded the whole `shell` chunk for these (the lists' query store, dialogs, table parts: ~9 KB gzipped).
              {
                name: 'base',
                test: /src[\\/]lib[\\/](toast|use-client-store|cn)\.ts$|node_modules[\\/](clsx[\\/]|nanostores[\\/](atom|clean-stores)[\\/])/,
                priority: 2,
              },
              // The small modules the layout's islands share (stores, the palette's opener, an icon): every project
              // page loads them all, but too few entries import them for the `shell` group.
              {
                name: 'layout',
                test: /src[\\/](stores[\\/](favorites|project|json-codec)|islands[\\/]command-palette[\\/]open-palette)\.ts$|node_modules[\\/](@nanostores[\\/]persistent[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]star\.mjs)/,
                priority: 2,
              },
              // The chain registry (viem's chains and what they import), for the pages that name chains: the list
              // pages' early rows import it too, which put it in the `shell` chunk of every page (+15 KB gzipped).
              {
                name: 'chains',
                test: /src[\\/]shared[\\/]chains\.ts$|node_modules[\\/]viem[\\/]_esm[\\/]chains[\\/]/,
                priority: 7,
              },
              { name: 'shell', minShareCount: 20, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
