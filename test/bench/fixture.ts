/**
 * The one request every client in the bench makes, and the one response the bench server gives.
 * Shared so that every client sends the same query and the server does the same work for each.
 */
import { API_VERSION } from '../../src/version.js';

/** Placeholder credential the bench server accepts; it grants nothing anywhere else. */
export const BENCH_TOKEN = 'bench-token';

/** The pinned API version every client sends: the SDK's, so every client sends what ours does. */
export const BENCH_API_VERSION = API_VERSION;

/** The query text every string-document client sends: five boards with their creator's account slug, as `owner`. */
export const BOARDS_QUERY =
  'query Boards($limit: Int, $ids: [ID!]) { boards(limit: $limit, ids: $ids) { id name owner: creator { account { slug } } } }';

/** Variables of {@link BOARDS_QUERY}. */
export const BOARDS_VARIABLES = { limit: 5 } as const;

/** How many boards the fixed response holds; adapters' results are checked against it. */
export const BOARD_COUNT = 5;

/** The fixed response body: realistic boards plus the top-level `account_id` the platform adds. */
export function boardsResponseBody(): string {
  const boards = Array.from({ length: BOARD_COUNT }, (_, index) => ({
    id: String(4_812_330_100 + index),
    name: ['Roadmap Q3', 'Hiring pipeline', 'Bug triage', 'Marketing calendar', 'Vendor contracts'][index],
    owner: { account: { slug: 'acme-industries' } },
  }));
  return JSON.stringify({ data: { boards }, account_id: 9_876_543 });
}

/**
 * Rate-limit headers with quotas so large that no client-side throttle ever has to wait: every client
 * parses the same headers and none is slowed by them. `RateLimit` counts down within fixed 60 s windows,
 * as a real server's does, so a throttle sees the steady state it would see in production.
 */
export const RATE_LIMIT_POLICY =
  '"minuteRate";q=100000000;w=60, "concurrency";q=100000;qu="concurrent-requests", "complexityMinute";q=1000000000;w=60;qu="content-bytes"';

/** The `RateLimit` value for the `served`-th request of a window with `resetSeconds` left. */
export function rateLimitHeader(servedInWindow: number, resetSeconds: number): string {
  const minute = 100_000_000 - servedInWindow;
  const complexity = 1_000_000_000 - servedInWindow * 1250;
  return `"minuteRate";r=${minute};t=${resetSeconds}, "concurrency";r=99999, "complexityMinute";r=${complexity};t=${resetSeconds}`;
}

let instantBody: { text: string; length: string } | undefined;
let instantServed = 0;

/**
 * A fetch that answers at once, as the bench server does: the same body, and a `RateLimit` that counts down (its
 * reset moving a second every 100,000 answers). For the harnesses that measure the client's own work without a socket.
 */
export async function instantFetch(_url: string | URL | Request, _init?: RequestInit): Promise<Response> {
  instantBody ??= { text: boardsResponseBody(), length: String(Buffer.byteLength(boardsResponseBody())) };
  instantServed += 1;
  return new Response(instantBody.text, {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': instantBody.length,
      'RateLimit-Policy': RATE_LIMIT_POLICY,
      RateLimit: rateLimitHeader(instantServed, 60 - Math.floor(instantServed / 100_000)),
    },
  });
}
