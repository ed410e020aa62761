/**
 * The client's backoff between attempts: capped exponential, with full jitter. A pure function; the caller passes the
 * randomness. It applies when the server gave no wait of its own (read by `../errors/server-wait.ts` where the error
 * is made; a 409 without one waits `conflictDefaultSeconds`): `./retry-policy.ts` (`decideRetry`) chooses.
 */
import type { RetryOptions } from '../types.js';

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
