// @ts-check
import process from 'node:process';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'static',
  // `DASHBOARD_DIST` builds elsewhere (e.g. a second e2e run beside the first); default dist/.
  outDir: process.env.DASHBOARD_DIST ?? './dist',
  // Shells are files (`dist/shell/wallets.html`); the edge decides which one a URL gets.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react()],
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          // Fewer, larger chunks (docs/decisions.md "Chunks"): React in one; the code nearly every page shares in one;
          // the rest split by the bundler. Each chunk is a request the browser discovers only from its importer.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
              { name: 'shell', minShareCount: 20, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
