/**
 * The public error for a call the client's throttle would not send: the server imposes a wait longer than
 * `retry.maxDelayMs` (a `RateLimitError`, or a `DailyLimitError` for the daily limit), or the call waited in line past
 * its `queueTimeoutMs` (a `ThrottleQueueTimeoutError`). Loaded on demand by the pipeline the first time the throttle
 * refuses a call: a call the throttle sends never needs it (a chunk that fails to load rejects the call, unsent, with
 * the `PlatformError` of ../request/on-demand.ts). Pinned by test/unit/client-retry.test.ts,
 * test/unit/rate-limit-errors.test.ts and test/e2e/throttle-backlog.test.ts.
 */
import type { CallLabel } from '../call-label.js';
import type { HoldReason, ThrottleQueueTimeout, ThrottleWaitTooLongError } from '../throttle/throttle.js';
import { DailyLimitError, type PlatformError, RateLimitError, ThrottleQueueTimeoutError } from './errors.js';

/** The error for `refusal`, thrown by the throttle at `nowMs` for the call `label` names. */
export function throttleRefusal(
  refusal: ThrottleWaitTooLongError | ThrottleQueueTimeout,
  label: CallLabel,
  queueTimeoutMs: number | undefined,
  nowMs: number,
): PlatformError {
  // An error takes every field its details hold: the call's name and key, not the version it was sent at.
  const { apiVersion, ...details } = label;
  if ('waitMs' in refusal) {
    const seconds = Math.ceil(refusal.waitMs / 1000);
    if (refusal.reason === 'daily-limit') {
      const resetsAt = new Date(nowMs + refusal.waitMs);
      return new DailyLimitError(
        `Daily call limit reached: calls are held until it resets at ${resetsAt.toISOString()} (in ${seconds} s), beyond retry.maxDelayMs; not sent`,
        { ...details, retryAfterSeconds: seconds, resetsAt, cause: refusal },
      );
    }
    return new RateLimitError(
      `Rate limited: the server's wait (${holdText(refusal.reason, refusal.policy)}) would hold this request ${seconds} s, beyond retry.maxDelayMs; not sent`,
      { ...details, retryAfterSeconds: seconds, cause: refusal },
    );
  }
  const { queuedMs, position, queued, reason, policy } = refusal;
  const seconds = (queuedMs / 1000).toFixed(1);
  const where = `place ${position} of ${queued}, held by ${holdText(reason, policy)}`;
  return new ThrottleQueueTimeoutError(
    `Gave up after ${seconds} s in the client's throttle line (${where}), past queueTimeoutMs ${queueTimeoutMs}; not sent`,
    { ...details, queuedMs, position, queued, reason, policy, cause: refusal },
  );
}

/** What holds a line, in words: `the minuteRate limit`, `a pause the server asked for`, ... */
function holdText(reason: HoldReason, policy: string | undefined): string {
  if (policy !== undefined && reason !== 'backoff') return `the ${policy} limit`;
  if (reason === 'backoff') return 'a pause the server asked for';
  if (reason === 'daily-limit') return 'the daily limit';
  if (reason === 'concurrency') return 'the cap on requests in flight';
  return 'an exhausted quota';
}
