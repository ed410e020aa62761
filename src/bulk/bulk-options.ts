/**
 * Checks shared by the options of the bulk operations. Each throws a {@link PlatformConfigError} naming the option
 * and what to give instead, before anything is sent; none echoes a value it was not asked to show.
 */
import { PlatformConfigError } from '../index.js';

/** A board or item id as the API takes it: a positive whole number, or its decimal text. */
export function checkId(value: unknown, name: string): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text === 'string' && /^[1-9]\d{0,19}$/.test(text)) return text;
  throw new PlatformConfigError(`\`${name}\` must be a positive whole-number id (a number or its digits).`);
}

/** A whole number within [min, max], or `fallback` when undefined. */
export function checkWhole(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw new PlatformConfigError(`\`${name}\` must be a whole number from ${min} to ${max}.`);
}

/** An `AbortSignal`, or undefined. */
export function checkSignal(value: unknown, name = 'signal'): AbortSignal | undefined {
  if (value === undefined || value instanceof AbortSignal) return value;
  throw new PlatformConfigError(`\`${name}\` must be an AbortSignal.`);
}

/** A function, or undefined. */
export function checkFunction<T>(value: T | undefined, name: string): T | undefined {
  if (value === undefined || typeof value === 'function') return value;
  throw new PlatformConfigError(`\`${name}\` must be a function.`);
}

/** Refuses options the operation does not know (a misspelling would otherwise be ignored). */
export function checkKnown(options: object, known: readonly string[], what: string): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new PlatformConfigError(`${what} has no option \`${key}\` (it takes ${known.join(', ')}).`);
    }
  }
}

/** A new random id for a job: a UUID v4 from Web Crypto. */
export function randomJobId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
