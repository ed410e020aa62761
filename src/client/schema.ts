/**
 * `GET {baseUrl}/v2/get_schema`: the schema as SDL text or introspection JSON. Unauthenticated, so no
 * Authorization header is ever sent; errors are classified like every other call, and the same retry
 * policy, per-attempt timeout, size limit and refusal of redirects apply.
 */
import { attemptFailure } from './attempt-deadline.js';
import { discardBody, readBodyText, TOO_LARGE } from './body.js';
import { checkSchemaOptions } from './call-options.js';
import { createResponseError } from './error-factory.js';
import { HttpError, type PlatformError } from './errors.js';
import type { PipelineContext } from './pipeline.js';
import { parseRateLimit } from './rate-limit.js';
import { type Redactor, redactHeadersObject } from './redact.js';
import { abortedError, withRetry } from './retry.js';
import { isRedirectStatus, statusOf } from './transport.js';

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
  const headers = { ...options.headers, accept: format === 'sdl' ? 'text/plain' : 'application/json' };
  if (signal?.aborted) throw abortedError(signal);

  return withRetry(
    async (attempt) => {
      const deadline = options.timeoutMs > 0 ? deadlines.start(options.timeoutMs) : undefined;
      let response: Response;
      let text: string | typeof TOO_LARGE | undefined;
      try {
        const fetchImpl = options.fetch;
        const pending = fetchImpl(url, { method: 'GET', headers, redirect: 'manual', ...(signal ? { signal } : {}) });
        response = await (deadline ? deadline.guard(pending) : pending);
        if (isRedirectStatus(statusOf(response))) discardBody(response);
        else text = await readBodyText(response, options.maxResponseBytes, deadline);
      } catch (error) {
        throw attemptFailure(error, deadline, signal, { redact, request: { method: 'GET', url: url.href, attempt } });
      } finally {
        if (deadline) deadlines.finish(deadline);
      }
      return interpret(response, text, format, redact, options.maxResponseBytes, version);
    },
    { policy: options.retry, signal, repeatable: true },
  );
}

function interpret(
  response: Response,
  body: string | typeof TOO_LARGE | undefined,
  format: 'sdl' | 'json',
  redact: Redactor,
  maxResponseBytes: number,
  apiVersion: string,
): string | Record<string, unknown> {
  const { headers } = response;
  const status = statusOf(response);
  const text = typeof body === 'string' ? body : undefined;
  const facts = { status, headers, rateLimit: parseRateLimit(headers), text, redact, nowMs: Date.now(), apiVersion };
  if (body === TOO_LARGE) throw createResponseError({ ...facts, bodyLimitExceeded: maxResponseBytes }) as PlatformError;
  if (text === undefined || status < 200 || status > 299) {
    let payload: unknown;
    try {
      payload = text === undefined ? undefined : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    // A non-2xx status (a redirect included) always maps to an error.
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
