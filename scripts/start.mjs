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
// stops it the same way; the server's output passes through here, so a terminal gone never holds it up.
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

/**
 * Copies a child's output to ours for as long as ours takes it, and reads it to the end whatever happens:
 * after a closed terminal the server's logger would otherwise wait on its output for ever.
 */
function relay(from, to) {
  let isOpen = true;
  to.on('error', () => {
    isOpen = false;
  });
  from.on('data', (chunk) => {
    if (isOpen) to.write(chunk);
  });
}

/**
 * Runs a child in its own process group; answers its exit code once it has exited and its output is
 * read. The build writes to our output itself (turbo's colours); the server's passes through here.
 */
function run(command, args, cwd, { isRelayed = false } = {}) {
  return new Promise((done) => {
    const stdio = isRelayed ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd, stdio, detached: true });
    current = child;
    if (isRelayed) {
      relay(child.stdout, process.stdout);
      relay(child.stderr, process.stderr);
    }
    child.once('error', (error) => {
      console.error(`npm start could not run ${command}: ${error.message}`);
      done(1);
    });
    child.once('close', (code, signal) => {
      current = undefined;
      done(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

const turbo = join(root, 'node_modules/.bin/turbo');
const filters = ['--filter=@console/server', '--filter=@console/web'];
const built = await run(turbo, ['run', 'generate', 'build', ...filters, '--output-logs=errors-only'], root);
if (built !== 0 || stopSignal) process.exit(built || 128 + constants.signals[stopSignal]);
const server = ['--enable-source-maps', 'dist/server.js'];
process.exit(await run(process.execPath, server, join(root, 'apps/server'), { isRelayed: true }));
