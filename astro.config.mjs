// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'static',
  // Shells are files (`dist/shell/wallets.html`); the edge decides which one a URL gets.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react()],
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
