/**
 * Upload limits apply as the parts arrive: the emulator answers at the 101st file part, or at the first part past
 * `maxUploadBytes`, while the client is still sending (it never waits for, or parses, the rest of the body); a
 * body within the limits is still read whole and handled.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closeTestEmulators, DEMO_TOKEN, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

const BOUNDARY = 'upload-limits-boundary';
const UPLOAD =
  'mutation ($file: File!) { add_file_to_column(item_id: 4000001, column_id: "files", file: $file) { id } }';

function field(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function filePart(name: string, bytes: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\n${bytes}\r\n`;
}

/**
 * Sends `opening` and keeps the body open (chunked, no end); resolves to the status the server answered while
 * the body was still open, or 0 when it waited `waitMs` for the rest.
 */
function answerBeforeTheEnd(port: number, opening: string, waitMs = 4_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const outgoing = request({
      host: '127.0.0.1',
      port,
      path: '/v2',
      method: 'POST',
      headers: { authorization: DEMO_TOKEN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve({ status: 0, body: '' });
    }, waitMs);
    outgoing.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        clearTimeout(timer);
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', () => undefined);
    });
    outgoing.on('error', () => undefined);
    outgoing.write(opening);
  });
}

describe('multipart limits while the body arrives', () => {
  it('answers 400 at the 101st file part, the rest never sent', async () => {
    const emulator = await startTestEmulator();
    const opening =
      field('query', UPLOAD) +
      Array.from({ length: 101 }, (_, index) => filePart(`variables[f${index}]`, 'x')).join('');
    const answer = await answerBeforeTheEnd(emulator.port, opening);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('at most 100 files');
  });

  it('answers 413 at the first part past maxUploadBytes, the rest never sent', async () => {
    const emulator = await startTestEmulator({ maxUploadBytes: 64 * 1024 });
    const opening = field('query', UPLOAD) + filePart('variables[file]', 'y'.repeat(96 * 1024));
    const answer = await answerBeforeTheEnd(emulator.port, opening);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('PAYLOAD_TOO_LARGE');
  });

  it('still handles an upload within the limits, in the platform layout', async () => {
    const emulator = await startTestEmulator();
    const form = new FormData();
    form.set('query', UPLOAD);
    form.set('variables[file]', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const response = await fetch(`${emulator.baseUrl}/v2`, {
      method: 'POST',
      headers: { authorization: DEMO_TOKEN },
      body: form,
    });
    const body = (await response.json()) as { data?: unknown; errors?: unknown };
    expect(response.status).toBe(200);
    expect(body.errors).toBeUndefined();
  });
});
