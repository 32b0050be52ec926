import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../settings.ts';
import { runProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled as `npm run build` bundles it, for tests that run the console as a process. */
    serverBundle: string;
  }
}

const SERVER_DIR = resolve(REPO_ROOT, 'apps/server');
/**
 * Beside dist/ (the bundle derives the migrations' and the web app's paths from its own location), apart
 * from it, so a test run never races `npm run build`, and apart from the production-build test's own.
 */
const OUT_DIR = resolve(SERVER_DIR, '.build-test-processes');

/**
 * Once per run: the server's production bundle (build.mjs) from the sources as they are now, which the
 * tests that start the console as its own process run with plain node, as `npm start` and the image do.
 * Loading it takes a process about a second of CPU; loading the sources through tsx took three.
 */
export default async function setup(project: TestProject) {
  const build = await runProcess(process.execPath, ['build.mjs', OUT_DIR], { cwd: SERVER_DIR });
  if (build.code !== 0) throw new Error(`Could not bundle the server for the tests:\n${build.stderr}`);
  project.provide('serverBundle', resolve(OUT_DIR, 'server.js'));
  return () => rmSync(OUT_DIR, { recursive: true, force: true });
}
