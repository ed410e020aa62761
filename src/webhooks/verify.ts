/**
 * Verifying one webhook request. Rules, in order (each failure a `WebhookVerificationError` with its `reason`):
 * - fail closed: an empty or missing signing secret refuses every request (`empty-secret`);
 * - POST only (`wrong-method`);
 * - the credential before the body: a request with an `Authorization` JWT has it verified first, signed HS256 with
 *   the app's signing secret, `exp` not past, `aud` the endpoint when `audience` is set
 *   (https://developer.monday.com/apps/docs/authorization-header; rules in `jwt.ts`), so a bad token is refused
 *   with nothing of its body read;
 * - a request without one can only be the URL challenge (`{ "challenge": "..." }`, posted before any event,
 *   https://developer.monday.com/api-reference/docs/webhooks; echoing a random token reveals nothing): at most
 *   {@link MAX_UNSIGNED_BODY_BYTES} of it are read, and anything else is refused (`missing-header`);
 * - the body is read as a stream and the read is cancelled as soon as it passes `maxBodyBytes` (`too-large`), with
 *   or without a `Content-Length`; it must be a JSON object (`malformed`);
 * - the body's `event` is an object with a string `type` and `triggerUuid` (`malformed`); unknown fields are kept.
 * Pinned by test/webhooks/receiver-safety.test.ts.
 */
import { WebhookVerificationError } from './errors.js';
import type { WebhookChallenge, WebhookEvent } from './events.js';
import { type KeySource, verifyJwt, type WebhookClaims } from './jwt.js';

/** Options of {@link verifyWebhookRequest}. */
export interface WebhookVerificationOptions {
  /** The app's signing secret. Required: an empty one refuses every request. */
  signingSecret: string;
  /** The endpoint's URL, which the token's `aud` must equal. Default: `aud` is not checked. */
  audience?: string;
  /** Clock skew allowed on `exp`, `iat` and `nbf`, in seconds: finite, 0 or more. Default 30. */
  clockToleranceSeconds?: number;
  /** Largest body read, in bytes: a positive number. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * The clock tokens are checked against (`exp`, `iat`, `nbf`), in milliseconds. Default `Date.now`. Pass the
   * sender's clock when it is not the real one: against the testing kit's emulator, whose clock stands still until a
   * test moves it and which signs its deliveries by it, give `now: emulator.clock.now`, or its retries after
   * `clock.advance('1m')` are refused as `not-yet-valid`.
   */
  now?: () => number;
}

/** A verified request: the challenge, or an event with the token's claims. */
export type VerifiedWebhook =
  | { kind: 'challenge'; challenge: WebhookChallenge }
  | { kind: 'event'; event: WebhookEvent; claims: WebhookClaims };

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Most bytes read of a request without a credential: it can only be the URL challenge, a short random token in a
 * small JSON object, so an unauthenticated sender cannot make the receiver read more than this.
 */
export const MAX_UNSIGNED_BODY_BYTES = 4 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body's bytes, read as a stream and cancelled as soon as they pass `maxBytes`; `onOver` names the refusal. */
async function readCapped(request: Request, maxBytes: number, onOver: () => WebhookVerificationError) {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw onOver();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      // Stop the sender here: cancelling tells the runtime (and a Node adapter) to read no more.
      void reader.cancel().catch(() => undefined);
      throw onOver();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

async function readJson(request: Request, maxBytes: number, onOver: () => WebhookVerificationError) {
  const bytes = await readCapped(request, maxBytes, onOver);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new WebhookVerificationError('malformed', 'The body is not JSON.');
  }
  if (!isObject(body)) throw new WebhookVerificationError('malformed', 'The body is not a JSON object.');
  return body;
}

/** The token of the `Authorization` header, `Bearer ` prefix or not; empty when there is none. */
function bearer(request: Request): string {
  const header = request.headers.get('authorization')?.trim() ?? '';
  return /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : header;
}

function missingHeader(): WebhookVerificationError {
  return new WebhookVerificationError('missing-header', 'The request has no Authorization header.');
}

function tooLarge(maxBytes: number): () => WebhookVerificationError {
  return () => new WebhookVerificationError('too-large', `The body is over ${maxBytes} bytes.`);
}

/** The settings a verification needs, checked. */
function checkedSettings(options: WebhookVerificationOptions) {
  if (typeof options?.signingSecret !== 'string' || options.signingSecret === '') {
    throw new WebhookVerificationError('empty-secret', 'No signing secret is configured, so no request is accepted.');
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // NaN would make both size checks false, so a body of any size would be read: refuse the setting instead.
  if (!Number.isFinite(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError(`maxBodyBytes must be a positive number of bytes; got ${String(maxBodyBytes)}.`);
  }
  const clockToleranceSeconds = options.clockToleranceSeconds ?? 30;
  // NaN would make every `exp` comparison false, so an expired token would pass: refuse the setting instead.
  if (!Number.isFinite(clockToleranceSeconds) || clockToleranceSeconds < 0) {
    throw new RangeError(
      `clockToleranceSeconds must be a finite number of seconds, 0 or more; got ${String(clockToleranceSeconds)}.`,
    );
  }
  return { secret: options.signingSecret, maxBodyBytes, clockToleranceSeconds };
}

/**
 * Checks a request and returns what it carries: the challenge or the event with the token's claims. Used by the
 * handler, with its own key cache in `keys` (default: the key is imported for this request alone).
 */
export async function verifyRequest(
  request: Request,
  options: WebhookVerificationOptions,
  keys?: KeySource,
): Promise<VerifiedWebhook> {
  const settings = checkedSettings(options);
  if (request.method !== 'POST') throw new WebhookVerificationError('wrong-method', 'Webhooks are POST requests.');
  const token = bearer(request);
  if (token === '') {
    const cap = Math.min(settings.maxBodyBytes, MAX_UNSIGNED_BODY_BYTES);
    const body = await readJson(request, cap, missingHeader).catch((error: unknown) => {
      // Without a credential only the challenge is answered: any other body is refused for the missing header.
      throw error instanceof WebhookVerificationError && error.reason === 'malformed' ? missingHeader() : error;
    });
    if (typeof body.challenge === 'string' && !('event' in body)) {
      return { kind: 'challenge', challenge: { type: 'challenge', challenge: body.challenge } };
    }
    throw missingHeader();
  }
  const nowMs = (options.now ?? Date.now)();
  // Like a NaN tolerance, a clock giving NaN would let an expired token pass.
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) {
    throw new RangeError(`now() must return a finite time in milliseconds; got ${String(nowMs)}.`);
  }
  const claims = await verifyJwt(token, {
    secret: settings.secret,
    audience: options.audience,
    clockToleranceSeconds: settings.clockToleranceSeconds,
    nowMs,
    ...(keys ? { keys } : {}),
  });
  const body = await readJson(request, settings.maxBodyBytes, tooLarge(settings.maxBodyBytes));
  if (typeof body.challenge === 'string' && !('event' in body)) {
    return { kind: 'challenge', challenge: { type: 'challenge', challenge: body.challenge } };
  }
  const event = body.event;
  if (!isObject(event) || typeof event.type !== 'string' || typeof event.triggerUuid !== 'string') {
    throw new WebhookVerificationError('malformed', 'The body has no event with a type and a triggerUuid.');
  }
  return { kind: 'event', event: event as WebhookEvent, claims };
}

/**
 * Verifies a webhook request from the platform and returns its typed event, or the URL challenge to answer.
 * Reads the body (once).
 * @throws WebhookVerificationError (as a rejection) naming the failed check in `reason`: `empty-secret`,
 * `missing-header`, `malformed`, `wrong-algorithm`, `bad-signature`, `expired`, `not-yet-valid`, `wrong-audience`,
 * `too-large`, `wrong-method`.
 * @throws RangeError (as a rejection) when `clockToleranceSeconds` is not a finite number of seconds, 0 or more.
 * @throws RangeError (as a rejection) when `maxBodyBytes` is not a positive number.
 * @throws RangeError (as a rejection) when `now()` does not return a finite number.
 */
export async function verifyWebhookRequest(
  request: Request,
  options: WebhookVerificationOptions,
): Promise<WebhookEvent | WebhookChallenge> {
  const verified = await verifyRequest(request, options);
  return verified.kind === 'challenge' ? verified.challenge : verified.event;
}
