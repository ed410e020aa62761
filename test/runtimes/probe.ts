/**
 * What every runtime test runs, bundled with esbuild from `src/index.ts` into one plain ESM file: a
 * `boards` call, a `createItem` and its replay with the same Idempotency-Key, and a call aborted while
 * the emulator holds it. It reports what it saw as plain JSON for the test to check.
 */
import { NetworkError, PlatformClient } from '../../src/index.js';

/** What one run saw. */
export interface ProbeReport {
  /** `navigator.userAgent` of the runtime, when it has one. */
  userAgent?: string;
  /** Names of the boards `client.boards` returned. */
  boards: string[];
  /** `minuteRate.remaining` after the boards call. */
  minuteRemaining?: number;
  createdId?: string;
  idempotencyKey?: string;
  replayed: boolean;
  replayId?: string;
  /** How the aborted call ended: `NetworkError aborted` when it rejected as it should. */
  abort: string;
  /** Milliseconds from the abort to the rejection. */
  abortMs: number;
}

/** Runs the scenario against an emulator at `baseUrl`; the created item is named `itemName`. */
export async function probe(baseUrl: string, token: string, itemName: string): Promise<ProbeReport> {
  const client = new PlatformClient({ token, baseUrl });
  const boards = await client.boards({ limit: 5 });
  const made = await client.createItem({ board_id: '3001', item_name: itemName });
  const replay = await client.createItem(
    { board_id: '3001', item_name: itemName },
    { idempotencyKey: made.idempotencyKey },
  );
  // The emulator holds this (fourth) request for seconds; the abort must end it at once.
  const controller = new AbortController();
  const pending = client.boards({ limit: 1 }, { signal: controller.signal });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const abortedAt = Date.now();
  controller.abort();
  const abort = await pending.then(
    () => 'resolved',
    (error: unknown) =>
      error instanceof NetworkError ? `${error.name}${error.aborted ? ' aborted' : ''}` : `other: ${String(error)}`,
  );
  return {
    userAgent: typeof navigator === 'object' ? navigator.userAgent : undefined,
    boards: (boards.data.boards ?? []).map((board) => board?.name ?? ''),
    minuteRemaining: boards.rateLimit.policies.minuteRate?.remaining,
    createdId: made.data.create_item?.id,
    idempotencyKey: made.idempotencyKey,
    replayed: replay.replayed,
    replayId: replay.data.create_item?.id,
    abort,
    abortMs: Date.now() - abortedAt,
  };
}
