import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

// When the console is killed (kill -9, the out-of-memory killer), its embedded PostgreSQL is not: it
// keeps running, adopted by init, and holds the data directory, so the next start would fail. A start
// therefore looks at the directory's postmaster.pid first and stops the PostgreSQL it names, when that
// process is alive and is a PostgreSQL of this very directory.

/** How long a fast shutdown (SIGINT: ends sessions, checkpoints) may take before an immediate one. */
export const LEFTOVER_FAST_STOP_MS = 30_000;
/** How long an immediate shutdown (SIGQUIT) may take before giving up. */
export const LEFTOVER_IMMEDIATE_STOP_MS = 10_000;
const POLL_MS = 100;

/** The PostgreSQL postmaster.pid names: its process id and data directory (its first two lines). */
export function readPostmasterPid(dataDir: string): { pid: number; dataDir: string } | null {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const [pidLine = '', dirLine = ''] = readFileSync(file, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid, dataDir: dirLine.trim() } : null;
}

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, owned by another user (the postgres user, when the console runs as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = readProc(pid, 'stat');
  // The state follows the parenthesised command name: "Z" is a zombie.
  return stat === null || !/\)\s+Z\s/.test(stat);
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

const samePath = (a: string, b: string) => {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
};

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/**
 * Stops a PostgreSQL left running on `dataDir` by an earlier start: a fast shutdown, then an
 * immediate one if that takes too long. Answers what it did, for the start-up message, or null when
 * nothing was running. A postmaster.pid naming a process that is gone is left to PostgreSQL, which
 * removes it itself; one naming another program (its id reused) is left alone, and PostgreSQL's own
 * refusal then says so.
 */
export async function stopLeftoverPostgres(dataDir: string): Promise<string | null> {
  const named = readPostmasterPid(dataDir);
  if (!named || !isRunning(named.pid)) return null;
  const command = readProc(named.pid, 'cmdline');
  const isPostgres = command === null || /postgres/.test(command);
  if (!isPostgres || !samePath(named.dataDir, dataDir)) return null;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(named.pid, name);
    } catch {
      // Gone in the meantime.
    }
  };
  // A frozen (SIGSTOP) PostgreSQL would never act on the shutdown signal.
  signal('SIGCONT');
  signal('SIGINT');
  if (!(await waitUntilGone(named.pid, LEFTOVER_FAST_STOP_MS))) {
    signal('SIGQUIT');
    if (!(await waitUntilGone(named.pid, LEFTOVER_IMMEDIATE_STOP_MS))) {
      throw new Error(
        `A PostgreSQL (process ${named.pid}) left running on ${dataDir} by an earlier start did not stop; stop it and start again`,
      );
    }
  }
  return `stopped the PostgreSQL (process ${named.pid}) an earlier start left running`;
}
