/**
 * AI column configuration (2026-10 on): the eight `configure_*_ai_column` mutations and `remove_ai_from_column`,
 * as https://developer.monday.com/api-reference/reference/ai-column describes them. The AI configuration is a family
 * of its own (../store/ai-columns.ts), kept on the column record it configures. Pinned by
 * packages/emulator/test/engine/resolvers/ai-columns.test.ts.
 *
 * Rule map:
 * - boards:write (the docs' required scope), on the caller's board (RESOURCE_NOT_FOUND otherwise).
 * - Each block takes target columns of certain kinds and certain `source_type`s ({@link BLOCKS}); the errors carry
 *   the docs' codes: INVALID_COLUMN_ID, INVALID_COLUMN_TYPE, INVALID_SOURCE_TYPE, MISSING_SOURCE_COLUMN_ID,
 *   INVALID_SOURCE_COLUMN_ID, SELF_REFERENCING_COLUMN, MISSING_CUSTOM_INSTRUCTIONS, INSTRUCTIONS_TOO_LONG (over
 *   5000 characters), QUERY_TOO_LONG (over 3000), EMPTY_QUERY_FIELDS and INVALID_COLUMN_REFERENCE. The docs do not
 *   list which source column kinds a block refuses (UNSUPPORTED_SOURCE_COLUMN_TYPE), so every kind is taken.
 * - `ai_query` references columns as `{pulse.column_id}`, the item name as `{pulse.name}` and subitem columns as
 *   `{pulse.subitem.column_id}`; each must name a column that exists, and at least one must be present.
 * - A configure call replaces any configuration the column had; remove_ai_from_column takes it off and answers
 *   `success: true` (also when there was none: the docs say errors throw instead). `run_backfill` (default true)
 *   is recorded; the emulator never runs the block, so no item gets an AI value.
 * - No field of the schema reads the configuration back; tests read it on the column record (`column.ai`).
 */
import { GraphQLError } from 'graphql';
import { type EngineContext, requireScope } from '../context.js';
import { configureAi, removeAi } from '../store/ai-columns.js';
import type { AiColumnBlock, BoardRecord, ColumnKind, ColumnRecord } from '../store/records.js';
import type { AiColumnExtraSettingsInput, AiColumnSource } from './arguments.generated.js';
import { accountBoard, accountUsers, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The longest `ai_query`, in characters. */
export const MAX_AI_QUERY = 3000;
/** The longest `additional_instructions` or `custom_instructions`, in characters. */
export const MAX_AI_INSTRUCTIONS = 5000;

/** The target column kinds and source types of each block (sources null: the block reads `ai_query`). */
const BLOCKS: Readonly<
  Record<AiColumnBlock, { targets: readonly ColumnKind[]; sources: readonly AiColumnSource[] | null }>
> = {
  categorize: { targets: ['status', 'dropdown'], sources: ['item_name', 'thread', 'column', 'emails_and_activities'] },
  summarize: { targets: ['text', 'long_text'], sources: ['item_name', 'thread', 'column'] },
  translate: { targets: ['text', 'long_text'], sources: ['item_name', 'column'] },
  improve_text: { targets: ['text', 'long_text'], sources: ['item_name', 'column'] },
  extract: {
    targets: ['text', 'long_text', 'date', 'email', 'phone', 'link'],
    sources: ['item_name', 'thread', 'column'],
  },
  open_block: { targets: ['text', 'long_text', 'numbers', 'date', 'status', 'dropdown'], sources: null },
  write_me: { targets: ['text', 'long_text', 'doc'], sources: null },
  person_assignment: { targets: ['people'], sources: ['item_name', 'thread', 'column'] },
};

/** An error with one of the AI column page's codes. */
function aiError(code: string, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

function targetColumn(board: BoardRecord, columnId: string, block: AiColumnBlock): ColumnRecord {
  const column = board.columns.find((candidate) => candidate.id === columnId);
  if (!column)
    throw aiError('INVALID_COLUMN_ID', `Column "${columnId}" is not on board ${board.id}.`, { column_id: columnId });
  const allowed = BLOCKS[block].targets;
  if (!allowed.includes(column.type)) {
    throw aiError(
      'INVALID_COLUMN_TYPE',
      `Column "${column.id}" is of type "${column.type}", which is not supported as a target for ${block}. Allowed types: ${allowed.join(', ')}`,
      { column_id: column.id },
    );
  }
  return column;
}

function checkSource(
  board: BoardRecord,
  column: ColumnRecord,
  block: AiColumnBlock,
  sourceType: AiColumnSource,
  sourceColumnId: string | null | undefined,
): void {
  const sources = BLOCKS[block].sources ?? [];
  if (!sources.includes(sourceType)) {
    throw aiError('INVALID_SOURCE_TYPE', `${block} reads from ${sources.join(', ')}, not ${sourceType}.`, {
      source_type: sourceType,
    });
  }
  if (sourceType !== 'column') return;
  if (!sourceColumnId) throw aiError('MISSING_SOURCE_COLUMN_ID', 'source_type column needs source_column_id.');
  if (sourceColumnId === column.id) {
    throw aiError('SELF_REFERENCING_COLUMN', 'source_column_id cannot be the column being configured.', {
      source_column_id: sourceColumnId,
    });
  }
  if (!board.columns.some((candidate) => candidate.id === sourceColumnId)) {
    throw aiError('INVALID_SOURCE_COLUMN_ID', `Column "${sourceColumnId}" is not on board ${board.id}.`, {
      source_column_id: sourceColumnId,
    });
  }
}

function checkInstructions(argument: string, value: string | null | undefined): void {
  if (value && [...value].length > MAX_AI_INSTRUCTIONS) {
    throw aiError('INSTRUCTIONS_TOO_LONG', `${argument} has more than ${MAX_AI_INSTRUCTIONS} characters.`, {
      argument,
    });
  }
}

/** Checks an `ai_query`: its length and that its `{pulse.…}` references name existing columns (at least one). */
function checkQuery(context: EngineContext, board: BoardRecord, query: string): void {
  if ([...query].length > MAX_AI_QUERY) {
    throw aiError('QUERY_TOO_LONG', `ai_query has more than ${MAX_AI_QUERY} characters.`);
  }
  // Bounded by the query's length (at most 3000 characters).
  const references = [...query.matchAll(/\{pulse\.([^{}]+)\}/g)].map((match) => match[1] ?? '');
  if (references.length === 0)
    throw aiError('EMPTY_QUERY_FIELDS', 'ai_query references no column: use {pulse.column_id}.');
  const subitems = context.store.boards.subitemsBoardOf(board);
  for (const reference of references) {
    if (reference === 'name') continue;
    const [onBoard, columnId] = reference.startsWith('subitem.')
      ? [subitems, reference.slice('subitem.'.length)]
      : [board, reference];
    if (!onBoard?.columns.some((candidate) => candidate.id === columnId)) {
      throw aiError('INVALID_COLUMN_REFERENCE', `ai_query references {pulse.${reference}}, which names no column.`, {
        reference,
      });
    }
  }
}

/** The arguments every configure mutation shares. */
interface ConfigureArgs {
  board_id: string;
  column_id: string;
  extra_settings?: AiColumnExtraSettingsInput | null;
  source_type?: AiColumnSource;
  source_column_id?: string | null;
  ai_query?: string;
  additional_instructions?: string | null;
  custom_instructions?: string | null;
}

/** Checks and records one block on one column; answers its `AiColumnResult`. */
function configure(context: EngineContext, block: AiColumnBlock, args: ConfigureArgs, check?: () => void) {
  requireScope(context, 'boards:write');
  const board = accountBoard(context, args.board_id);
  const column = targetColumn(board, args.column_id, block);
  if (args.source_type !== undefined) checkSource(board, column, block, args.source_type, args.source_column_id);
  if (args.ai_query !== undefined) checkQuery(context, board, args.ai_query);
  checkInstructions('additional_instructions', args.additional_instructions);
  checkInstructions('custom_instructions', args.custom_instructions);
  check?.();
  const { board_id: _board, column_id: _column, extra_settings, ...given } = args;
  const settings = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== null && value !== undefined),
  );
  configureAi(column, {
    block,
    settings: structuredClone(settings),
    runBackfill: extra_settings?.run_backfill ?? true,
    configuredById: callerId(context),
    configuredAt: context.store.now(),
  });
  return { column_id: column.id };
}

/** Resolvers of AI column configuration. */
export const aiColumnResolvers: FamilyResolvers = {
  Mutation: {
    configure_categorize_ai_column: (_source, args, context) => configure(context, 'categorize', args),
    configure_summarize_ai_column: (_source, args, context) => configure(context, 'summarize', args),
    configure_translate_ai_column: (_source, args, context) => configure(context, 'translate', args),
    configure_improve_text_ai_column: (_source, args, context) => configure(context, 'improve_text', args),
    configure_extract_ai_column: (_source, args, context) =>
      configure(context, 'extract', args, () => {
        if (args.entity_type === 'custom' && !args.custom_instructions?.trim()) {
          throw aiError('MISSING_CUSTOM_INSTRUCTIONS', 'entity_type custom needs custom_instructions.');
        }
      }),
    configure_open_block_ai_column: (_source, args, context) => configure(context, 'open_block', args),
    configure_write_me_ai_column: (_source, args, context) => configure(context, 'write_me', args),
    configure_person_assignment_ai_column: (_source, args, context) =>
      configure(context, 'person_assignment', args, () => {
        accountUsers(context, [...new Set(args.groups.flatMap((group) => group.user_ids))]);
      }),
    remove_ai_from_column: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const column = board.columns.find((candidate) => candidate.id === args.column_id);
      if (!column) {
        throw aiError('INVALID_COLUMN_ID', `Column "${args.column_id}" is not on board ${board.id}.`, {
          column_id: args.column_id,
        });
      }
      removeAi(column);
      return { column_id: column.id, success: true };
    },
  },
};
