/**
 * `GET {baseUrl}/v2/get_schema`: the schema as SDL text or introspection JSON. Unauthenticated, so no
 * Authorization header is ever sent; errors are classified like every other call, and the same retry
 * policy and per-attempt timeout apply.
 */
import { attemptFailure, createAttemptSignal } from './attempt-signal.js';
import { createResponseError } from './error-factory.js';
import { HttpError, type PlatformError } from './errors.js';
import { checkSchemaOptions } from './call-options.js';
import type { ResolvedClientOptions } from './options.js';
import { parseRateLimit } from './rate-limit.js';
import { type Redactor, redactHeadersObject } from './redact.js';
import { abortedError, withRetry } from './retry.js';

/** Fetches the schema in the requested format (`sdl` by default). */
export async function fetchSchema(
  options: ResolvedClientOptions,
  redact: Redactor,
  rawOptions: unknown,
): Promise<string | Record<string, unknown>> {
  const { format = 'sdl', version = options.apiVersion, signal } = checkSchemaOptions(rawOptions);
  const url = new URL(`${options.baseUrl}/v2/get_schema`);
  if (format === 'sdl') url.searchParams.set('format', 'sdl');
  url.searchParams.set('version', version);
  const headers = { ...options.headers, accept: format === 'sdl' ? 'text/plain' : 'application/json' };
  if (signal?.aborted) throw abortedError(signal);

  return withRetry(
    async (attempt) => {
      const attemptSignal = createAttemptSignal(signal, options.timeoutMs);
      let response: Response;
      let text: string;
      try {
        const fetchImpl = options.fetch;
        response = await fetchImpl(url, { method: 'GET', headers, signal: attemptSignal.signal });
        text = await response.text();
      } catch (error) {
        throw attemptFailure(error, attemptSignal, signal, {
          timeoutMs: options.timeoutMs,
          redact,
          request: { method: 'GET', url: url.href, attempt },
        });
      } finally {
        attemptSignal.dispose();
      }
      return interpret(response, text, format, redact, version);
    },
    { policy: options.retry, signal, repeatable: true },
  );
}

function interpret(
  response: Response,
  text: string,
  format: 'sdl' | 'json',
  redact: Redactor,
  apiVersion: string,
): string | Record<string, unknown> {
  const { status, headers } = response;
  const facts = { status, headers, rateLimit: parseRateLimit(headers), text, redact, nowMs: Date.now(), apiVersion };
  if (status < 200 || status > 299) {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
    // A non-2xx status always maps to an error.
    throw createResponseError({ ...facts, payload }) as PlatformError;
  }
  if (format === 'sdl') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(`HTTP ${status}: the schema response is not a JSON object`, {
      status,
      headers: redactHeadersObject(headers, redact),
      rateLimit: facts.rateLimit,
      bodyExcerpt: redact(text.slice(0, 300)),
    });
  }
  return parsed as Record<string, unknown>;
}
