/**
 * The interpretation step: turns one response into the call's outcome. Parses its rate-limit state (recorded on the client and
 * shown to the throttle, success or error), classifies it with the error factory, reports it to the
 * `onResponse` hook, and builds the {@link ApiResult} of a success (with the version that answered, from the
 * server's `API-Version` header).
 */
import { isApiVersion } from '../../api-version-format.js';
import type { CallLabel } from '../call-label.js';
import { API_VERSION_HEADER, IDEMPOTENCY_REPLAYED } from '../constants.js';
import type { PipelineContext } from '../context.js';
import { requestIdOf } from '../errors/error-info.js';
import { DailyLimitError, type PlatformError, RateLimitError } from '../errors/errors.js';
import { responseError } from '../errors/response-error.js';
import { NO_RESPONSE_WARNINGS, warningsOf } from '../errors/warnings.js';
import { callHook } from '../hooks.js';
import { parseRateLimit } from '../rate-limit/rate-limit.js';
import type { Permit } from '../throttle/throttle.js';
import { complexityCostOf } from '../throttle/throttle-cost.js';
import type { ApiResult, ResponseEvent } from '../types.js';
import type { TransportResponse } from './transport.js';

/**
 * The result of a successful response; throws the PlatformError any other response stands for. `failed`: the
 * response is no GraphQL success (`isGraphQLSuccess`), and the caller has awaited `loadErrorFactory` for it, or
 * stopped waiting for it: then `stopped` is the error the call ends with (its abort or timeout), and the response is
 * observed all the same.
 */
export function interpretResponse<TResult>(
  context: PipelineContext,
  label: CallLabel & { apiVersion: string },
  attempt: number,
  response: TransportResponse,
  started: number,
  permit: Permit,
  failed: boolean,
  stopped?: PlatformError,
): ApiResult<TResult> {
  const { status, headers } = response;
  const rateLimit = parseRateLimit(headers);
  context.onRateLimit(rateLimit);
  // Only a call sent with an Idempotency-Key can be answered from the server's idempotency cache: a query's
  // response is never a replay, and its header is not read (one header lookup fewer on every query). No header
  // (null, tested as 'null') is no replay.
  const replayed = label.idempotencyKey !== undefined && REPLAYED.test(headers.get(IDEMPOTENCY_REPLAYED) as string);
  const { payload } = response;
  // A plain success (no `errors`, no `extensions`) carries no request id or warnings: it skips their reads
  // (test/e2e/request-id.test.ts and test/unit/warnings.test.ts pin what the other bodies give).
  const plain =
    !failed &&
    (payload as Record<string, unknown>).errors === undefined &&
    (payload as Record<string, unknown>).extensions === undefined;
  // The error's facts are the response's fields and the call's names as they are (its apiVersion the version sent:
  // a generated document sends its own).
  const error = failed
    ? (stopped ?? responseError({ ...response, ...label, rateLimit, redact: context.redact, nowMs: Date.now() }))
    : undefined;
  // (A call that stopped waiting for the factory still names the request id its response holds.)
  const requestId = plain ? undefined : (error?.requestId ?? requestIdOf(payload, context.redact));
  // Only rate limits pause the whole client; a 409's Retry-After concerns this one key. The daily limit holds
  // every call until its reset instead of pausing (test/e2e/throttle-daily-limit.test.ts).
  const daily = error instanceof DailyLimitError;
  context.throttle.observe({
    status,
    rateLimit,
    retryAfterSeconds: error instanceof RateLimitError && !daily ? error.retryAfterSeconds : undefined,
    complexityCost: complexityCostOf(payload),
    permit, // when the request left, so the response is placed in the right quota window
    dailyResetAt: daily ? error.resetsAt.getTime() : undefined,
  });
  const { onResponse } = context.options.hooks;
  if (onResponse) {
    const event: ResponseEvent = {
      operationName: label.operationName,
      attempt,
      status,
      durationMs: Date.now() - started,
      rateLimit,
      replayed,
    };
    if (requestId !== undefined) event.requestId = requestId;
    callHook(onResponse, event);
  }
  if (error) throw error;
  const body = payload as { data: TResult; account_id?: unknown };
  const { warnings, omitted } = plain ? NO_RESPONSE_WARNINGS : warningsOf(body, context.redact);
  const result: ApiResult<TResult> = {
    data: body.data,
    apiVersion: label.apiVersion,
    rateLimit,
    replayed,
    status,
    headers,
    warnings,
    omittedWarnings: omitted,
  };
  const { onWarning } = context.options.hooks;
  if (onWarning) {
    for (const warning of warnings) {
      callHook(onWarning, { operationName: label.operationName, apiVersion: label.apiVersion, warning });
    }
  }
  // The account id: a finite number, or a string of digits read as one.
  const accountId = body.account_id;
  if (Number.isFinite(accountId) || (typeof accountId === 'string' && /^\d+$/.test(accountId)))
    result.accountId = Number(accountId);
  if (label.idempotencyKey !== undefined) result.idempotencyKey = label.idempotencyKey;
  if (requestId !== undefined) result.requestId = requestId;
  // The version that answered, from the server's API-Version header (test/unit/document-version.test.ts,
  // test/e2e/versions.test.ts).
  const answered = headers.get(API_VERSION_HEADER)?.trim();
  if (isApiVersion(answered)) result.answeredApiVersion = answered;
  return result;
}

/** `Idempotency-Replayed: true` (or the structured-field boolean `?1`), in any case, spaces around it ignored. */
const REPLAYED = /^\s*(?:true|\?1)\s*$/i;
