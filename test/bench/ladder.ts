/**
 * The ladder of variants from raw fetch to the client, each adding one thing the client does, shared by the
 * harnesses that take a call apart (p50-steps.ts times it over a socket, call-instructions.ts counts its
 * instructions with or without one):
 * 1. `raw fetch`: the bench's baseline (3 headers, string body, `response.json()`); beside it, `raw fetch, body by
 *    reader`, which reads its body as the client does (a reader, stopping at the declared length), not a step.
 * 2. `+ client headers and body`: the client's exact frozen header object and its JSON body (printed document,
 *    `operationName`), still `response.json()`.
 * 3. `+ redirect manual`: as the client sends it.
 * 4. `+ capped reader`: `sendRequest` without an attempt: body read by a reader under the size cap, payload check.
 * 5. `+ watchdog`: `sendRequest` with the client's attempt deadline (one watchdog timer).
 * 6. `+ rate-limit parse`: the same, plus `parseRateLimit` of the response headers.
 * 7. `sdk src, throttle and retry off`, `sdk src, throttle off`, `sdk src, defaults`.
 */

import { parseRateLimit } from '../../src/client/rate-limit/rate-limit.js';
import { DeadlineWatchdog } from '../../src/client/request/attempt-deadline.js';
import { sendRequest, type TransportRequest } from '../../src/client/request/transport.js';
import { PlatformClient } from '../../src/index.js';
import { readJsonByReader } from './cli-args.js';
import { BENCH_API_VERSION, BENCH_TOKEN, BOARDS_QUERY, BOARDS_VARIABLES } from './fixture.js';

/** One call of a variant. */
export type Call = () => Promise<unknown>;

/** What the client sends for `boards({ limit: 5 })`: its printed document and operation name. */
export const CLIENT_QUERY =
  'query Boards($limit:Int,$ids:[ID!]){boards(limit:$limit,ids:$ids){id name owner{account{slug}}}}';

/** The client's frozen request headers for that call. */
export const CLIENT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  accept: 'application/graphql-response+json, application/json',
  authorization: `Bearer ${BENCH_TOKEN}`,
  'api-version': BENCH_API_VERSION,
  'content-type': 'application/json',
});

/** The options of the clients the harnesses build, from `src/` or from another checkout's. */
export type ClientClass = new (options: {
  token: string;
  baseUrl: string;
  throttle?: false;
  retry?: false;
  fetch?: typeof fetch;
}) => { boards(variables: { limit: number }): Promise<unknown> };

/** The transport request of the client's boards call, as `sendRequest` gets it, sent through `fetchImpl`. */
export function clientRequest(url: string, fetchImpl: typeof fetch): TransportRequest {
  return {
    url,
    fetch: fetchImpl,
    query: CLIENT_QUERY,
    operationName: 'Boards',
    variables: { limit: 5 },
    headers: CLIENT_HEADERS as Record<string, string>,
    maxResponseBytes: 32 * 1024 * 1024,
  };
}

/** A first attempt with the client's default 60 s timeout and its own watchdog. */
export function firstAttempt() {
  return { number: 1, timeoutMs: 60_000, deadlines: new DeadlineWatchdog(), redact: (text: string) => text };
}

/**
 * The ladder against `baseUrl`. Without `fetchImpl` raw fetch calls the global fetch and every other step goes
 * through a wrapper that looks it up per call, as the client's default fetch does; with one (an instant fetch),
 * every variant and client uses it.
 */
export function ladder(baseUrl: string, fetchImpl?: typeof fetch): Record<string, Call> {
  const url = `${baseUrl}/v2`;
  const rawFetch: typeof fetch = fetchImpl ?? fetch;
  const viaFetch: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const rawHeaders = {
    Authorization: BENCH_TOKEN,
    'API-Version': BENCH_API_VERSION,
    'Content-Type': 'application/json',
  };
  const clientBody = () => JSON.stringify({ query: CLIENT_QUERY, variables: { limit: 5 }, operationName: 'Boards' });
  const request = clientRequest(url, viaFetch);
  const decoder = new TextDecoder();
  const attempt = firstAttempt();
  const Client = PlatformClient as unknown as ClientClass;
  const client = (options: { throttle?: false; retry?: false }) => {
    const built = new Client({ token: BENCH_TOKEN, baseUrl, ...options, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
    return () => built.boards({ limit: 5 });
  };
  return {
    'raw fetch': async () => {
      const response = await rawFetch(url, {
        method: 'POST',
        headers: rawHeaders,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      if (!response.ok) throw new Error(`raw fetch got HTTP ${response.status}`);
      return ((await response.json()) as { data?: unknown }).data;
    },
    'raw fetch, body by reader': async () => {
      const response = await rawFetch(url, {
        method: 'POST',
        headers: rawHeaders,
        body: JSON.stringify({ query: BOARDS_QUERY, variables: BOARDS_VARIABLES }),
      });
      return readJsonByReader(response, decoder);
    },
    '+ client headers and body': async () => {
      const response = await viaFetch(url, { method: 'POST', headers: CLIENT_HEADERS, body: clientBody() });
      if (!response.ok) throw new Error(`got HTTP ${response.status}`);
      return ((await response.json()) as { data?: unknown }).data;
    },
    '+ redirect manual': async () => {
      const response = await viaFetch(url, {
        method: 'POST',
        headers: CLIENT_HEADERS,
        body: clientBody(),
        redirect: 'manual',
      });
      if (!response.ok) throw new Error(`got HTTP ${response.status}`);
      return ((await response.json()) as { data?: unknown }).data;
    },
    '+ capped reader': async () => (await sendRequest(request)).payload,
    '+ watchdog': async () => (await sendRequest(request, attempt)).payload,
    '+ rate-limit parse': async () => {
      const response = await sendRequest(request, attempt);
      return { payload: response.payload, rateLimit: parseRateLimit(response.headers) };
    },
    'sdk src, throttle and retry off': client({ throttle: false, retry: false }),
    'sdk src, throttle off': client({ throttle: false }),
    'sdk src, defaults': client({}),
  };
}
