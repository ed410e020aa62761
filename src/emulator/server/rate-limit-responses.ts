/**
 * Responses about rate limits: the headers every answer carries, and the refusals.
 */
import type { ServerContext } from './context.js';
import type { RateLimitRefusal } from './rate-limit.js';
import { rateLimitHeader, rateLimitPolicyHeader } from './rate-limit-headers.js';
import { jsonError, type PlannedResponse } from './responses.js';

const MESSAGES: Record<RateLimitRefusal['reason'], string> = {
  daily: 'Daily request quota exceeded.',
  minuteRate: 'Request rate limit exceeded.',
  concurrency: 'Too many requests are executing at once.',
  complexity: 'Complexity budget exhausted.',
};

/** Adds `RateLimit-Policy` and the account's current `RateLimit` to a response. */
export function withRateLimitHeaders(ctx: ServerContext, planned: PlannedResponse, accountId: number): PlannedResponse {
  const headers = {
    ...planned.headers,
    'ratelimit-policy': rateLimitPolicyHeader(ctx.limiter.limits),
    ratelimit: rateLimitHeader(ctx.limiter.snapshot(accountId)),
  };
  return { ...planned, headers };
}

/** A 429 with `Retry-After` and `{ errors: [{ message, extensions: { code, retry_in_seconds } }] }`. */
export function rateLimited(refusal: RateLimitRefusal): PlannedResponse {
  const seconds = refusal.retryAfterSeconds;
  const code = refusal.reason === 'daily' ? 'DAILY_LIMIT_EXCEEDED' : 'RATE_LIMIT_EXCEEDED';
  const message = `${MESSAGES[refusal.reason]} Retry in ${seconds} s.`;
  const extra = { retry_in_seconds: seconds, limit: refusal.reason };
  return jsonError(429, message, code, extra, { 'retry-after': String(seconds) });
}

/** An exhausted complexity budget, as a 429 or (in `graphql-error` style) a 200 with an error. */
export function complexityExhausted(ctx: ServerContext, refusal: RateLimitRefusal): PlannedResponse {
  if (ctx.complexityErrorStyle === 'status-429') return rateLimited(refusal);
  const seconds = refusal.retryAfterSeconds;
  const message = `Complexity budget exhausted, query cost exceeds the remaining budget. Retry in ${seconds} s.`;
  return jsonError(200, message, 'COMPLEXITY_BUDGET_EXHAUSTED', { retry_in_seconds: seconds });
}
