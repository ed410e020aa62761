/**
 * The window tracker's event lists: a window busier than the prune threshold keeps every event it still needs and
 * moves its next prune further out (twice what it kept), so a response costs no scan; a new window starts over, in
 * the same lists (only the counts of what is in use start over: a tracker in steady use allocates nothing).
 */
import { describe, expect, it } from 'vitest';
import {
  type ObservationContext,
  observeWindow,
  recordRelease,
  rollWindow,
  type WindowTracker,
} from '../../src/client/throttle/throttle-window.js';

const POLICY = { name: 'minuteRate', quota: 100_000, window: 60, remaining: 99_999, resetSeconds: 1 };
const START = 1_000_000;

/** A response received at `now` to a request sent at START: every one lands in the same window. */
function context(now: number, tick: number): ObservationContext {
  return { now, tick, sent: START, sTick: 0, others: 0, shared: false };
}

describe('window tracker events', () => {
  it('a busy window keeps its events and prunes once per doubling, not on every response', () => {
    let tracker = observeWindow(undefined, POLICY, context(START + 1, 1)) as WindowTracker;
    for (let i = 0; i < 3000; i += 1) {
      const now = START + 1 + i / 10;
      tracker = observeWindow(tracker, { ...POLICY, remaining: 99_998 - i }, context(now, i + 2)) as WindowTracker;
      recordRelease(tracker, now);
    }
    // Every event may have landed in the current window: none is dropped.
    const events = tracker.rn + tracker.on / 5;
    expect(events).toBe(6001);
    // The next prune waits for the lists to double, so the last ~thousands of responses scanned nothing.
    expect(tracker.p).toBeGreaterThanOrEqual(events);
    expect(tracker.p).toBeLessThanOrEqual(2 * events + 2);

    rollWindow(tracker, START + 61_000, 0);
    expect(tracker.rn).toBe(0);
    expect(tracker.on).toBe(0);
    expect(tracker.p).toBe(1024);
  });
});
