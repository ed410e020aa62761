/**
 * The read that only reports a body's end: once every declared byte is here the text is returned without awaiting
 * it. A request alone in flight still makes it, unawaited, so the runtime finishes the response at once (worth about
 * 40 µs on the next call at one in flight in Node's fetch); under load it is skipped (about 6% CPU per call). See
 * test/bench/README.md, "The end of a body".
 */
import { describe, expect, it } from 'vitest';
import { sendRequest } from '../../src/client/request/transport.js';

const TEXT = '{"data":{"ok":true}}';

/** A response whose body stream notes whether anyone read past its one chunk (the read that reports the end). */
function trackedResponse() {
  const bytes = new TextEncoder().encode(TEXT);
  const seen = { endRead: false };
  let sent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(bytes);
          return;
        }
        seen.endRead = true;
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, {
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.byteLength) },
  });
  return { response, seen };
}

function request(fetch: typeof globalThis.fetch) {
  return { url: 'https://api.example.com/v2', fetch, query: '{ ok }', headers: {}, maxResponseBytes: 1 << 20 };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the end of a body', () => {
  it('a request alone in flight reads the end, unawaited, after returning the whole text', async () => {
    const { response, seen } = trackedResponse();
    const answer = await sendRequest(request(async () => response));
    expect(answer.text).toBe(TEXT);
    expect(answer.payload).toEqual({ data: { ok: true } });
    await turn();
    expect(seen.endRead).toBe(true);
  });

  it('with another request in flight, the end is not read; the last one alone reads its own', async () => {
    const first = trackedResponse();
    const second = trackedResponse();
    let answerSecond: (response: Response) => void = () => {};
    const pendingSecond = sendRequest(request(() => new Promise<Response>((resolve) => (answerSecond = resolve))));
    const answerFirst = await sendRequest(request(async () => first.response));
    expect(answerFirst.text).toBe(TEXT);
    await turn();
    expect(first.seen.endRead).toBe(false);
    answerSecond(second.response);
    expect((await pendingSecond).text).toBe(TEXT);
    await turn();
    expect(second.seen.endRead).toBe(true);
  });
});
