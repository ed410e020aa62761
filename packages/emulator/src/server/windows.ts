/**
 * Fixed windows aligned to a start time: window index = floor((now - start) / length). The windows start with the
 * emulator, except a daily window of whole days, which starts at the epoch so it runs from midnight UTC (rate-limit.ts).
 */

/** A counter that starts again at zero in each fixed window. */
export class FixedWindowCounter {
  #window = -1;
  #used = 0;

  constructor(
    private readonly startMs: number,
    private readonly windowSeconds: number,
  ) {}

  /** Units used so far in the window containing `now`. */
  used(now: number): number {
    this.#roll(now);
    return this.#used;
  }

  /** Adds `units` to the window containing `now`; returns the new total. */
  add(now: number, units: number): number {
    this.#roll(now);
    this.#used += units;
    return this.#used;
  }

  /** Whole seconds until the window containing `now` ends, rounded up (never early). */
  secondsToReset(now: number): number {
    const lengthMs = this.windowSeconds * 1000;
    const end = this.startMs + (this.#indexOf(now) + 1) * lengthMs;
    return Math.max(1, Math.ceil((end - now) / 1000));
  }

  #indexOf(now: number): number {
    return Math.max(0, Math.floor((now - this.startMs) / (this.windowSeconds * 1000)));
  }

  #roll(now: number): void {
    const index = this.#indexOf(now);
    if (index !== this.#window) {
      this.#window = index;
      this.#used = 0;
    }
  }
}
