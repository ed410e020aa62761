/**
 * The store's one source of time. Every time the engine reads (record stamps, cursor issue and expiry) comes from
 * the {@link EngineClock} the store was built with, so a test can move time by handing in its own clock (pinned
 * by "age by the engine clock" in packages/emulator/test/engine/items-query.test.ts and "stamps every record with the clock
 * it was given" in packages/emulator/test/engine/store.test.ts).
 */

import type { EmulatorClock } from '../../contract.js';

/**
 * Where the engine reads the time: milliseconds since the epoch, as `Date.now()` counts them. The server dates the
 * version calendar by the same object (`GraphQLEngine.clock`).
 */
export type EngineClock = EmulatorClock;

/** The real time. */
export const SYSTEM_CLOCK: EngineClock = { now: () => Date.now() };

/** What a family store needs to make a record: a fresh id (unique across the store) and the current time. */
export interface Stamper {
  /** A new numeric id string, never used before in this store. */
  newId(): string;
  /** The store clock's current time as an ISO 8601 string. */
  now(): string;
}
