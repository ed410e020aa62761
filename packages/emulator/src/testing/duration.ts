/** Durations a test writes: milliseconds, or a number with a unit (`'500ms'`, `'30s'`, `'61m'`, `'2h'`, `'1d'`). */

/** Milliseconds, or a string such as `'30s'`, `'61m'`, `'1h30m'`. */
export type Duration = number | `${number}${'ms' | 's' | 'm' | 'h' | 'd'}${string}`;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * The milliseconds of `duration`.
 * @throws RangeError for a negative, non-finite (or too long) or unreadable duration (the message shows the accepted
 * forms).
 */
export function durationMs(duration: Duration): number {
  if (typeof duration === 'number') {
    if (!Number.isFinite(duration) || duration < 0) {
      throw new RangeError(`A duration must be a non-negative number of milliseconds; got ${String(duration)}.`);
    }
    return duration;
  }
  const text = String(duration).trim();
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy)];
  if (text === '' || parts.map((part) => part[0]).join('') !== text) {
    throw new RangeError(
      `Unreadable duration "${text}": use milliseconds or forms such as '500ms', '30s', '61m', '1h30m', '1d'.`,
    );
  }
  const total = parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * (UNIT_MS[unit ?? 'ms'] ?? 1), 0);
  // Digits enough overflow to Infinity, which no clock can move by.
  if (!Number.isFinite(total)) throw new RangeError(`The duration "${text.slice(0, 40)}" is too long to be a time.`);
  return total;
}
