/**
 * Waiting that a signal cuts short: the client's one abortable sleep (`src/client/request/sleep.ts`), and waiting on
 * a clock built on it.
 */
import { sleep } from '../client/request/sleep.js';

export { sleep };

/**
 * Waits until `ms` have passed on the `now` clock, checking it at least every `stepMs` of real time: with the real
 * clock that is `ms` (woken every `stepMs`), with a clock that runs faster (a test's, compressed) correspondingly less.
 * @throws the signal's reason as soon as `signal` aborts.
 */
export async function sleepOnClock(now: () => number, ms: number, stepMs: number, signal?: AbortSignal): Promise<void> {
  const until = now() + ms;
  for (let left = ms; left > 0; left = until - now()) await sleep(Math.min(left, stepMs), signal);
}
