/**
 * Verifying one webhook request. Rules, in order (each failure a `WebhookVerificationError` with its `reason`):
 * - fail closed: an empty or missing signing secret refuses every request (`empty-secret`);
 * - POST only (`wrong-method`), a body of at most `maxBodyBytes` (`too-large`), JSON (`malformed`);
 * - the URL challenge (`{ "challenge": "..." }`, https://developer.monday.com/api-reference/docs/webhooks) is
 *   returned as such: echoing a random token reveals nothing, and the platform sends it before any event;
 * - every other request needs the `Authorization` JWT (`missing-header`), signed HS256 with the app's signing
 *   secret, `exp` not past, `aud` the endpoint when `audience` is set (https://developer.monday.com/apps/docs/authorization-header;
 *   rules in `jwt.ts`);
 * - the body's `event` is an object with a string `type` and `triggerUuid` (`malformed`); unknown fields are kept.
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
  /** Clock in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** A verified request: the challenge, or an event with the token's claims. */
export type VerifiedWebhook =
  | { kind: 'challenge'; challenge: WebhookChallenge }
  | { kind: 'event'; event: WebhookEvent; claims: WebhookClaims };

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw new WebhookVerificationError('too-large', `The body is over ${maxBytes} bytes.`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBytes)
    throw new WebhookVerificationError('too-large', `The body is over ${maxBytes} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new WebhookVerificationError('malformed', 'The body is not JSON.');
  }
  if (!isObject(body)) throw new WebhookVerificationError('malformed', 'The body is not a JSON object.');
  return body;
}

function bearer(request: Request): string {
  const header = request.headers.get('authorization')?.trim() ?? '';
  const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : header;
  if (token === '') throw new WebhookVerificationError('missing-header', 'The request has no Authorization header.');
  return token;
}

/**
 * Checks a request and returns what it carries: the challenge or the event. Used by the handler, with its own key
 * cache in `keys` (default: the key is imported for this request alone).
 */
export async function verifyRequest(
  request: Request,
  options: WebhookVerificationOptions,
  keys?: KeySource,
): Promise<VerifiedWebhook> {
  if (typeof options?.signingSecret !== 'string' || options.signingSecret === '') {
    throw new WebhookVerificationError('empty-secret', 'No signing secret is configured, so no request is accepted.');
  }
  if (request.method !== 'POST') throw new WebhookVerificationError('wrong-method', 'Webhooks are POST requests.');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // NaN would make both size checks false, so a body of any size would be read: refuse the setting instead.
  if (!Number.isFinite(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError(`maxBodyBytes must be a positive number of bytes; got ${String(maxBodyBytes)}.`);
  }
  const body = await readJson(request, maxBodyBytes);
  if (typeof body.challenge === 'string' && !('event' in body)) {
    return { kind: 'challenge', challenge: { type: 'challenge', challenge: body.challenge } };
  }
  const clockToleranceSeconds = options.clockToleranceSeconds ?? 30;
  // NaN would make every `exp` comparison false, so an expired token would pass: refuse the setting instead.
  if (!Number.isFinite(clockToleranceSeconds) || clockToleranceSeconds < 0) {
    throw new RangeError(
      `clockToleranceSeconds must be a finite number of seconds, 0 or more; got ${String(clockToleranceSeconds)}.`,
    );
  }
  const nowMs = (options.now ?? Date.now)();
  // Like a NaN tolerance, a clock giving NaN would let an expired token pass.
  if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) {
    throw new RangeError(`now() must return a finite time in milliseconds; got ${String(nowMs)}.`);
  }
  const claims = await verifyJwt(bearer(request), {
    secret: options.signingSecret,
    audience: options.audience,
    clockToleranceSeconds,
    nowMs,
    ...(keys ? { keys } : {}),
  });
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
