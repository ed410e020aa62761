/**
 * What a column builder returns, and the checks builders share. A builder never throws: it records the value in
 * the platform's format, or why the input cannot be sent; {@link columnValues} throws, naming the column, before
 * anything is sent (pinned by test/unit/columns-builders.test.ts).
 */
import type { WritableColumnKind } from './kinds.js';

/** A value for one column, made by a builder of `column` (`column.status({ label: 'Done' })`). */
export interface ColumnValueBuilder<K extends WritableColumnKind | 'clear' = WritableColumnKind | 'clear'> {
  /** The column kind the value is for; `clear` empties a column of any kind. */
  readonly kind: K;
  /** The value in the platform's JSON format for this kind (`null` clears). */
  readonly json: unknown;
  /** Why the input cannot be sent, when it cannot; {@link columnValues} throws it. */
  readonly problem?: string;
}

/** A builder result holding `json`. */
export function built<K extends WritableColumnKind | 'clear'>(kind: K, json: unknown): ColumnValueBuilder<K> {
  return { kind, json };
}

/** A builder result that cannot be sent, and why. */
export function refused<K extends WritableColumnKind>(kind: K, problem: string): ColumnValueBuilder<K> {
  return { kind, json: undefined, problem };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Why `date` is not a calendar date `YYYY-MM-DD`, or undefined when it is one. */
export function dateProblem(date: unknown, what = 'date'): string | undefined {
  const match = typeof date === 'string' ? DATE.exec(date) : null;
  if (!match) return `${what} must be "YYYY-MM-DD", got ${JSON.stringify(date)}`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const real = new Date(Date.UTC(year, month - 1, day));
  if (real.getUTCFullYear() !== year || real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) {
    return `${what} ${JSON.stringify(date)} is not a calendar date`;
  }
  return undefined;
}

/** Why `time` is not `HH:MM[:SS]` on a 24-hour clock, or undefined. */
export function timeProblem(time: unknown): string | undefined {
  const match = typeof time === 'string' ? TIME.exec(time) : null;
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59) {
    return `time must be "HH:MM:SS" (24-hour), got ${JSON.stringify(time)}`;
  }
  return undefined;
}

/** Why `id` is not a positive whole-number id (a number or numeric string), or undefined. */
export function idProblem(id: unknown, what: string): string | undefined {
  const number = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) {
    return `${what} must be a positive whole-number id, got ${JSON.stringify(id)}`;
  }
  return undefined;
}

/** The first problem among `ids` (each a positive id), or undefined. */
export function idsProblem(ids: unknown, what: string): string | undefined {
  if (!Array.isArray(ids)) return `${what} must be a list of ids`;
  for (const id of ids) {
    const problem = idProblem(id, what);
    if (problem) return problem;
  }
  return undefined;
}
