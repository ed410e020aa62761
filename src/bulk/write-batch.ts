/**
 * One request of `writeItems`: a batch of creates and column changes written as aliased mutations of one document
 * (`i0: create_item(...)`, `i1: change_multiple_column_values(...)`), its variables, and what its answer says about
 * each item. The platform runs the mutations of a request one after another and answers each alias on its own, so
 * an item the platform refuses fails alone: its alias is `null` and an entry of `errors` names it by `path`
 * (checked against the emulator in test/e2e/bulk-write-items.test.ts, "a refused item fails alone").
 *
 * The values travel as variables, so every full batch of creates is one document text: the client's throttle learns
 * the cost of that text from the first answer and paces the next batches by it.
 */
import {
  GraphQLResponseError,
  HttpError,
  IdempotencyConflictError,
  NetworkError,
  type PlatformError,
  RedirectError,
} from '../index.js';

/** One write of a batch: a create or a column change, with its place in the caller's list. */
export interface BatchEntry {
  kind: 'create' | 'update';
  /** Its index in `creates` or `updates`. */
  index: number;
  /** `create`: the item's name. */
  name?: string;
  /** `create`: the group, or null for the board's top group. */
  groupId?: string | null;
  /** `update`: the item. */
  itemId?: string;
  /** The `column_values` JSON text (null: none, for a create). */
  values: string | null;
}

/** What became of one write of a batch. */
export type EntryResult =
  | { status: 'written'; itemId: string }
  | { status: 'failed'; error: PlatformError }
  | { status: 'unknown'; error: PlatformError };

/** The document of a batch whose writes are `entries`, in order. */
export function batchDocument(entries: readonly BatchEntry[], createLabelsIfMissing: boolean): string {
  const declarations = ['$board: ID!'];
  const fields: string[] = [];
  const labels = createLabelsIfMissing ? ', create_labels_if_missing: true' : '';
  entries.forEach((entry, slot) => {
    if (entry.kind === 'create') {
      declarations.push(`$n${slot}: String!`, `$g${slot}: String`, `$v${slot}: JSON`);
      fields.push(
        `i${slot}: create_item(board_id: $board, item_name: $n${slot}, group_id: $g${slot}, column_values: $v${slot}${labels}) { id }`,
      );
    } else {
      declarations.push(`$t${slot}: ID!`, `$v${slot}: JSON!`);
      fields.push(
        `i${slot}: change_multiple_column_values(board_id: $board, item_id: $t${slot}, column_values: $v${slot}${labels}) { id }`,
      );
    }
  });
  return `mutation WriteItems(${declarations.join(', ')}) { ${fields.join(' ')} }`;
}

/** The variables of a batch. */
export function batchVariables(boardId: string, entries: readonly BatchEntry[]): Record<string, unknown> {
  const variables: Record<string, unknown> = { board: boardId };
  entries.forEach((entry, slot) => {
    if (entry.kind === 'create') {
      variables[`n${slot}`] = entry.name;
      variables[`g${slot}`] = entry.groupId ?? null;
    } else variables[`t${slot}`] = entry.itemId;
    variables[`v${slot}`] = entry.values;
  });
  return variables;
}

/** The item id in an alias's answer, when it holds one. */
function itemIdOf(data: unknown, slot: number): string | undefined {
  const answer = (data as Record<string, { id?: unknown } | null | undefined> | undefined)?.[`i${slot}`];
  const id = answer?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The results of a batch that was answered: `data` from a success, or the partial data of a GraphQL error. */
export function answeredResults(count: number, data: unknown, failure?: GraphQLResponseError): EntryResult[] {
  return Array.from({ length: count }, (_, slot): EntryResult => {
    const itemId = itemIdOf(data, slot);
    if (itemId !== undefined) return { status: 'written', itemId };
    const own = failure?.errors.find((entry) => entry.path?.[0] === `i${slot}`);
    if (!failure || !own) {
      // An alias without an answer and without its own error: the request's error is the reason.
      return {
        status: 'failed',
        error: failure ?? new GraphQLResponseError('No answer for this item', { errors: [] }),
      };
    }
    const error = new GraphQLResponseError(own.message, {
      errors: [own],
      status: failure.status,
      rateLimit: failure.rateLimit,
      operationName: failure.operationName,
      idempotencyKey: failure.idempotencyKey,
      requestId: failure.requestId,
    });
    return { status: 'failed', error };
  });
}

/**
 * True when a request that failed with `error` may still have been applied: no answer came (a network failure, a
 * timeout, an abort while it was out), the answer was lost (a server error, a body too large to read), or another
 * request with its key was still running. Sending it again with the same key settles it without applying it twice.
 */
export function mayHaveApplied(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof IdempotencyConflictError) return true;
  if (error instanceof RedirectError) return false;
  if (error instanceof HttpError) return error.name === 'ResponseTooLargeError' || (error.status ?? 0) >= 500;
  return false;
}
