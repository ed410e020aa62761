/**
 * Refusals by a rate limit: a 429 with `Retry-After`, or an exhausted complexity budget in the style configured.
 */
import { ERROR_CODE, HEADER } from '../wire.js';
import type { ServerContext } from './context.js';
import type { RateLimitRefusal } from './rate-limit.js';
import { type PlannedReply, planError, planJson } from './reply.js';

const MESSAGES: Record<RateLimitRefusal['reason'], string> = {
  daily: 'Daily request quota exceeded.',
  minuteRate: 'Request rate limit exceeded.',
  concurrency: 'Too many requests are executing at once.',
  complexity: 'Complexity budget exhausted.',
};

/** A 429 with `Retry-After` and `{ errors: [{ message, extensions: { code, retry_in_seconds } }] }`. */
export function rateLimited(refusal: RateLimitRefusal): PlannedReply {
  const seconds = refusal.retryAfterSeconds;
  const code = refusal.reason === 'daily' ? ERROR_CODE.dailyLimitExceeded : ERROR_CODE.rateLimitExceeded;
  const message = `${MESSAGES[refusal.reason]} Retry in ${seconds} s.`;
  const extra = { retry_in_seconds: seconds, limit: refusal.reason };
  return planError(429, message, code, extra, { headers: { [HEADER.retryAfter]: String(seconds) } });
}

/**
 * An exhausted complexity budget: a 429, or (in `graphql-error` style) a 200 with `COMPLEXITY_BUDGET_EXHAUSTED`,
 * or (in `complexity-exception` style, the platform's older shape) a 200 whose body says `ComplexityException`
 * with `status_code: 429` and gives the wait only in its message.
 */
export function complexityExhausted(ctx: ServerContext, refusal: RateLimitRefusal, cost = 0): PlannedReply {
  if (ctx.complexityErrorStyle === 'status-429') return rateLimited(refusal);
  const seconds = refusal.retryAfterSeconds;
  if (ctx.complexityErrorStyle === 'complexity-exception') {
    const body = {
      error_code: 'ComplexityException',
      status_code: 429,
      error_message: `Complexity budget exhausted, query cost ${cost} budget remaining ${refusal.remaining ?? 0} out of ${refusal.quota ?? 0} reset in ${seconds} seconds`,
      error_data: {},
    };
    return { ...planJson(200, body), errorCode: ERROR_CODE.complexityBudgetExhausted };
  }
  const message = `Complexity budget exhausted, query cost exceeds the remaining budget. Retry in ${seconds} s.`;
  return planError(200, message, ERROR_CODE.complexityBudgetExhausted, { retry_in_seconds: seconds });
}
