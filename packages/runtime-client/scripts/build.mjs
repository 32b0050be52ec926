#!/usr/bin/env node
// Builds the SDK as it is published (`npm pack` runs this first, as `prepack`):
// - dist/*.js: ESM, by esbuild, with the domain's runtime rules bundled in (the domain is private and
//   never published); zod and @openfeature stay dependencies the game server installs.
// - dist/types: declarations by tsc (TypeScript 7) of the SDK and of the domain's runtime modules they
//   name, with `@console/domain/runtime` and the `.ts` endings of relative imports rewritten, so a
//   strict NodeNext project type-checks against the package alone.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const typesDir = join(dist, 'types');
/** Where tsc writes the domain's runtime index (rootDir is packages/). */
const domainRuntimeIndex = join(typesDir, 'domain/src/runtime/index.d.ts');

await rm(dist, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/index.ts', openfeature: 'src/openfeature.ts' },
  outdir: 'dist',
  bundle: true,
  // Both entries share one copy of the client code (the provider takes a client made by the main entry).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['zod', '@openfeature/server-sdk', '@openfeature/core'],
  logLevel: 'warning',
});

const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  cwd: root,
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const RELATIVE_TS = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g;
const DOMAIN_RUNTIME = /(['"])@console\/domain\/runtime\1/g;
for (const file of await listFiles(typesDir)) {
  if (!file.endsWith('.d.ts')) continue;
  const text = await readFile(file, 'utf8');
  let toDomain = relative(dirname(file), domainRuntimeIndex).replace(/\.d\.ts$/, '.js');
  if (!toDomain.startsWith('.')) toDomain = `./${toDomain}`;
  const rewritten = text
    .replace(RELATIVE_TS, (_all, head, quote, path) => `${head}${quote}${path}.js${quote}`)
    .replace(DOMAIN_RUNTIME, (_all, quote) => `${quote}${toDomain}${quote}`);
  if (/@console\//.test(rewritten)) throw new Error(`${relative(root, file)} still names a private package`);
  if (rewritten !== text) await writeFile(file, rewritten);
}

async function listFiles(directory) {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
