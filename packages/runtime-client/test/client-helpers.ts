import type { FetchFunction, RevisionChange, RuntimeClient } from '../src/index.ts';

// What the SDK's tests watch a client with: its requests, and the events it emits.

export interface RecordedRequest {
  path: string;
  status: number;
  headers: Headers;
}

/** The global fetch, recording each runtime request's path, request headers and answer status. */
export function recordingFetch() {
  const requests: RecordedRequest[] = [];
  const recorded: FetchFunction = async (input, init) => {
    const response = await fetch(input, init);
    requests.push({
      path: new URL(String(input)).pathname,
      status: response.status,
      headers: new Headers(init?.headers),
    });
    return response;
  };
  return { requests, fetch: recorded };
}

export const quietLogger = { warn: () => {}, error: () => {} };

/** The first revision event above `after`. */
export const nextRevision = (client: RuntimeClient, after: number) =>
  new Promise<RevisionChange>((resolve) => {
    const stop = client.on('revision', (change) => {
      if (change.revision <= after) return;
      stop();
      resolve(change);
    });
  });

/** Resolves once the client holds `revision` or a later one. */
export const untilRevision = (client: RuntimeClient, revision: number) =>
  (client.revision ?? 0) >= revision ? Promise.resolve() : nextRevision(client, revision - 1).then(() => {});

/** The next time the stream's state becomes `connected`. */
export const nextConnection = (client: RuntimeClient, connected: boolean) =>
  new Promise<void>((resolve) => {
    const stop = client.on('connection', (value) => {
      if (value !== connected) return;
      stop();
      resolve();
    });
  });
