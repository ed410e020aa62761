/**
 * Before a write or a filtered listing, what it uses (keys, labels) compared with the board as the server has it
 * now, so a column removed or retyped, or a label renamed or removed after the types were generated, fails with a
 * {@link BoardDriftError} before anything is written, rather than as a `ColumnValueException` or a wrong write.
 *
 * The structure is read once per client and board and kept {@link LIVE_STRUCTURE_TTL_MS}: one light query per minute
 * at most, whatever the number of writes.
 */
import type { PlatformClient } from '../index.js';
import type { BoardDefinition } from './definition.js';
import { BoardDriftError } from './errors.js';
import { type BoardStructure, readBoardStructure } from './structure.js';

/** How long a board's structure read from the server is trusted, in milliseconds. */
export const LIVE_STRUCTURE_TTL_MS = 60_000;

const read = new WeakMap<PlatformClient, Map<string, { at: number; structure: Promise<BoardStructure> }>>();

function structureOf(client: PlatformClient, boardId: string, signal: AbortSignal | undefined) {
  let boards = read.get(client);
  if (!boards) {
    boards = new Map();
    read.set(client, boards);
  }
  const kept = boards.get(boardId);
  if (kept && Date.now() - kept.at < LIVE_STRUCTURE_TTL_MS) return kept.structure;
  const structure = readBoardStructure(client, boardId, signal ? { signal } : {});
  const entry = { at: Date.now(), structure };
  boards.set(boardId, entry);
  structure.catch(() => boards.delete(boardId));
  return structure;
}

/** What a call uses of the board: column keys, with the labels it names. */
export type BoardUses = ReadonlyMap<string, readonly string[]>;

/** The keys and labels `values` (a write's or a filter's) use. */
export function usesOf(board: BoardDefinition, values: Readonly<Record<string, unknown>> | undefined): BoardUses {
  const uses = new Map<string, string[]>();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === undefined) continue;
    const kind = board.columns[key]?.kind;
    const labels =
      (kind === 'status' || kind === 'dropdown') && value !== null
        ? (Array.isArray(value) ? value : [value]).filter((label): label is string => typeof label === 'string')
        : [];
    uses.set(key, labels);
  }
  return uses;
}

/**
 * Checks what a call uses against the board as the server has it now.
 *
 * @throws {@link BoardDriftError} naming the board, the column and the label the server's board does not have.
 */
export async function checkAgainstServer(
  client: PlatformClient,
  board: BoardDefinition,
  uses: BoardUses,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (uses.size === 0) return;
  const live = await structureOf(client, board.id, signal);
  for (const [key, labels] of uses) {
    const generated = board.columns[key];
    if (!generated) continue;
    const where = { boardId: board.id, boardName: board.name, column: key, columnId: generated.id };
    const prefix = `Board "${board.name}" (${board.id}), column "${key}" (${generated.id})`;
    const now = live.columns.find((column) => column.id === generated.id);
    if (!now) {
      throw new BoardDriftError(`${prefix}: the board no longer has this column; regenerate the board's types.`, where);
    }
    if (now.kind !== generated.kind) {
      throw new BoardDriftError(
        `${prefix}: the column is now a ${now.kind} column, not ${generated.kind}; regenerate the board's types.`,
        where,
      );
    }
    for (const label of labels) {
      if (!(now.labels ?? []).some((known) => known.name === label)) {
        throw new BoardDriftError(
          `${prefix}: the board no longer has the label ${JSON.stringify(label)} (its labels now: ${(now.labels ?? []).map((known) => JSON.stringify(known.name)).join(', ')}); regenerate the board's types.`,
          { ...where, label },
        );
      }
    }
  }
}
