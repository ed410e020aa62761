/**
 * One absurd rate-limit answer cannot disable a client: after a `Retry-After: 31536000` (or a `RateLimit` that
 * says `r=0;t=999999999`) calls fail fast for at most `retry.maxDelayMs`, then one probe re-learns the state
 * from the emulator and the client works again. Locally, and for a fleet sharing an in-memory store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryThrottleStore, RateLimitError } from '../../src/index.js';
import { clientFor, closeEmulators, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const ABSURD: { name: string; status: number; headers: Record<string, string> }[] = [
  { name: 'Retry-After: 31536000', status: 429, headers: { 'retry-after': '31536000' } },
  {
    name: 'RateLimit r=0;t=999999999',
    status: 200,
    headers: {
      'ratelimit-policy': '"minuteRate";q=100;w=60',
      ratelimit: '"minuteRate";r=0;t=999999999',
      'content-type': 'application/json',
    },
  },
];

describe('a hold longer than retry.maxDelayMs', () => {
  for (const shared of [false, true]) {
    for (const answer of ABSURD) {
      it(`${answer.name}${shared ? ', fleet on a shared store' : ''}: fails fast, then one probe brings the client back`, async () => {
        const emulator = await startTestEmulator({
          faults: [
            {
              nth: [2],
              kind: 'respond',
              status: answer.status,
              headers: answer.headers,
              body: JSON.stringify({ data: { boards: [] } }),
            },
          ],
        });
        const store = shared ? createMemoryThrottleStore() : undefined;
        const options = { retry: { maxDelayMs: 400, maxAttempts: 1 }, throttle: store ? { store } : {} };
        const client = clientFor(emulator, options);
        const other = shared ? clientFor(emulator, options) : client;
        await client.boards({ limit: 1 }); // learns the quotas
        await client.boards({ limit: 1 }).catch(() => {}); // the absurd answer
        await expect(other.boards({ limit: 1 })).rejects.toBeInstanceOf(RateLimitError); // held, fails fast
        const before = emulator.stats.received;
        await new Promise((resolve) => setTimeout(resolve, 450));
        await expect(other.boards({ limit: 1 })).resolves.toMatchObject({ status: 200 }); // the probe
        await expect(client.boards({ limit: 1 })).resolves.toMatchObject({ status: 200 });
        expect(emulator.stats.received - before).toBe(2);
      });
    }
  }
});
