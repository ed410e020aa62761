/**
 * How long the client waits before trying again, decided in one place (as ky's `retry-timing.ts`): the server's wait
 * when it gave one (read by `../errors/server-wait.ts` where the error is made; a 409 without one waits
 * `conflictDefaultSeconds`), else capped exponential backoff with full jitter. Pure functions; the caller passes the
 * randomness.
 */
import type { RetryOptions, RetryReason } from '../types.js';

/**
 * Full-jitter backoff before attempt `attempt + 1`: a random share of
 * `min(maxDelayMs, baseDelayMs * 2^(attempt - 1))`, in whole milliseconds.
 */
export function backoffDelayMs(
  attempt: number,
  policy: Pick<Required<RetryOptions>, 'baseDelayMs' | 'maxDelayMs'>,
  random: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(Math.min(Math.max(random, 0), 1) * ceiling);
}

/**
 * Milliseconds to wait before the next attempt: the server's wait (`serverSeconds`) when it gave one,
 * `conflictDefaultSeconds` for a 409 without one, else backoff.
 */
export function retryDelayMs(
  reason: RetryReason,
  serverSeconds: number | undefined,
  attempt: number,
  policy: Required<RetryOptions>,
  random: number,
): number {
  const seconds = reason === 'idempotency-conflict' ? (serverSeconds ?? policy.conflictDefaultSeconds) : serverSeconds;
  return seconds !== undefined ? Math.ceil(seconds * 1000) : backoffDelayMs(attempt, policy, random);
}
