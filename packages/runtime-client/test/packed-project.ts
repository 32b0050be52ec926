import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@console/server/testing';

// The SDK as a game server team gets it: `npm pack` of this workspace (which builds it first), installed
// with npm into an empty project in a temporary folder outside the repository, next to the packages a
// game server using OpenFeature and TypeScript adds. npm prefers its cache: no network beyond the registry.

/** Runs a command to its end (with the tests' one process helper and its timeout); rejects when it fails. */
async function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = await runProcess(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `${[command, ...args].join(' ')} exited with ${result.code ?? result.signal}:\n${result.output}`,
    );
  return result;
}

/**
 * The environment without what `npm test` sets for this workspace (npm_config_workspace, npm_package_*,
 * ...), so the nested npm acts as in a game server's own project; the cache setting stays.
 */
function outsideEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const isWorkspaceSetting =
      /^npm_(package_|lifecycle_|config_(workspace|include_workspace_root|prefix|global))/i.test(name) ||
      name === 'INIT_CWD';
    if (!isWorkspaceSetting) env[name] = value;
  }
  return { ...env, ...extra };
}
const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the game server project installs beside the SDK (the versions the repository uses). */
const NEIGHBOURS = ['@openfeature/server-sdk@1.23.0', '@openfeature/core@1.12.0', '@types/node@20.19.43'];

export interface PackedProject {
  directory: string;
  tarball: { file: string; bytes: number; unpackedBytes: number; files: string[] };
  installMs: number;
  /** Writes a file of the project (relative path). */
  write(path: string, text: string): Promise<void>;
  /** Runs `node <script>` in the project with the given Node binary (this one by default). */
  node(
    script: string,
    env?: NodeJS.ProcessEnv,
    nodeBinary?: string,
  ): Promise<{ stdout: string; stderr: string }>;
  /** Runs the repository's TypeScript (tsc) on a tsconfig of the project; answers its output and status. */
  typecheck(tsconfig: string): Promise<{ status: number; output: string }>;
  remove(): Promise<void>;
}

export async function packAndInstall(): Promise<PackedProject> {
  const root = await mkdtemp(join(tmpdir(), 'runtime-client-packed-'));
  const packed = await run('npm', ['pack', '--json', '--pack-destination', root], {
    cwd: PACKAGE_DIR,
    env: outsideEnv(),
  });
  const [summary] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  if (!summary) throw new Error(`npm pack printed no summary: ${packed.stdout}`);
  const tarball = join(root, summary.filename);

  const directory = join(root, 'game-server');
  await mkdir(directory);
  await writeFile(
    join(directory, 'package.json'),
    JSON.stringify({ name: 'game-server', version: '1.0.0', private: true, type: 'module' }),
  );
  const started = performance.now();
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...NEIGHBOURS], {
    cwd: directory,
    env: outsideEnv(),
  });
  const installMs = Math.round(performance.now() - started);

  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
  return {
    directory,
    tarball: {
      file: tarball,
      bytes: summary.size,
      unpackedBytes: summary.unpackedSize,
      files: summary.files.map((file) => file.path),
    },
    installMs,
    write: (path, text) => writeFile(join(directory, path), text),
    node: (script, env = {}, nodeBinary = process.execPath) =>
      run(nodeBinary, [script], { cwd: directory, env: outsideEnv(env) }),
    async typecheck(tsconfig) {
      const { code, stdout, stderr } = await runProcess(process.execPath, [tsc, '-p', tsconfig], {
        cwd: directory,
      });
      return { status: code ?? 1, output: stdout + stderr };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The installed SDK's package.json, as npm unpacked it. */
export async function readInstalledManifest(project: PackedProject): Promise<Record<string, unknown>> {
  return JSON.parse(
    await readFile(join(project.directory, 'node_modules/@console/runtime-client/package.json'), 'utf8'),
  ) as Record<string, unknown>;
}
