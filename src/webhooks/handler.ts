/**
 * A webhook endpoint as one `(request: Request) => Promise<Response>` function, for any runtime or framework route
 * that speaks the Fetch API. The guarantee: each event (`triggerUuid`) reaches `onEvent` until it succeeds once
 * (at least once: make `onEvent` idempotent), and is acknowledged only then. Answers:
 * - the challenge echoed (200);
 * - a verified event handed to `onEvent`, 200 `{ "ok": true }` once it succeeded; a repeat of one that succeeded
 *   within the duplicate window 200 `{ "duplicate": true }`, so the platform stops retrying;
 * - 503 with `Retry-After` (the platform retries anything but 200,
 *   https://developer.monday.com/apps/changelog/clarification-on-retry-policies-for-webhooks-and-custom-actions)
 *   for a repeat of an event another attempt is still handling (`in-progress`) and when the delivery store fails
 *   (`store-unavailable`): never an acknowledgement of an event not handled;
 * - an `onEvent` that throws: 500, and the delivery is released so the platform's retry is handled again (a release
 *   that fails leaves the claim to lapse after `claimLeaseMs`);
 * - a refused request: 401 (400 for a malformed body, 413 past `maxBodyBytes`, 405 for another method, 500 when no
 *   secret is configured), its body `{ "error": reason }`;
 * - a token is not bound to one event: the platform's token holds the account, user, audience and times, nothing
 *   per delivery, and signs no body (https://developer.monday.com/apps/docs/authorization-header), so two genuine
 *   events of one user in one second carry the same token. What tells events apart is `triggerUuid`, so the
 *   duplicate rule keys on it alone; a refusal of a token seen before would drop genuine events.
 * Pinned by test/webhooks/handler.test.ts, test/webhooks/receiver-safety.test.ts and
 * test/e2e/webhook-delivery.test.ts.
 */
import {
  createMemoryDeliveryStore,
  DEFAULT_CLAIM_LEASE_MS,
  DEFAULT_DUPLICATE_WINDOW_MS,
  type WebhookDeliveryStore,
} from './deliveries.js';
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
  /**
   * Called for each delivered event until it succeeds once: a rejection answers 500 so the platform retries, and the
   * retry calls it again. At least once, so make it idempotent: an attempt that outlives `claimLeaseMs`, or a
   * success whose answer is lost on the way, can be followed by another call for the same event.
   */
  onEvent: (event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /**
   * Where deliveries and used tokens are remembered. Default: in memory, 10 000 of each. Share one store (Redis, a
   * database) between processes that receive the same webhooks.
   */
  deliveries?: WebhookDeliveryStore;
  /** How long a `triggerUuid` that succeeded counts as handled, in milliseconds. Default one hour. */
  duplicateWindowMs?: number;
  /**
   * How long one attempt holds an event, in milliseconds: repeats meanwhile are answered 503 (retry later); past it,
   * an attempt that died or could not be released no longer holds the event back. Default five minutes.
   */
  claimLeaseMs?: number;
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
 * @throws TypeError when `signingSecret` is empty or not a string, `onEvent` is not a function, or `onRefused`, `now`
 * or `deliveries` is of the wrong kind (a secret read through a getter that turns empty later refuses each request
 * with `empty-secret`, 500).
 * @throws RangeError when `duplicateWindowMs` or `claimLeaseMs` is not a positive number of milliseconds, `maxBodyBytes` not a positive
 * number, or `clockToleranceSeconds` not a finite number of seconds, 0 or more.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (request: Request) => Promise<Response> {
  checkHandlerOptions(options);
  const deliveries = options.deliveries ?? createMemoryDeliveryStore(options.now ? { now: options.now } : {});
  const windowMs = options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  const leaseMs = options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  // This handler's own keys: another handler's secret never shares (or evicts) them.
  const keys = createKeyCache();
  const refuse = (error: WebhookVerificationError) => {
    try {
      options.onRefused?.(error);
    } catch {
      // A hook that throws must not turn a refusal into an unanswered request.
    }
    return json(STATUS[error.reason] ?? 401, { error: error.reason });
  };
  return async (request) => {
    let verified: Awaited<ReturnType<typeof verifyRequest>>;
    try {
      verified = await verifyRequest(request, options, keys);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return refuse(error);
    }
    if (verified.kind === 'challenge') return json(200, { challenge: verified.challenge.challenge });
    const id = verified.event.triggerUuid;
    let claim: unknown;
    try {
      claim = await deliveries.claim(id, leaseMs);
    } catch {
      return retryLater('store-unavailable');
    }
    if (claim === 'done') return json(200, { duplicate: true });
    if (claim === 'in-progress') return retryLater('in-progress');
    // Anything else from a store is not a claim: fail towards the platform's retry, never an acknowledgement.
    if (claim !== 'claimed') return retryLater('store-unavailable');
    try {
      await options.onEvent(verified.event, { claims: verified.claims, request: withoutCredential(request) });
    } catch {
      try {
        await deliveries.release(id);
      } catch {
        // The claim lapses after its lease; until then retries are answered 503, after it they are handled.
      }
      return json(500, { error: 'handler-failed' });
    }
    try {
      await deliveries.complete(id, windowMs);
    } catch {
      // The event was handled, so it is acknowledged; the claim lapses after its lease (a later repeat would be
      // handled again, which at-least-once allows).
    }
    return json(200, { ok: true });
  };
}

/** 503 with `Retry-After`: the platform retries once a minute, and this answer asks for just that. */
function retryLater(reason: 'in-progress' | 'store-unavailable'): Response {
  return new Response(JSON.stringify({ error: reason }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '60' },
  });
}

/** The handler's options that can be wrong at start-up (the secret is also read per request: it may be rotated). */
function checkHandlerOptions(options: WebhookHandlerOptions): void {
  if (typeof options?.onEvent !== 'function') throw new TypeError('createWebhookHandler needs an onEvent function.');
  // Without a secret nothing can be verified: say so at start-up rather than answer every delivery 500. (A secret
  // given as a getter that turns empty later still fails closed per request, `empty-secret`.)
  const secret: unknown = options.signingSecret;
  if (typeof secret !== 'string' || secret === '') {
    throw new TypeError(
      `createWebhookHandler needs signingSecret, your app's Signing Secret (the one the platform signs webhook tokens with); got ${secret === '' ? 'an empty string (is the environment variable set?)' : typeof secret}.`,
    );
  }
  for (const name of ['onRefused', 'now'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new TypeError(`createWebhookHandler: ${name} must be a function.`);
    }
  }
  const { deliveries } = options;
  const methods = ['claim', 'complete', 'release'] as const;
  if (deliveries !== undefined && methods.some((name) => typeof deliveries?.[name] !== 'function')) {
    throw new TypeError(
      'createWebhookHandler: deliveries must have claim(id, leaseMs), complete(id, ttlMs) and release(id) functions.',
    );
  }
  // NaN would make every claim's expiry NaN, so every retried delivery would be handled again.
  for (const name of ['duplicateWindowMs', 'claimLeaseMs'] as const) {
    const ms = options[name];
    if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0)) {
      throw new RangeError(`${name} must be a positive number of milliseconds; got ${String(ms)}.`);
    }
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
