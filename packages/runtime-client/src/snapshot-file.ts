import { readFile, rename, writeFile } from 'node:fs/promises';
import { type RuntimeSnapshot, runtimeSnapshotSchema } from '@console/domain/runtime';

// The snapshot file: what a game server serves when it starts while the console is unreachable.
// The client writes each revision it gets from the console (to a temporary file renamed over the old
// one, so a crash mid-write never leaves half a file), and reads it back at the next start.

/**
 * Reads a runtime snapshot saved as JSON: the client's snapshot file, or the answer of
 * GET /runtime/v1/snapshot saved as it came (`{"payload": ...}`). Rejects with a message naming the
 * file when it is not a snapshot; `null` when the file does not exist.
 */
export async function readSnapshotFile(path: string): Promise<RuntimeSnapshot | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return parseSnapshot(text, path);
}

/** A snapshot from its JSON text (bare or in the API's `{"payload"}` envelope); `source` names it in errors. */
export function parseSnapshot(text: string, source: string): RuntimeSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON`);
  }
  return checkSnapshot(value, source);
}

/** The value as a snapshot (bare or in the `{"payload"}` envelope), or an error naming what is wrong. */
export function checkSnapshot(value: unknown, source: string): RuntimeSnapshot {
  const inner =
    typeof value === 'object' && value !== null && 'payload' in value
      ? (value as { payload: unknown }).payload
      : value;
  const parsed = runtimeSnapshotSchema.safeParse(inner);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new Error(`${source} is not a runtime snapshot (${where}${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
}

/** Writes the snapshot atomically (temporary file, then rename). */
export async function writeSnapshotFile(path: string, snapshot: RuntimeSnapshot): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(snapshot));
  await rename(temporary, path);
}
