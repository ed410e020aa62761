/**
 * A response body that `JSON.parse` would take seconds to build (30 MB of nested arrays: over 40 s and 800 MB before
 * this bound) is refused by a linear pre-scan: the call fails with an HttpError that says why, and the event loop
 * keeps turning meanwhile (the outcome measured here, with a generous bound: a block of seconds is the defect).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/client/errors/errors.js';
import { exceedsJsonContainers, MAX_JSON_CONTAINERS } from '../../src/client/request/body.js';
import { installApi, makeClient, useMockApi } from './client-fixtures.js';

useMockApi();

describe('exceedsJsonContainers', () => {
  it('counts arrays and objects outside strings, and only past the limit', () => {
    expect(exceedsJsonContainers('[[[]]]', 3)).toBe(false);
    expect(exceedsJsonContainers('[[[[]]]]', 3)).toBe(true);
    expect(exceedsJsonContainers('{"a":"[[[[[[[[\\"[[[[["}', 3)).toBe(false);
    expect(exceedsJsonContainers('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
  });
});

describe('a 30 MB body of nested arrays', () => {
  it('fails with an HttpError naming the bound, without blocking the event loop for seconds', async () => {
    const depth = 15_000_000;
    const body = `{"data":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    installApi(() => new HttpResponse(body, { headers: { 'content-type': 'application/json' } }));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const error = await makeClient({ retry: { maxAttempts: 1 } })
      .request('{ a }')
      .catch((caught: unknown) => caught);
    // The histogram records a block when the loop turns again: let it turn before reading it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toContain(`more than ${MAX_JSON_CONTAINERS} JSON arrays and objects`);
    expect((error as HttpError).bodyExcerpt?.length).toBeLessThan(400);
    expect(delay.max / 1e6).toBeGreaterThan(0);
    // A generous bound that only catches a hang (the loop blocked for most of the test's time); figures are the bench's.
    expect(delay.max / 1e6).toBeLessThan(20_000);
  }, 60_000);
});

describe('a body in chunks', () => {
  it('reads the same text whether it comes in one chunk or several, a character split between two', async () => {
    const bytes = new TextEncoder().encode('{"data":{"name":"Überblick ✓ plan"}}');
    const split = bytes.indexOf(0x9c); // inside the three bytes of ✓
    const cuts = [[], [split], [5, split], [1, 2, split, bytes.length - 1]];
    for (const cut of cuts) {
      const edges = [0, ...cut, bytes.length];
      installApi(
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(controller) {
                for (let i = 1; i < edges.length; i += 1) controller.enqueue(bytes.slice(edges[i - 1], edges[i]));
                controller.close();
              },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
      );
      const result = await makeClient().request<{ name: string }>('{ name }');
      expect(result.data, `cut at ${cut.join(', ')}`).toEqual({ name: 'Überblick ✓ plan' });
    }
  });
});
