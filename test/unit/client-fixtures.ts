/**
 * Shared set-up of the client unit tests: an msw server standing in for the API, and helpers that
 * record what the client sent. Not a test file itself.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { PlatformClient } from '../../src/client/client.js';
import type { PlatformClientOptions } from '../../src/client/types.js';

/** Base URL of the mocked API. */
export const BASE_URL = 'https://api.platform.test';
/** The GraphQL endpoint. */
export const ENDPOINT = `${BASE_URL}/v2`;
/** A token that must never show up anywhere but the Authorization header. */
export const TOKEN = 'tok_UNIT_TEST_SECRET_0123456789';

/** Rate-limit headers as the platform sends them. */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': 'minuteRate;q=100;w=60, concurrency;q=8;qu="concurrent-requests"',
  RateLimit: 'minuteRate;r=99;t=60, concurrency;r=7',
};

/** The msw server of one test file. */
export const server = setupServer();

/** Starts msw for the file, resets handlers after each test, closes it at the end. */
export function useMockApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** A request as the mocked API received it. */
export interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or the multipart FormData. */
  body: unknown;
}

/** Everything the mocked API received, in order. */
export function installApi(respond: (received: Received, index: number) => Response | Promise<Response>): Received[] {
  const received: Received[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const type = request.headers.get('content-type') ?? '';
    const body = type.startsWith('multipart/form-data') ? await request.formData() : await request.json();
    const entry: Received = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body,
    };
    received.push(entry);
    return respond(entry, received.length - 1);
  };
  // Uploads go to `${ENDPOINT}/file`, as the platform's docs send them.
  server.use(http.post(ENDPOINT, handle), http.post(`${ENDPOINT}/file`, handle));
  return received;
}

/** The JSON body of a received request. */
export interface GraphQLBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** The JSON body of the `index`-th received request (throws when there is none). */
export function bodyOf(received: Received[], index = 0): GraphQLBody {
  const request = received[index];
  if (!request) throw new Error(`no request #${index} was received`);
  return request.body as GraphQLBody;
}

/** A GraphQL success response with the platform's headers. */
export function ok(data: unknown, extra: { headers?: Record<string, string>; accountId?: number } = {}): Response {
  const body: Record<string, unknown> = { data };
  if (extra.accountId !== undefined) body.account_id = extra.accountId;
  return HttpResponse.json(body, { headers: { ...RATE_LIMIT_HEADERS, ...extra.headers } });
}

/** A bare status response. */
export function status(
  code: number,
  headers: Record<string, string> = {},
  body: Record<string, unknown> = { errors: [{ message: `status ${code}` }] },
): Response {
  return HttpResponse.json(body, { status: code, headers: { ...RATE_LIMIT_HEADERS, ...headers } });
}

/** A client for the mocked API; fast retries unless the test says otherwise. */
export function makeClient(options: Partial<PlatformClientOptions> = {}): PlatformClient {
  return new PlatformClient({
    token: TOKEN,
    baseUrl: BASE_URL,
    retry: { baseDelayMs: 1, maxDelayMs: 2000 },
    throttle: false,
    ...options,
  });
}

/** Number of live timers in this process (Node's active resources). */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
}
