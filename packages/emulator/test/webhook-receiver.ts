/**
 * A local webhook receiver for the delivery tests: it answers the emulator's challenge as the platform expects and
 * every delivery with what `answer` returns for its parsed body.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery's body as the receiver reads it. */
export interface ReceivedBody {
  challenge?: string;
  event?: { triggerUuid: string };
}

/** A started receiver: the URL to register, and how to stop it. */
export interface TestReceiver {
  url: string;
  close(): Promise<void>;
}

/** Starts a receiver on a free local port; `answer` gives each delivery's status and body. */
export async function startReceiver(
  answer: (body: ReceivedBody) => [status: number, body: string],
): Promise<TestReceiver> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as ReceivedBody;
      if (parsed.challenge) return void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      const [status, text] = answer(parsed);
      res.writeHead(status).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
