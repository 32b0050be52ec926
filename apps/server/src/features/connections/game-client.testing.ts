import { RUNTIME_CONNECT_PATH } from '@console/domain/operations';
import { WebSocket } from 'ws';

/** A real game client over a real socket (tests only). */
export interface GameClient {
  socket: WebSocket;
  welcome: { type: string; connectionId: string; environment: string };
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * Opens the game clients' WebSocket: resolves once welcomed, rejects with the HTTP status if refused
 * before the upgrade, or with the close code if closed before a welcome.
 */
export function connectGameClient(
  baseUrl: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<GameClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl}${RUNTIME_CONNECT_PATH}?${query}`, { headers });
    const messages: unknown[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => {
        done({ code, reason: reason.toString() });
        // 1006: no close frame, as when the upgrade is refused (answered by 'unexpected-response').
        if (code !== 1006) {
          reject(Object.assign(new Error('closed before welcome'), { code, reason: reason.toString() }));
        }
      }),
    );
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        reject(Object.assign(new Error('refused'), { status: response.statusCode, body })),
      );
    });
    socket.on('error', (error) => reject(error));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      messages.push(message);
      if (message.type === 'welcome') resolve({ socket, welcome: message, messages, closed });
    });
  });
}

/** How a connection attempt that must fail failed: HTTP status and body, or close code and reason. */
export const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the connection to be refused');
    },
    (error: { status?: number; body?: string; code?: number; reason?: string }) =>
      error.code === undefined
        ? { status: error.status, body: error.body }
        : { code: error.code, reason: error.reason },
  );
