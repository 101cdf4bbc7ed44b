import { defineConfig } from 'vite';

/**
 * The operator console's bundle, built by `npm run build` into dist/console, which the server serves at /console
 * (src/operators/http/console-static.routes.ts). Everything is bundled: the page loads nothing from elsewhere
 * (no CDN scripts or fonts), so it works offline and under the console's Content-Security-Policy.
 */
export default defineConfig({
  base: '/console/',
  logLevel: 'warn',
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // One admin framework with its component library is large; the page is served once and cached by its hash.
    chunkSizeWarningLimit: 3000,
    // No inline module-preload polyfill script: the CSP allows no inline scripts.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // MUI marks its modules "use client" (for React Server Components); meaningless in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
