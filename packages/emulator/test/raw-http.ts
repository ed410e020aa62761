/**
 * Test helper: sends a request written byte for byte over a plain TCP socket (so targets and headers that fetch
 * would refuse reach the emulator as they are) and reads the answer until the server closes the connection.
 */
import { connect } from 'node:net';

/** An answer read off the socket. */
export interface RawAnswer {
  /** Status code of the status line; 0 when the server closed without answering. */
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (request line and headers, without the blank line) and `body`, with `Connection: close` added. */
export function rawRequest(port: number, head: string, body = '', timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
    });
    const length = Buffer.byteLength(body);
    socket.end(`${head}\r\nConnection: close\r\nContent-Length: ${length}\r\n\r\n${body}`);
  });
}

function parseAnswer(text: string): RawAnswer {
  const match = /^HTTP\/1\.1 (\d{3})[^\r\n]*\r\n/.exec(text);
  if (!match) return { status: 0, headers: {}, body: text };
  const end = text.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of text.slice(match[0].length, end).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers, body: end < 0 ? '' : text.slice(end + 4) };
}
