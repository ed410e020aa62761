/**
 * A webhook endpoint as one `(request: Request) => Promise<Response>` function, for any runtime or framework route
 * that speaks the Fetch API. Answers: the challenge echoed (200); a verified event handed to `onEvent` once per
 * `triggerUuid` within the duplicate window (200, also for a duplicate, so the platform stops retrying); a refused
 * request with 401 (400 for a malformed or oversized body, 405 for another method, 500 when no secret is configured),
 * its body `{ "error": reason }`; an `onEvent` that throws with 500, and the delivery is released so the platform's
 * retry is handled again.
 */
import { createMemoryDeliveryStore, DEFAULT_DUPLICATE_WINDOW_MS, type WebhookDeliveryStore } from './deliveries.js';
import { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
import type { WebhookEvent } from './events.js';
import { createKeyCache, type WebhookClaims } from './jwt.js';
import { verifyRequest, type WebhookVerificationOptions } from './verify.js';

/** What `onEvent` gets besides the event. */
export interface WebhookEventContext {
  /** The verified claims of the token (`accountId`, `userId`, `aud`, `exp`, ...). */
  claims: WebhookClaims;
  /**
   * The request, its body already read, without its `Authorization` header: the token is verified and its claims are
   * in `claims`, so logging the request never shows the credential.
   */
  request: Request;
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions extends WebhookVerificationOptions {
  /** Called once per delivered event; a rejection answers 500 so the platform retries. */
  onEvent: (event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /** Where handled deliveries are remembered. Default: in memory, 10 000 ids. */
  deliveries?: WebhookDeliveryStore;
  /** How long a `triggerUuid` counts as handled, in milliseconds. Default one hour. */
  duplicateWindowMs?: number;
  /** Told about each refused request (the error holds no secret). Default: nothing. */
  onRefused?: (error: WebhookVerificationError) => void;
}

const STATUS: Partial<Record<WebhookVerificationReason, number>> = {
  'empty-secret': 500,
  malformed: 400,
  'too-large': 413,
  'wrong-method': 405,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Creates a webhook endpoint: challenge, JWT verification, typed events, duplicates dropped. The options are checked
 * here, once, so a bad one fails at start-up rather than on every request.
 * @throws TypeError when `onEvent` is not a function, or `onRefused`, `now` or `deliveries` is of the wrong kind
 * (a missing secret is not thrown: every request is refused with `empty-secret`).
 * @throws RangeError when `duplicateWindowMs` is not a positive number of milliseconds, `maxBodyBytes` not a positive
 * number, or `clockToleranceSeconds` not a finite number of seconds, 0 or more.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (request: Request) => Promise<Response> {
  checkHandlerOptions(options);
  const deliveries = options.deliveries ?? createMemoryDeliveryStore(options.now ? { now: options.now } : {});
  const windowMs = options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  // This handler's own keys: another handler's secret never shares (or evicts) them.
  const keys = createKeyCache();
  return async (request) => {
    let verified: Awaited<ReturnType<typeof verifyRequest>>;
    try {
      verified = await verifyRequest(request, options, keys);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      try {
        options.onRefused?.(error);
      } catch {
        // A hook that throws must not turn a refusal into an unanswered request.
      }
      return json(STATUS[error.reason] ?? 401, { error: error.reason });
    }
    if (verified.kind === 'challenge') return json(200, { challenge: verified.challenge.challenge });
    const id = verified.event.triggerUuid;
    if (!(await deliveries.claim(id, windowMs))) return json(200, { duplicate: true });
    try {
      await options.onEvent(verified.event, { claims: verified.claims, request: withoutCredential(request) });
    } catch {
      await deliveries.release(id);
      return json(500, { error: 'handler-failed' });
    }
    return json(200, { ok: true });
  };
}

/** The handler's options that can be wrong at start-up (the secret may change later, so it is read per request). */
function checkHandlerOptions(options: WebhookHandlerOptions): void {
  if (typeof options?.onEvent !== 'function') throw new TypeError('createWebhookHandler needs an onEvent function.');
  for (const name of ['onRefused', 'now'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new TypeError(`createWebhookHandler: ${name} must be a function.`);
    }
  }
  const { deliveries } = options;
  if (
    deliveries !== undefined &&
    (typeof deliveries?.claim !== 'function' || typeof deliveries.release !== 'function')
  ) {
    throw new TypeError('createWebhookHandler: deliveries must have claim(id, ttlMs) and release(id) functions.');
  }
  const window = options.duplicateWindowMs;
  // NaN would make every claim's expiry NaN, so every retried delivery would be handled again.
  if (window !== undefined && (typeof window !== 'number' || !Number.isFinite(window) || window <= 0)) {
    throw new RangeError(`duplicateWindowMs must be a positive number of milliseconds; got ${String(window)}.`);
  }
  const maxBodyBytes = options.maxBodyBytes;
  if (
    maxBodyBytes !== undefined &&
    (typeof maxBodyBytes !== 'number' || !Number.isFinite(maxBodyBytes) || maxBodyBytes <= 0)
  ) {
    throw new RangeError(`maxBodyBytes must be a positive number of bytes; got ${String(maxBodyBytes)}.`);
  }
  const tolerance = options.clockToleranceSeconds;
  if (tolerance !== undefined && (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0)) {
    throw new RangeError(
      `clockToleranceSeconds must be a finite number of seconds, 0 or more; got ${String(tolerance)}.`,
    );
  }
}

/** A copy of `request` (method, URL, headers, signal; the body is already read) without its `Authorization` header. */
function withoutCredential(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
