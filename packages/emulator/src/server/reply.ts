/**
 * The one way out of the server: a route step plans an answer, tagged with the rate-limit headers it takes and
 * whether a fault may spoil it, and `reply()` does the rest in one place.
 *
 * Rule map of `reply()`:
 * - The request record: status, first error code, fault, request id and what the steps learned (`writeRecord`).
 * - `RateLimit-Policy` on every answer of the API but a fault's own; the account's `RateLimit` once the
 *   request is authenticated (`rateLimitHeaders`). Pinned by packages/emulator/test/rate-limit.test.ts.
 * - `API-Version` once the version is resolved, on every answer after that point.
 * - CORS: every answer on the API may be read by any origin; the OAuth pages may not (`corsHeaders`).
 * - `extensions.request_id`: every JSON answer carries a fresh id, a replay the original's (`render`), as the
 *   platform documents (https://developer.monday.com/api-reference/docs/error-handling). Pinned by
 *   packages/emulator/test/reply.test.ts.
 * - An answer tagged `keep` is what the idempotency cache replays later (exactly the bytes sent).
 * - Faults: one chosen to replace handling arrives as its own planned answer (`faultReply`); one chosen to spoil
 *   delivery touches only an answer tagged `spoilable` (`spoil`). Pinned by packages/emulator/test/faults.test.ts.
 */
import { HEADER, MEDIA, REQUEST_ID_EXTENSION } from '../wire.js';
import type { Exchange } from './exchange.js';
import { type DeliveryFault, type ImmediateFault, isImmediate, spoil } from './fault-actions.js';
import { rateLimitHeader, rateLimitPolicyHeader } from './rate-limit-headers.js';
import { drop, type HeaderMap, send, sendEmpty, type WireResponse } from './responses.js';

/** What an answer holds. */
export type ReplyContent =
  /** A JSON object; `extensions.request_id` is added when sent. */
  | { kind: 'json'; value: Record<string, unknown> }
  /** Text sent as is (a replayed answer, a schema, a fault's body). */
  | { kind: 'text'; text: string }
  /** No body and no Content-Length (a 204). */
  | { kind: 'empty' }
  /** The connection is destroyed without an answer (a fault). */
  | { kind: 'drop' }
  /** The client went away before an answer: nothing is sent. */
  | { kind: 'gone' }
  /** Another handler (OAuth) answered; the status is the one it sent. */
  | { kind: 'answered-elsewhere' };

/** An answer a route step has decided on, not yet sent. */
export interface PlannedReply {
  status: number;
  headers: HeaderMap;
  content: ReplyContent;
  /** `extensions.code` of the first error, for the record. */
  errorCode?: string;
  /** Rate-limit headers that apply: none, the policy only, or the policy and the account's current state. */
  rateLimit: 'none' | 'policy' | 'account';
  /** True when a delivery fault chosen for this request may spoil the answer. */
  spoilable: boolean;
  /** The fault kind this answer carries out, for the record. */
  fault?: string;
  /** Keep this answer for replays of its Idempotency-Key. */
  keep?: boolean;
  /** The request id of the original answer, when this one is a replay. */
  replayOf?: string;
}

/** Options of {@link planJson} and {@link planError}. */
export interface PlanOptions {
  headers?: HeaderMap;
  rateLimit?: PlannedReply['rateLimit'];
  spoilable?: boolean;
}

/** A JSON answer. Default tags: the account's rate-limit headers, not spoilable. */
export function planJson(status: number, value: Record<string, unknown>, options: PlanOptions = {}): PlannedReply {
  return {
    status,
    headers: { [HEADER.contentType]: MEDIA.json, ...options.headers },
    content: { kind: 'json', value },
    rateLimit: options.rateLimit ?? 'account',
    spoilable: options.spoilable ?? false,
  };
}

/** `{ errors: [{ message, extensions: { code, ...extra } }] }` with `status`. */
export function planError(
  status: number,
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
  options: PlanOptions = {},
): PlannedReply {
  return { ...planJson(status, { errors: [{ message, extensions: { code, ...extra } }] }, options), errorCode: code };
}

/** No answer: the client went away before the request was read. */
export function planNothingClientGone(): PlannedReply {
  return { status: 0, headers: {}, content: { kind: 'gone' }, rateLimit: 'none', spoilable: false };
}

/** The answer of a fault that replaces handling: no rate-limit headers, never spoiled again. */
export function faultReply(fault: ImmediateFault): PlannedReply {
  const base = { rateLimit: 'none', spoilable: false, fault: fault.kind } as const;
  if (fault.kind === 'drop-before-execute') return { ...base, status: 0, headers: {}, content: { kind: 'drop' } };
  if (fault.kind === 'http-error') {
    const status = fault.status ?? 502;
    const text = fault.body ?? htmlErrorPage(status);
    return { ...base, status, headers: { [HEADER.contentType]: MEDIA.html }, content: { kind: 'text', text } };
  }
  return {
    ...base,
    status: fault.status,
    headers: { ...fault.headers },
    content: { kind: 'text', text: fault.body ?? '' },
  };
}

/** Writes the record, adds the headers, renders the body, keeps it for replay, and sends it or lets a fault spoil it. */
export function reply(x: Exchange, planned: PlannedReply): void {
  x.req.resume();
  writeRecord(x, planned);
  const { content } = planned;
  if (content.kind === 'answered-elsewhere' || content.kind === 'gone') return;
  if (content.kind === 'drop') {
    drop(x.res);
    return;
  }
  const headers: HeaderMap = {
    ...corsHeaders(x),
    ...versionHeader(x, planned),
    ...rateLimitHeaders(x, planned),
    ...planned.headers,
  };
  if (content.kind === 'empty') {
    sendEmpty(x.res, planned.status, headers);
    return;
  }
  const wire: WireResponse = { status: planned.status, headers, body: render(x, planned, content) };
  if (planned.keep && x.claim) {
    const contentType = headers[HEADER.contentType] ?? MEDIA.json;
    x.claim.complete({ status: wire.status, contentType, body: wire.body, requestId: x.requestId });
  }
  const fault = planned.spoilable ? x.faults.terminal : undefined;
  if (fault === undefined || isImmediate(fault)) {
    send(x.res, wire);
  } else {
    recordSpoiled(x, fault);
    spoil(x.res, wire, fault);
  }
}

/** Records how the request ended (what it was is recorded as learned, by `learn` in exchange.ts). */
function writeRecord(x: Exchange, planned: PlannedReply): void {
  const { record } = x;
  if (planned.replayOf !== undefined) record.replayed = true;
  if (x.faults.latencyMs > 0) record.fault = 'latency';
  if (planned.fault !== undefined) record.fault = planned.fault;
  if (planned.errorCode !== undefined) record.errorCode = planned.errorCode;
  const { kind } = planned.content;
  if (kind === 'drop' || kind === 'gone') record.outcome = 'dropped';
  else if (kind === 'answered-elsewhere') record.status = x.res.statusCode;
  else record.status = planned.status;
  if (kind === 'json') record.requestId = x.requestId;
  if (planned.replayOf !== undefined) record.requestId = planned.replayOf;
}

/** Records what a delivery fault did to the answer. */
function recordSpoiled(x: Exchange, fault: DeliveryFault): void {
  const { record } = x;
  record.fault = fault.kind;
  if (fault.kind === 'drop-after-execute') {
    record.outcome = 'dropped';
    record.status = 0;
  } else if (fault.kind === 'reset-mid-body') {
    record.outcome = 'reset';
  }
}

const CORS_HEADERS: HeaderMap = {
  [HEADER.corsAllowOrigin]: '*',
  [HEADER.corsExposeHeaders]:
    'RateLimit, RateLimit-Policy, Retry-After, Idempotency-Replayed, API-Version, Content-Length',
};

/** Only the API is open to other origins: the OAuth pages must not be readable by a third-party page. */
function corsHeaders(x: Exchange): HeaderMap {
  return x.api ? CORS_HEADERS : {};
}

function versionHeader(x: Exchange, planned: PlannedReply): HeaderMap {
  return x.facts.version !== undefined && planned.fault === undefined ? { [HEADER.apiVersion]: x.facts.version } : {};
}

function rateLimitHeaders(x: Exchange, planned: PlannedReply): HeaderMap {
  if (planned.rateLimit === 'none' || !x.api) return {};
  const { limiter } = x.ctx;
  const policy = { [HEADER.rateLimitPolicy]: rateLimitPolicyHeader(limiter.limits) };
  if (planned.rateLimit === 'policy' || !x.auth) return policy;
  return { ...policy, [HEADER.rateLimit]: rateLimitHeader(limiter.snapshot(x.auth.grant.accountId)) };
}

/** The body text; a JSON object gets the request id in its top-level `extensions`. */
function render(x: Exchange, planned: PlannedReply, content: { kind: 'json' | 'text' } & ReplyContent): string {
  if (content.kind !== 'json') return content.kind === 'text' ? content.text : '';
  const { value } = content;
  const requestId = planned.replayOf ?? x.requestId;
  const extensions = isObject(value.extensions) ? value.extensions : {};
  return JSON.stringify({ ...value, extensions: { ...extensions, [REQUEST_ID_EXTENSION]: requestId } });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function htmlErrorPage(status: number): string {
  const title = `${status} ${STATUS_TEXT[status] ?? 'Server Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><p>upstream failure</p></body></html>\n`;
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
