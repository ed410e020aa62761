/**
 * The emulator's state file: one JSON document that holds the data an emulator starts from, written by
 * `emulator.saveState(file)`, `--export-on-exit <file>` and the `snapshot` command, and read by `--snapshot <file>` and
 * the `snapshot` option. Rule map:
 * - the document names its format and format version (`format`, `formatVersion`); a file of another format, or of a
 *   format version this emulator does not read, is refused whole with a message that says which, before anything
 *   starts, never half-loaded ({@link parseStateFile});
 * - `kind: 'snapshot'` holds boards read from a real account (its `seed`, and the `reader` whose token read them);
 *   `kind: 'state'` holds an emulator's whole state: the seed it started from and the journal of what its mutations and
 *   bulk jobs did since, replayed on load so ids, records, webhooks, jobs and the clock come back as they were;
 * - every part is checked before use: the seed's families as `startEmulator`'s `seed` option is checked, the journal's
 *   moments as the engine replays them;
 * - values JSON has no form for (uploaded bytes, maps) are written as ./json-codec.ts says;
 * - no token or secret is ever written: a journaled request holds the grant its token resolved to, never the token.
 * Pinned by packages/emulator/test/state/state-file.test.ts.
 */
import type { SeedData } from '../engine/index.js';
import { checkSeed } from '../settings/emulator-settings.js';
import { EmulatorSettingsError } from '../settings-error.js';
import { decodeStateJson, encodeStateJson } from './json-codec.js';
import type { SavedJournal } from './replaceable-engine.js';

/** The `format` of every state file. */
export const STATE_FILE_FORMAT = 'workspace-platform-emulator/state';
/** The format version this emulator writes, and the only one it reads. */
export const STATE_FILE_VERSION = 1;

/** Who read the boards of a snapshot: the account and user the token acted as. */
export interface SnapshotReader {
  accountId: number;
  userId: number;
}

/** Where a snapshot was read from (never the token). */
export interface SnapshotSource {
  /** The API's base URL, without credentials, query or fragment. */
  baseUrl: string;
  /** The boards asked for. */
  boards: string[];
  /** The API version the boards were read at. */
  apiVersion: string;
  /** Whether items were left out (`--structure-only`). */
  structureOnly: boolean;
  /** Whether people's names and emails were kept (`--keep-personal-data`) or replaced by placeholders. */
  personalData: 'kept' | 'placeholders';
}

/** The parts both kinds share. */
interface StateFileBase {
  format: typeof STATE_FILE_FORMAT;
  formatVersion: typeof STATE_FILE_VERSION;
  /** When it was written (ISO 8601). */
  writtenAt: string;
  /** The data to start from. */
  seed: SeedData;
}

/** A snapshot of real boards. */
export interface SnapshotFile extends StateFileBase {
  kind: 'snapshot';
  reader: SnapshotReader;
  source: SnapshotSource;
}

/** An emulator's whole state. */
export interface SavedStateFile extends StateFileBase {
  kind: 'state';
  /** The journal replayed on the seed. */
  journal: SavedJournal;
  /** The emulator's clock when it was saved, in milliseconds. */
  clock: number;
  /** The reader of the snapshot it was loaded from, if any (so the demo tokens keep acting as that user). */
  reader?: SnapshotReader;
}

/** What a state file holds. */
export type StateFile = SnapshotFile | SavedStateFile;

/** A state file that cannot be read or used; `message` says which file and why. Nothing was loaded. */
export class EmulatorStateFileError extends Error {
  override name = 'EmulatorStateFileError' as const;
  /** The file at fault, as it was named. */
  readonly file: string;
  constructor(file: string, reason: string, options?: ErrorOptions) {
    super(`the state file ${file} ${reason}`, options);
    this.file = file;
  }
}

/** The text of a state file. */
export function formatStateFile(state: StateFile): string {
  return `${encodeStateJson(state)}\n`;
}

/**
 * Reads the text of a state file and checks it whole.
 * @throws {@link EmulatorStateFileError} for text that is not JSON, a file of another format or format version, or a part
 * that is missing or malformed.
 */
export function parseStateFile(text: string, file: string): StateFile {
  let value: unknown;
  try {
    value = decodeStateJson(text);
  } catch (error) {
    throw new EmulatorStateFileError(file, `is not a state file: ${(error as Error).message}`, { cause: error });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new EmulatorStateFileError(file, 'is not a state file: it does not hold a JSON object.');
  const record = value as Record<string, unknown>;
  if (record.format !== STATE_FILE_FORMAT)
    throw new EmulatorStateFileError(
      file,
      `is not a state file of this emulator (its "format" is ${describe(record.format)}, expected "${STATE_FILE_FORMAT}").`,
    );
  if (record.formatVersion !== STATE_FILE_VERSION) {
    const newer = typeof record.formatVersion === 'number' && record.formatVersion > STATE_FILE_VERSION;
    throw new EmulatorStateFileError(
      file,
      `has format version ${describe(record.formatVersion)}; this emulator reads version ${STATE_FILE_VERSION} only${
        newer ? ' (the file was written by a newer emulator: upgrade workspace-platform-emulator)' : ''
      }.`,
    );
  }
  if (typeof record.writtenAt !== 'string') throw new EmulatorStateFileError(file, 'has no "writtenAt" date.');
  try {
    checkSeed(record.seed, 'State file');
  } catch (error) {
    if (error instanceof EmulatorSettingsError)
      throw new EmulatorStateFileError(file, `has a malformed seed: ${error.message}`, { cause: error });
    throw error;
  }
  if (record.kind === 'snapshot') {
    if (!isReader(record.reader)) throw new EmulatorStateFileError(file, 'has no valid "reader".');
    if (record.source === null || typeof record.source !== 'object')
      throw new EmulatorStateFileError(file, 'has no "source".');
    return record as unknown as SnapshotFile;
  }
  if (record.kind === 'state') {
    if (!isJournal(record.journal)) throw new EmulatorStateFileError(file, 'has a malformed "journal".');
    if (typeof record.clock !== 'number' || !Number.isFinite(record.clock))
      throw new EmulatorStateFileError(file, 'has no valid "clock".');
    if (record.reader !== undefined && !isReader(record.reader))
      throw new EmulatorStateFileError(file, 'has an invalid "reader".');
    return record as unknown as SavedStateFile;
  }
  throw new EmulatorStateFileError(
    file,
    `has an unknown "kind" ${describe(record.kind)} (expected "snapshot" or "state").`,
  );
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isReader(value: unknown): value is SnapshotReader {
  const reader = value as SnapshotReader | null | undefined;
  return Number.isSafeInteger(reader?.accountId) && Number.isSafeInteger(reader?.userId);
}

function isJournal(value: unknown): value is SavedJournal {
  const journal = value as SavedJournal | null | undefined;
  if (!journal || !Array.isArray(journal.operations) || !Array.isArray(journal.events)) return false;
  const operations = journal.operations.length;
  const operationsOk = journal.operations.every(
    (operation) =>
      operation !== null &&
      typeof operation === 'object' &&
      typeof operation.request?.query === 'string' &&
      typeof operation.request?.version === 'string' &&
      typeof operation.request?.grant === 'object',
  );
  const eventsOk = journal.events.every((event) => {
    if (event === null || typeof event !== 'object' || typeof event.at !== 'number') return false;
    if (event.kind === 'bulk') return typeof event.event === 'object' && event.event !== null;
    if (event.kind !== 'start' && event.kind !== 'challenge') return false;
    return Number.isSafeInteger(event.operation) && event.operation >= 0 && event.operation < operations;
  });
  return operationsOk && eventsOk;
}
