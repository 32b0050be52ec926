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
    sourcemap: true,
  },
});
