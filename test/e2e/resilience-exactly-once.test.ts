/**
 * Exactly once under failure: 200 concurrent createItem calls while the emulator drops a fifth of the
 * connections after executing the mutation and answers a tenth with a 5xx. Every call resolves and
 * exactly 200 items exist, one per call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultRule } from 'workspace-platform-emulator';
import type { RetryEvent } from '../../src/index.js';
import { clientFor, closeEmulators, graphqlRequests, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const CALLS = 200;

/** Request positions (1-based, over every POST /v2) whose last digit is in `digits`: a fixed, exact share. */
function positionsEndingIn(digits: readonly number[], upTo: number): number[] {
  const positions: number[] = [];
  for (let position = 1; position <= upTo; position += 1) if (digits.includes(position % 10)) positions.push(position);
  return positions;
}

/** 20 % dropped after execution (positions …2, …7), 10 % answered 503 without executing (positions …5). */
const FAULTS: FaultRule[] = [
  { kind: 'drop-after-execute', nth: positionsEndingIn([2, 7], 4 * CALLS) },
  { kind: 'http-error', status: 503, nth: positionsEndingIn([5], 4 * CALLS) },
];

describe('exactly once', () => {
  it('200 concurrent createItem calls through dropped connections and 5xx: all resolve, 200 items, no duplicates', async () => {
    const emulator = await startTestEmulator({ faults: FAULTS });
    const before = emulator.store.items.created;
    const retries: RetryEvent[] = [];
    // More attempts than the default: with 30 % of requests failing, four attempts leave some calls unlucky.
    const client = clientFor(emulator, {
      retry: { maxAttempts: 10, baseDelayMs: 5, maxDelayMs: 100 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    const names = Array.from({ length: CALLS }, (_, index) => `Exactly once #${String(index).padStart(3, '0')}`);

    const outcomes = await Promise.allSettled(
      names.map((item_name) => client.createItem({ board_id: ROADMAP_BOARD_ID, item_name })),
    );

    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(rejected).toEqual([]);
    const results = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(results.map((result) => result.data.create_item?.name)).toEqual(names);
    const ids = results.map((result) => result.data.create_item?.id);
    expect(new Set(ids).size).toBe(CALLS);

    expect(emulator.store.items.created - before).toBe(CALLS);
    expect(emulator.stats.executedMutations).toBe(CALLS);
    expect(emulator.stats.rejected429).toBe(0); // the throttle kept within the learned concurrency quota
    for (const [index, name] of names.entries()) {
      const stored = emulator.store.items.all().filter((item) => item.name === name);
      expect(stored.map((item) => item.id)).toEqual([ids[index]]);
    }

    // The faults really happened, and the retries that got through them were answered from the cache.
    const records = graphqlRequests(emulator);
    const dropped = records.filter((record) => record.fault === 'drop-after-execute');
    const unavailable = records.filter((record) => record.status === 503);
    expect(dropped.length).toBeGreaterThanOrEqual(Math.floor(records.length / 5) - 1);
    expect(unavailable.length).toBeGreaterThanOrEqual(Math.floor(records.length / 10) - 1);
    // A dropped answer was either a first execution or a replay of one: never a second execution.
    expect(dropped.every((record) => record.executed !== record.replayed)).toBe(true);
    expect(results.filter((result) => result.replayed).length).toBeGreaterThan(0);
    expect(retries.map((event) => event.reason).sort()).toEqual(expect.arrayContaining(['network', 'server-error']));
    expect(retries).toHaveLength(dropped.length + unavailable.length);
  });
});
