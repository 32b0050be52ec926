// `npm run build` for the server: one esbuild bundle per command (the server, the migrator, the environment-file commands), so that
// production runs `node apps/server/dist/server.js` without tsx or TypeScript. The workspace packages
// (@console/*, shipped as TypeScript sources) and the generated Prisma client are bundled in; every
// npm package stays an import of node_modules, installed in the image by `npm ci --omit=dev`.
// The bundles sit two folders below the repository root like src/settings.ts does, so the paths it
// derives from its own location (migrations, the built web app) hold for both.

import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = dirname(fileURLToPath(import.meta.url));

/** Keeps npm packages (bare imports other than @console/*) external; Node's own modules are external anyway. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@console/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds into `outdir` (apps/server/dist by default); answers the bundles' paths. */
export async function buildServer(outdir = resolve(SERVER_DIR, 'dist')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: resolve(SERVER_DIR, 'src/server.ts'),
      migrate: resolve(SERVER_DIR, 'src/db/migrate-cli.ts'),
      'environment-file': resolve(SERVER_DIR, 'src/features/transfer/environment-file.cli.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the project runs on (package.json engines).
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return { server: resolve(outdir, 'server.js'), migrate: resolve(outdir, 'migrate.js') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const { server } = await buildServer(outdir);
  console.log(`Built ${server}`);
}
