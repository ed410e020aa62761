/** The check that a client's call really returned the bench server's boards, so no client is timed doing nothing. */
import type { BoardsCall } from './clients/types.js';
import { BOARD_COUNT } from './fixture.js';

/** Finds the boards list in a client's result (`{ boards }`, `{ data: { boards } }`, ...). */
function findBoards(value: unknown, depth = 0): unknown[] | undefined {
  if (value === null || typeof value !== 'object' || depth > 3) return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.boards)) return record.boards;
  return findBoards(record.data, depth + 1);
}

/** Makes one call and fails unless it returned the server's boards. */
export async function verifyCall(name: string, call: BoardsCall): Promise<void> {
  const boards = findBoards(await call());
  if (boards?.length !== BOARD_COUNT) throw new Error(`${name} did not return the ${BOARD_COUNT} boards`);
}
