/**
 * A doc's version history (2026-04): `doc_version_history` and `doc_version_diff` (part of the docs family; docs.ts
 * spreads {@link docHistoryQueries} into its Query resolvers), both boards:read like the other doc reads. Built from
 * the docs store's journal of changes (../store/docs.ts).
 *
 * Rule map (the docs reference, https://developer.monday.com/api-reference/reference/docs#version-history):
 * - `doc_id` is the doc's object id (the id in its URL); its plain id is accepted too. A doc not in the caller's
 *   account is RESOURCE_NOT_FOUND.
 * - Restoring points group the doc's changes into 5-minute intervals: one point per interval with changes, dated by
 *   its last change, naming the users who changed the doc in it; newest first (the docs do not give the order).
 *   `type` is null (the emulator has no publish events) and `agent_attributions` empty (no agents make changes).
 *   `since`/`until` keep the points dated inside them; a bound that is not ISO 8601 is INVALID_ARGUMENT.
 * - A diff compares the doc at `prev_date` with the doc at `date` (each: every change up to that time): the blocks
 *   added, deleted or changed (type, content or parent), the newer state's in the order they were made, then the
 *   deleted ones; `content` is the block's content as JSON text (the older one for a deleted block), `user_id` who changed it
 *   last in between, `agent_id` null. `summary`, a human-readable sentence the platform writes, is NOT_MODELLED.
 */
import type { EngineContext } from '../context.js';
import { requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { DocBlockState, DocChangeRecord, DocRecord } from '../store/docs.js';
import type { FamilyResolvers } from './types.js';

/** How long one restoring point spans. */
const INTERVAL_MS = 5 * 60 * 1000;

function historyDoc(context: EngineContext, id: string): DocRecord {
  requireScope(context, 'boards:read');
  const mine = (doc: DocRecord | undefined) =>
    doc && doc.accountId === context.accountId && !doc.deleted ? doc : undefined;
  const doc =
    mine(context.store.docs.all().find((candidate) => candidate.objectId === id)) ?? mine(context.store.docs.find(id));
  if (!doc) throw engineError(ENGINE_ERROR_CODES.notFound, `Doc ${id} was not found.`, { doc_id: id });
  return doc;
}

function time(value: string, argument: string): number {
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw invalidArgument(`${argument} must be an ISO 8601 time.`, { argument });
  return parsed;
}

/** The doc's blocks as they were at `at` (every change up to it), by block id, in the order they were made. */
function stateAt(changes: readonly DocChangeRecord[], at: number): Map<string, DocBlockState> {
  const blocks = new Map<string, DocBlockState>();
  for (const change of changes) {
    if (Date.parse(change.at) > at) continue;
    if (change.blockId === null) continue;
    if (change.state) blocks.set(change.blockId, change.state);
    else blocks.delete(change.blockId);
  }
  return blocks;
}

function same(a: DocBlockState, b: DocBlockState): boolean {
  return (
    a.type === b.type && a.parentBlockId === b.parentBlockId && JSON.stringify(a.content) === JSON.stringify(b.content)
  );
}

/** A block of a diff, as `DiffBlock` answers it (`summary` is NOT_MODELLED: see the rule map). */
function diffBlock(id: string, state: DocBlockState, change: 'added' | 'deleted' | 'changed', userId: string | null) {
  return {
    id,
    type: state.type,
    content: JSON.stringify(state.content),
    parent_block_id: state.parentBlockId,
    changes: { added: change === 'added', deleted: change === 'deleted', changed: change === 'changed' },
    user_id: userId,
    agent_id: null,
  };
}

/** The Query fields of a doc's version history, for docs.ts. */
export const docHistoryQueries: NonNullable<FamilyResolvers['Query']> = {
  doc_version_history: (_source, args, context) => {
    const doc = historyDoc(context, args.doc_id);
    const since = args.since == null ? Number.NEGATIVE_INFINITY : time(args.since, 'since');
    const until = args.until == null ? Number.POSITIVE_INFINITY : time(args.until, 'until');
    const points = new Map<number, { at: string; users: string[] }>();
    for (const change of context.store.docs.changesOf(doc.id)) {
      const bucket = Math.floor(Date.parse(change.at) / INTERVAL_MS);
      const point = points.get(bucket) ?? { at: change.at, users: [] };
      if (change.at > point.at) point.at = change.at;
      if (!point.users.includes(change.userId)) point.users.push(change.userId);
      points.set(bucket, point);
    }
    const restoring_points = [...points.values()]
      .filter((point) => Date.parse(point.at) >= since && Date.parse(point.at) <= until)
      .sort((a, b) => b.at.localeCompare(a.at))
      .map((point) => ({ date: point.at, user_ids: point.users, type: null, agent_attributions: [] }));
    return { doc_id: doc.objectId, restoring_points };
  },
  doc_version_diff: (_source, args, context) => {
    const doc = historyDoc(context, args.doc_id);
    const newer = time(args.date, 'date');
    const older = time(args.prev_date, 'prev_date');
    const changes = context.store.docs.changesOf(doc.id);
    const before = stateAt(changes, older);
    const after = stateAt(changes, newer);
    const lastUser = new Map<string, string>();
    for (const change of changes) {
      const at = Date.parse(change.at);
      if (change.blockId !== null && at > older && at <= newer) lastUser.set(change.blockId, change.userId);
    }
    const blocks = [];
    for (const [id, state] of after) {
      const previous = before.get(id);
      if (!previous) blocks.push(diffBlock(id, state, 'added', lastUser.get(id) ?? null));
      else if (!same(previous, state)) blocks.push(diffBlock(id, state, 'changed', lastUser.get(id) ?? null));
    }
    for (const [id, state] of before) {
      if (!after.has(id)) blocks.push(diffBlock(id, state, 'deleted', lastUser.get(id) ?? null));
    }
    return { doc_id: doc.objectId, date: args.date, prev_date: args.prev_date, blocks };
  },
};

/** The DiffBlock fields the store cannot answer, for docs.ts. */
export const diffBlockFields: NonNullable<FamilyResolvers['DiffBlock']> = {
  summary: () => {
    throw notModelledError('DiffBlock', 'summary');
  },
};
