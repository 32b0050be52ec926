import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server `npm run dev` starts; CONSOLE_API_URL points the proxy elsewhere (another port, a test server).
const API_SERVER = process.env.CONSOLE_API_URL ?? 'http://localhost:3000';

// The Fastify server owns these paths; the dev server forwards them so cookies and redirects behave as in production.
const proxiedPaths = ['/api', '/oauth', '/logout', '/docs', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: API_SERVER, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server serves dist/ as it is: no source maps for browsers (the dev server has them).
    sourcemap: false,
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first load (what index.html loads before the first screen; budget in docs/decisions/0019,
        // "First load") as two files instead of a dozen small shared chunks, which gzip worse: the
        // libraries, which change with dependency updates, and the app's shell. Pages stay one chunk each.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
