/**
 * Saving an emulator's whole state to a file: the seed it started from and the journal of what happened since
 * (./replaceable-engine.ts), written so a crash never leaves half a file (to a temporary file beside it, then renamed
 * over it). Pinned by packages/emulator/test/state/state-file.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { ReplaceableEngine } from './replaceable-engine.js';
import {
  formatStateFile,
  type SavedStateFile,
  type SnapshotReader,
  STATE_FILE_FORMAT,
  STATE_FILE_VERSION,
} from './state-file.js';

/** The state of `engine` at `now`, for a state file. */
export function stateOf(engine: ReplaceableEngine, now: number, reader?: SnapshotReader): SavedStateFile {
  return {
    format: STATE_FILE_FORMAT,
    formatVersion: STATE_FILE_VERSION,
    kind: 'state',
    writtenAt: new Date().toISOString(),
    seed: engine.seed,
    journal: engine.savedJournal(),
    clock: now,
    ...(reader ? { reader } : {}),
  };
}

/**
 * Writes `text` to `file` whole or not at all.
 * @throws {@link Error} (as a rejection) the file system's error when the file cannot be written; the file is untouched.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes `engine`'s state to `file`. */
export async function saveState(
  engine: ReplaceableEngine,
  file: string,
  now: number,
  reader?: SnapshotReader,
): Promise<void> {
  await writeFileAtomically(file, formatStateFile(stateOf(engine, now, reader)));
}
