/**
 * The options of `createTestEmulator`, checked once, before anything starts; every mistake is an
 * {@link EmulatorSettingsError} naming the key and what to give instead. Rule map:
 * - the options: an object, or nothing;
 * - `seed`: a seed of `createSeed()`, or seed data checked as `startEmulator` checks it (its families, each a list
 *   of records), which must be plain data the kit can copy;
 * - `startTime`: a valid `Date` or a finite number of milliseconds;
 * - `port` and `now`: the kit's own (an ephemeral port, the test clock), refused with what to use instead;
 * - `tokens`: not empty, as `token` is the first of them;
 * - `snapshot` (a state file): not with `seed`, as the file holds the data to start from;
 * - every other option: as `startEmulator` checks it; an unknown key is refused with the nearest key the kit takes
 *   ("did you mean"), or the list of the keys it takes (`startTime` among them, not `port` or `now`).
 * Pinned by test/testing/test-emulator.test.ts ("refuses bad options").
 */
import type { SeedData } from '../engine/index.js';
import type { EmulatorOptions } from '../index.js';
import { EMULATOR_OPTIONS_SHAPE } from '../settings/emulator-settings.js';
import { checkShape, describe, type ObjectShape } from '../settings/shape.js';
import { EmulatorSettingsError } from '../settings-error.js';
import type { TestSeed } from './seed.js';

const LABEL = 'createTestEmulator option';

/** The options the kit takes: `startEmulator`'s but its own port and clock, and `startTime` (checked on its own). */
const TEST_EMULATOR_OPTIONS_SHAPE: ObjectShape = {
  type: 'object',
  fields: Object.fromEntries([
    ...Object.entries(EMULATOR_OPTIONS_SHAPE.fields ?? {}).filter(([key]) => key !== 'port' && key !== 'now'),
    ['startTime', { type: 'any' }],
  ]),
};

/** What {@link checkTestEmulatorOptions} hands on: the seed data (a copy), the start time and the other options. */
export interface CheckedTestEmulatorOptions {
  seedData: SeedData | undefined;
  startTime: Date | number | undefined;
  rest: Omit<EmulatorOptions, 'seed' | 'now' | 'port'>;
}

/**
 * Checks the options of `createTestEmulator` and copies the seed data.
 * @throws {@link EmulatorSettingsError} naming the first key that is unknown, of the wrong type, or impossible.
 */
export function checkTestEmulatorOptions(options: unknown): CheckedTestEmulatorOptions {
  if (options === undefined) return { seedData: undefined, startTime: undefined, rest: {} };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new EmulatorSettingsError(
      '',
      `createTestEmulator takes an object of options or nothing; got ${kind(options)}.`,
    );
  }
  const { seed, startTime, ...rest } = options as Record<string, unknown>;
  if ('port' in rest) {
    throw new EmulatorSettingsError(
      'port',
      `${LABEL} port is not taken: a test emulator listens on an ephemeral port; read it from \`port\` or \`baseUrl\`.`,
    );
  }
  if ('now' in rest) {
    throw new EmulatorSettingsError(
      'now',
      `${LABEL} now is not taken: a test emulator runs on its own clock; set \`startTime\` and move \`clock\`.`,
    );
  }
  if (Array.isArray(rest.tokens) && rest.tokens.length === 0) {
    throw new EmulatorSettingsError(
      'tokens',
      `${LABEL} tokens must not be empty: \`token\` is the first of them; leave the option out for the demo tokens.`,
    );
  }
  if (seed !== undefined && rest.snapshot !== undefined) {
    throw new EmulatorSettingsError(
      'snapshot',
      `${LABEL} snapshot and seed cannot both be given: the file holds the data to start from (add sampleData: true to serve the sample data beside it).`,
    );
  }
  checkStartTime(startTime);
  const seedData = seedDataOf(seed);
  checkShape(
    {
      ...rest,
      ...(seedData === undefined ? {} : { seed: seedData }),
      ...(startTime === undefined ? {} : { startTime }),
    },
    TEST_EMULATOR_OPTIONS_SHAPE,
    LABEL,
    '',
  );
  return {
    seedData: seedData === undefined ? undefined : copy(seedData),
    startTime: startTime as Date | number | undefined,
    rest: rest as CheckedTestEmulatorOptions['rest'],
  };
}

function checkStartTime(startTime: unknown): void {
  if (startTime === undefined) return;
  const ms = startTime instanceof Date ? startTime.getTime() : startTime;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new EmulatorSettingsError(
      'startTime',
      `${LABEL} startTime must be a valid Date or a finite number of milliseconds since the epoch; got ${kind(startTime)}.`,
    );
  }
}

/** The seed's data: a `TestSeed`'s, or the data as given (checked with the other options). */
function seedDataOf(seed: unknown): SeedData | undefined {
  if (seed === undefined) return undefined;
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed)) {
    throw new EmulatorSettingsError(
      'seed',
      `${LABEL} seed must be a seed from createSeed() or seed data (an object); got ${kind(seed)}.`,
    );
  }
  const builder = seed as Partial<TestSeed>;
  return typeof builder.data === 'function' ? builder.data() : (seed as SeedData);
}

function copy(seedData: SeedData): SeedData {
  try {
    return structuredClone(seedData);
  } catch {
    throw new EmulatorSettingsError(
      'seed',
      `${LABEL} seed must be plain data (objects, arrays, strings, numbers, booleans, null); it holds something that cannot be copied, such as a function.`,
    );
  }
}

/** The value as a refusal shows it (the settings' own wording); a Date that reached a refusal is an invalid one. */
function kind(value: unknown): string {
  return value instanceof Date ? 'an invalid Date' : describe(value);
}
