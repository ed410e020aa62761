/**
 * Which of the platform's limits a refusal names, and the error class it becomes. Rules, from the platform's rate
 * limits page (https://developer.monday.com/api-reference/docs/rate-limits and the support article "API Rate
 * Limits") and its changelog on mutation-specific limits:
 *
 * | answer | limit | error |
 * |---|---|---|
 * | `DAILY_LIMIT_EXCEEDED` | daily call quota, reset at midnight UTC | {@link DailyLimitError}, never retried within a call |
 * | `RATE_LIMIT_EXCEEDED` | requests per minute | {@link RateLimitError} |
 * | `COMPLEXITY_BUDGET_EXHAUSTED`, `ComplexityException` | complexity budget | {@link RateLimitError} |
 * | `maxConcurrencyExceeded` | requests at once | {@link RateLimitError} |
 * | `IP_RATE_LIMIT_EXCEEDED` | requests per IP address (waits `retry_in_seconds`) | {@link RateLimitError} |
 * | a 429 saying "Call limit exceeded for DuplicateBoard" | one mutation's own limit | {@link RateLimitError} |
 *
 * The codes are in the one table of codes, `./error-codes.ts`.
 */
import { nextMidnightUtc } from '../rate-limit/daily-reset.js';
import { LIMIT_CODE_KINDS } from './error-codes.js';
import {
  codeOf,
  DailyLimitError,
  type GraphQLErrorInfo,
  type RateLimitDetails,
  RateLimitError,
  type RateLimitKind,
} from './errors.js';

/** The error among `errors` that reports a limit (a known `extensions.code`), if any. */
export function limitErrorOf(errors: readonly GraphQLErrorInfo[] | undefined): GraphQLErrorInfo | undefined {
  return errors?.find((error) => LIMIT_CODE_KINDS[codeOf(error)]);
}

/** Which limit `errors` name: by `extensions.code`, else by a per-mutation message. */
export function limitKindOf(errors: readonly GraphQLErrorInfo[] | undefined): RateLimitKind | undefined {
  const error = errors?.find(
    (each) => LIMIT_CODE_KINDS[codeOf(each)] || /call limit exceeded for \w+/i.test(each.message),
  );
  return error && (LIMIT_CODE_KINDS[codeOf(error)] ?? 'mutation');
}

/**
 * The error for a refusal: a {@link DailyLimitError} for the daily quota (resetting after the server's wait when it
 * gave one, else at the next midnight UTC), else a {@link RateLimitError} naming the limit.
 */
export function rateLimitErrorFor(message: string, details: RateLimitDetails, nowMs: number): RateLimitError {
  const limit = details.limit ?? limitKindOf(details.errors);
  if (limit !== 'daily') return new RateLimitError(message, { ...details, limit });
  const seconds = details.retryAfterSeconds;
  const resetsAt = seconds === undefined ? nextMidnightUtc(nowMs) : nowMs + seconds * 1000;
  return new DailyLimitError(message, {
    ...details,
    retryAfterSeconds: seconds ?? Math.ceil((resetsAt - nowMs) / 1000),
    resetsAt: new Date(resetsAt),
  });
}
