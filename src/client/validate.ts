/**
 * Small checks shared by option validation. Each throws a {@link PlatformConfigError} naming the
 * option and saying what to fix; none ever echoes the token.
 */
import { RESERVED_HEADERS } from './constants.js';
import { PlatformConfigError } from './errors/errors.js';
import { isObject } from './object-reads.js';
import type { HeadersInput } from './types.js';

/** Throws a configuration error with `message`. */
export function fail(message: string): never {
  throw new PlatformConfigError(`PlatformClient: ${message}`);
}

/**
 * Refuses option `name`: "\`name\` must be `what`; got `shown`", where `shown` defaults to the value's type, so a
 * message never echoes a value (the token) unless its caller chose to.
 */
export function refuse(name: string, what: string, value: unknown, shown: unknown = describe(value)): never {
  fail(`\`${name}\` must be ${what}; got ${shown}.`);
}

/** A short, safe description of a value's type for messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Bounds of a number option: [min, max, whole numbers only, the value when unset]. */
export type NumberBounds = readonly [min: number, max: number, integer?: boolean, unset?: number];

/**
 * How one option is checked: a number by its bounds, or a function given the value and the option's
 * name that throws on a bad value and returns the value to use.
 */
export type OptionCheck = NumberBounds | ((value: unknown, name: string) => unknown);

/** Checks an optional number lies in [min, max] (and is an integer when asked); unset, it is `unset`. */
export function checkNumber(
  value: unknown,
  name: string,
  [min, max, integer, unset]: NumberBounds,
): number | undefined {
  if (value === undefined) return unset;
  // Number.isFinite is false for anything but a finite number.
  if (!Number.isFinite(value)) {
    refuse(name, 'a finite number', value, typeof value === 'number' ? `number ${value}` : undefined);
  }
  if (integer && !Number.isInteger(value)) refuse(name, 'a whole number', value, value);
  if ((value as number) < min || (value as number) > max) refuse(name, `between ${min} and ${max}`, value, value);
  return value as number;
}

/**
 * Checks an object of options against its table: `value` must be an object (else "`name` must be an object`detail`",
 * by default " of {where}s or false", or "{where}s must be ..." for a top-level one), hold no key outside `checks` (each a "`where`"), and pass each key's
 * check in table order, named `name.key` (or `key`). Returns what each check returned, by key. One routine for the
 * client's, a call's, `retry`, `throttle`, `hooks` and `getSchema` options, so each is a table, not code.
 */
export function checkOptions<T = Record<string, unknown>>(
  value: unknown,
  checks: Readonly<Record<string, OptionCheck>>,
  where: string,
  name?: string,
  detail = name ? ` of ${where}s or false` : '',
): T {
  if (!isObject(value))
    fail(`${name ? `\`${name}\`` : `${where}s`} must be an object${detail}; got ${describe(value)}.`);
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(checks, key))
      fail(`unknown ${where} '${key}'. Known ${where}s: ${Object.keys(checks).join(', ')}.`);
  }
  const checked: Record<string, unknown> = {};
  for (const key in checks) {
    const check = checks[key] as OptionCheck;
    const option = name ? `${name}.${key}` : key;
    checked[key] = typeof check === 'function' ? check(value[key], option) : checkNumber(value[key], option, check);
  }
  return checked as T;
}

/** Checks an optional AbortSignal. */
export function checkSignal(value: unknown, name: string): AbortSignal | undefined {
  if (value === undefined) return undefined;
  const candidate = value as Partial<AbortSignal> | null;
  if (typeof candidate?.aborted !== 'boolean' || !candidate.addEventListener) refuse(name, 'an AbortSignal', value);
  return value as AbortSignal;
}

/** Normalises headers input to a record with lower-case names, rejecting the ones the client owns. */
export function checkHeaders(value: unknown, name: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) {
    refuse(name, 'a Headers, an array of [name, value] pairs or a record', value);
  }
  let headers: Headers;
  try {
    headers = new Headers(value as HeadersInput);
  } catch {
    fail(
      `\`${name}\` holds an invalid header: pairs must be [name, value]; names are tokens; values have no line breaks.`,
    );
  }
  for (const key in RESERVED_HEADERS) {
    if (headers.has(key)) fail(`\`${name}\` must not set '${key}': ${RESERVED_HEADERS[key]}.`);
  }
  return Object.fromEntries(headers);
}
