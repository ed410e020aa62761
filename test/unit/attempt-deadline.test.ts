import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineWatchdog } from '../../src/client/request/attempt-deadline.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DeadlineWatchdog', () => {
  it('ends the attempts past their deadline, once each, whatever order the others finished in', () => {
    const watchdog = new DeadlineWatchdog();
    const ended: number[] = [];
    const deadlines = [10, 20, 30, 40, 50].map((timeoutMs) => {
      const deadline = watchdog.start(timeoutMs);
      deadline.onExpire(() => ended.push(timeoutMs));
      return deadline;
    });
    type Deadline = (typeof deadlines)[number];
    const [ten, twenty, thirty, forty, fifty] = deadlines as [Deadline, Deadline, Deadline, Deadline, Deadline];
    watchdog.finish(twenty);
    watchdog.finish(forty);
    watchdog.finish(forty);
    expect(watchdog.size).toBe(3);
    vi.advanceTimersByTime(35);
    expect(ended).toEqual([10, 30]);
    expect([ten, twenty, thirty, forty, fifty].map((deadline) => deadline?.expired)).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(watchdog.size).toBe(1);
    watchdog.finish(ten);
    expect(watchdog.size).toBe(1);
    const late = watchdog.start(5);
    late.onExpire(() => ended.push(5));
    expect(watchdog.size).toBe(2);
    vi.advanceTimersByTime(100);
    expect(ended).toEqual([10, 30, 5, 50]);
    expect(watchdog.size).toBe(0);
    watchdog.finish(fifty);
    expect(watchdog.size).toBe(0);
  });
});
