/**
 * `getSchema(client, ...)`, `GET {baseUrl}/v2/get_schema`: the schema as SDL text or introspection JSON. Unauthenticated, so no
 * Authorization header is ever sent. It goes through the same transport as every call (per-attempt
 * timeout, size limit, refusal of redirects, named failures) and the same retry loop; its errors are
 * classified by the same factory.
 */
import { checkSchemaOptions } from '../call-options.js';
import type { PlatformClient } from '../client.js';
import { contextOf } from '../client-context.js';
import { ACCEPT_HEADER, JSON_TYPE } from '../constants.js';
import type { PipelineContext } from '../context.js';
import { HttpError, type PlatformError } from '../errors/errors.js';
import { type Redactor, redactHeadersObject } from '../errors/redact.js';
import { loadErrorFactory, responseError } from '../errors/response-error.js';
import { isObject } from '../object-reads.js';
import { parseRateLimit } from '../rate-limit/rate-limit.js';
import { sendRequest, type TransportRequest, type TransportResponse } from '../request/transport.js';
import { abortedError, withRetry } from '../retry/retry.js';
import type { GetSchemaOptions } from '../types.js';

/**
 * Fetches the schema `client` talks to from `GET {baseUrl}/v2/get_schema`, without sending the token: SDL text by
 * default, or the introspection object with `format: 'json'`. `version` defaults to the client's API version.
 * Retried and timed out like a call.
 * @throws {@link PlatformConfigError} for invalid options; {@link UnsupportedApiVersionError}, {@link HttpError} or
 * {@link NetworkError} when the server refuses or cannot be reached.
 */
export function getSchema(client: PlatformClient, options?: GetSchemaOptions<'sdl'>): Promise<string>;
export function getSchema(client: PlatformClient, options: GetSchemaOptions<'json'>): Promise<Record<string, unknown>>;
export function getSchema(
  client: PlatformClient,
  options?: GetSchemaOptions,
): Promise<string | Record<string, unknown>>;
export function getSchema(
  client: PlatformClient,
  options?: GetSchemaOptions,
): Promise<string | Record<string, unknown>> {
  try {
    return fetchSchema(contextOf(client), options);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Fetches the schema in the requested format (`sdl` by default). */
export async function fetchSchema(
  context: Pick<PipelineContext, 'options' | 'redact' | 'deadlines'>,
  rawOptions: unknown,
): Promise<string | Record<string, unknown>> {
  const { options, redact, deadlines } = context;
  const { format = 'sdl', version = options.apiVersion, signal } = checkSchemaOptions(rawOptions);
  const url = new URL(`${options.baseUrl}/v2/get_schema`);
  if (format === 'sdl') url.searchParams.set('format', 'sdl');
  url.searchParams.set('version', version);
  const request: TransportRequest = {
    method: 'GET',
    url: url.href,
    fetch: options.fetch,
    headers: { ...options.headers, [ACCEPT_HEADER]: format === 'sdl' ? 'text/plain' : JSON_TYPE },
    maxResponseBytes: options.maxResponseBytes,
  };
  if (signal) request.signal = signal;
  if (signal?.aborted) throw abortedError(signal);

  return withRetry(
    async (attempt) => {
      const response = await sendRequest(request, { number: attempt, timeoutMs: options.timeoutMs, deadlines, redact });
      if (schemaFailed(response)) await loadErrorFactory();
      return interpretSchemaResponse(response, format, redact, version);
    },
    { policy: options.retry, signal, repeatable: true },
  );
}

/** A body's JSON, whatever its Content-Type; undefined when it is not JSON. */
function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** True when a schema response stands for an error: its body unread, or its status not a 2xx. */
function schemaFailed({ bodyLimitExceeded, text, status }: TransportResponse): boolean {
  return bodyLimitExceeded !== undefined || text === undefined || status < 200 || status > 299;
}

/** The interpretation step of `getSchema`: the schema of a 2xx, else the PlatformError the response stands for. */
function interpretSchemaResponse(
  response: TransportResponse,
  format: 'sdl' | 'json',
  redact: Redactor,
  apiVersion: string,
): string | Record<string, unknown> {
  const { status, headers, text } = response;
  const facts = { status, headers, rateLimit: parseRateLimit(headers), text, redact, nowMs: Date.now(), apiVersion };
  if (schemaFailed(response) || text === undefined) {
    // A non-2xx status (a redirect included) always maps to an error; an unread body names its limit.
    const { bodyLimitExceeded } = response;
    const payload = bodyLimitExceeded === undefined ? (response.payload ?? parseJson(text)) : undefined;
    throw responseError({ ...facts, payload, bodyLimitExceeded }) as PlatformError;
  }
  if (format === 'sdl') return text;
  const parsed = response.payload ?? parseJson(text);
  if (!isObject(parsed)) {
    throw new HttpError(`HTTP ${status}: the schema response is not a JSON object`, {
      status,
      headers: redactHeadersObject(headers, redact),
      rateLimit: facts.rateLimit,
      bodyExcerpt: redact(text.slice(0, 300)),
    });
  }
  return parsed;
}
