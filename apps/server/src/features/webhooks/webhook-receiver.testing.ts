import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

// A real webhook receiver on a loopback port for the tests: it verifies every delivery's signature with
// standardwebhooks' own verify, records what arrived, and can be taken down and brought up again on its
// port, or made to hold a request without answering.

export interface ReceivedWebhook {
  id: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** What verify() answered (the parsed body); a delivery whose signature fails is not recorded here. */
  payload: unknown;
}

export interface WebhookReceiver {
  url: string;
  /** Verified deliveries, in the order they arrived (redeliveries too). */
  received: ReceivedWebhook[];
  /** Deliveries whose signature did not verify. */
  refused: string[];
  /** The secret to verify with (from the subscription's creation). */
  setSecret(secret: string): void;
  /** Stops listening (connections are refused) / listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** The next request is kept waiting, never answered; resolves when it arrived. */
  holdNext(): Promise<ReceivedWebhook>;
  /** From now on, every verified delivery is answered 302 to this location (and not recorded). */
  redirectTo(location: string): void;
  close(): Promise<void>;
}

/** `answer`: what the receiver answers a verified delivery (Slack answers "ok"). */
export async function startWebhookReceiver(answer = 'received'): Promise<WebhookReceiver> {
  let secret = '';
  const received: ReceivedWebhook[] = [];
  const refused: string[] = [];
  let hold: ((webhook: ReceivedWebhook) => void) | null = null;
  let redirect: string | null = null;
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const makeServer = () =>
    createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(request.headers['webhook-id']);
        let payload: unknown;
        try {
          payload = new Webhook(secret).verify(body, request.headers as Record<string, string>);
        } catch {
          refused.push(id);
          response.writeHead(401).end('bad signature');
          return;
        }
        const webhook = { id, body, headers: request.headers, payload };
        if (hold) {
          const held = hold;
          hold = null;
          held(webhook);
          return;
        }
        if (redirect) {
          response.writeHead(302, { location: redirect }).end('moved');
          return;
        }
        received.push(webhook);
        response.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
      });
    });
  let server = makeServer();
  const port = await listen(server, 0);
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    refused,
    setSecret: (value) => {
      secret = value;
    },
    down: stop,
    up: async () => {
      server = makeServer();
      await listen(server, port);
    },
    holdNext: () => new Promise((resolve) => (hold = resolve)),
    redirectTo: (location) => {
      redirect = location;
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
