/**
 * Starting from a state file: reading it whole, the data to seed, the tokens that act as its reader, and the journal
 * replayed. Rule map:
 * - the file is read and checked whole before anything starts (./state-file.ts); a missing or unreadable file is an
 *   {@link EmulatorStateFileError} naming it;
 * - the seed is the file's; with `sampleData`, the sample data of `defaultSeed()` is served beside it, and an account,
 *   user, board or item id both hold is refused (two records under one id would answer as neither);
 * - without a `tokens` option the demo tokens keep their names but act as the file's reader, so the demo token reads
 *   the snapshot's boards as the user who took it (the other account's token stays the sample data's);
 * - a saved state's journal is replayed on the seed by the engine ({@link ReplaceableEngine.load}).
 * Pinned by packages/emulator/test/state/state-file.test.ts and packages/emulator/test/commands/snapshot-command.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { defaultSeed, type SeedData } from '../engine/index.js';
import { DEMO_OTHER_ACCOUNT_TOKEN, DEMO_TOKENS } from '../server/demo-tokens.js';
import type { EmulatorTokenConfig } from '../server/options.js';
import { EmulatorStateFileError, parseStateFile, type SnapshotReader, type StateFile } from './state-file.js';

/**
 * Reads and checks a state file.
 * @throws {@link EmulatorStateFileError} (as a rejection) for a file that is missing, unreadable, or not a state file this
 * emulator reads.
 */
export async function readStateFile(file: string): Promise<StateFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'does not exist.' : `cannot be read (${code ?? (error as Error).message}).`;
    throw new EmulatorStateFileError(file, reason, { cause: error });
  }
  return parseStateFile(text, file);
}

/**
 * The data to seed from `state`: its own, with the sample data beside it when `sampleData` is set.
 * @throws {@link EmulatorStateFileError} when the file and the sample data hold an account, user, board or item of one id.
 */
export function seedOfState(state: StateFile, file: string, sampleData: boolean): SeedData {
  if (!sampleData) return state.seed;
  const sample = defaultSeed();
  for (const family of ['accounts', 'users', 'boards', 'items'] as const) {
    const ids = new Set(sample[family].map((record) => String(record.id)));
    const clash = state.seed[family].find((record) => ids.has(String(record.id)));
    if (clash)
      throw new EmulatorStateFileError(
        file,
        `holds ${family.slice(0, -1)} ${String(clash.id)}, which the sample data holds too; start without sampleData.`,
      );
  }
  const merged: Record<string, unknown[]> = {};
  for (const [family, records] of Object.entries(sample)) merged[family] = [...(records as unknown[])];
  for (const [family, records] of Object.entries(state.seed)) {
    if (Array.isArray(records)) merged[family] = [...(merged[family] ?? []), ...records];
  }
  return merged as unknown as SeedData;
}

/** The reader of a state file, if it has one (a snapshot, or a state loaded from one). */
export function readerOf(state: StateFile): SnapshotReader | undefined {
  return state.reader;
}

/** The demo tokens, acting as `reader` (the other account's token stays the sample data's). */
export function readerTokens(reader: SnapshotReader): EmulatorTokenConfig[] {
  return DEMO_TOKENS.map((token) =>
    token.token === DEMO_OTHER_ACCOUNT_TOKEN ? token : { ...token, accountId: reader.accountId, userId: reader.userId },
  );
}
