#!/usr/bin/env node
// `npm start`: builds what the console serves (turbo: cached when nothing changed), then runs the built
// server (`node dist/server.js`, as the server's own `start` script does) until it exits, and exits with
// its status.
//
// Stopping: npm passes SIGINT and SIGTERM on to the one process it started (the shell, which the root
// script replaces with this one by `exec`), and the server stops its app and then its embedded
// PostgreSQL on either. Each child runs in a process group of its own, so only this process hands it
// the signal, once: a terminal's Ctrl-C reaches every process of the foreground group, this one twice
// (from the terminal, and from npm passing it on), and a second signal would end the server at once
// (server.ts), or reach its PostgreSQL before the app had closed. The signals after the first are not
// passed on: the server's stop is bounded by SHUTDOWN_TIMEOUT_SECONDS. Closing the terminal (SIGHUP)
// stops it the same way.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The child running now (the build, then the server), and the signal that asked to stop, if any. */
let current;
let stopSignal;

for (const signal of SIGNALS) {
  process.on(signal, () => {
    if (stopSignal) return;
    stopSignal = signal;
    // The server shuts down on SIGINT and SIGTERM; a closed terminal asks it as an orchestrator does.
    current?.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

/** Runs a child in its own process group with this terminal's output; answers its exit code. */
function run(command, args, cwd) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', detached: true });
    current = child;
    child.once('error', (error) => {
      console.error(`npm start could not run ${command}: ${error.message}`);
      done(1);
    });
    child.once('exit', (code, signal) => {
      current = undefined;
      done(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

const turbo = join(root, 'node_modules/.bin/turbo');
const built = await run(
  turbo,
  [
    'run',
    'generate',
    'build',
    '--filter=@console/server',
    '--filter=@console/web',
    '--output-logs=errors-only',
  ],
  root,
);
if (built !== 0 || stopSignal) process.exit(built || 128 + constants.signals[stopSignal]);
process.exit(
  await run(process.execPath, ['--enable-source-maps', 'dist/server.js'], join(root, 'apps/server')),
);
