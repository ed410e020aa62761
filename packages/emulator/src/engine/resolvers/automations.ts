/**
 * Board automations and their runs (2026-04 on): `board_automations`, `delete_board_automation`, `trigger_event`,
 * `trigger_events`, `block_events`, `tool_events`, `account_trigger_statistics` and
 * `account_triggers_statistics_by_entity_id`. Pinned by packages/emulator/test/engine/resolvers/automations.test.ts.
 *
 * What the store can honestly hold: the automations and runs seeded into it (the emulator runs no automation,
 * so it records no run of its own; ../store/automations.ts). The docs describe none of these fields beyond the
 * schema, so the rules below are the least surprising reading of it:
 * - Reads need boards:read, the deletion boards:write; everything is the caller's account's only.
 * - `board_automations` lists automations by `board_ids` and/or `ids` (all of the account's when neither is
 *   given), {@link AUTOMATIONS_PAGE} to a page unless `limit` says otherwise (at most {@link MAX_AUTOMATIONS_PAGE});
 *   `cursor` is the opaque text the previous page answered, null on the last page. `legacy_automations` (recipes of
 *   the older builder, whose shape the schema leaves to JSON) is NOT_MODELLED.
 * - `trigger_events` pages by `nextPageOffset`, {@link EVENTS_PAGE} runs at a time, newest first, filtered by
 *   board, item, automation ids, states (`stateFilter`), date range (on `triggerStartedAt`), entity kind, host and
 *   creator app feature; the other filters are NOT_MODELLED when set. `trigger_event` answers null for an unknown
 *   run. `block_events` and `tool_events` page the same way over one run's records, in the order recorded.
 * - `account_trigger_statistics` counts the account's runs (by board and user when filtered): `success` and
 *   `failure` by state, `total` all of them; its `id` is the account's.
 * - `account_triggers_statistics_by_entity_id` counts the account's runs in `run_status` state "grouped by entity
 *   ids" (the published schema's description of the query): `automation_statistics` maps each automation's id to
 *   `{ total }`, its runs in that state, by board and user when filtered. The docs give no more; the shape, and
 *   `filters.automation_ids` naming automations to leave out, follow the platform's own MCP tool
 *   (https://github.com/mondaycom/mcp, get-automation-statistics: "per-automation and per-workflow counts",
 *   "excludeAutomationIds", and its answers `{ "101": { total: 5 } }`). `workflow_statistics` maps workflow ids the
 *   same way; the runs the emulator holds are automation runs, which name no workflow, so it is `{}`.
 *   {@link statisticsByEntity}.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { BlockEventRecord, BoardAutomationRecord, TriggerEventRecord } from '../store/automations.js';
import type { TriggerEventsFiltersInput } from './arguments.generated.js';
import { accountBoard, notModelledArgument } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Automations to a page when `limit` is not given. */
export const AUTOMATIONS_PAGE = 25;
/** The most automations one page answers. */
export const MAX_AUTOMATIONS_PAGE = 100;
/** Runs, blocks or tool calls to a page. */
export const EVENTS_PAGE = 25;

function invalid(message: string): never {
  throw engineError(ENGINE_ERROR_CODES.invalidArgument, message);
}

/** The offset a `cursor` of {@link board_automations} stands for. */
function cursorOffset(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined) return 0;
  const match = /^automations:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw engineError(ENGINE_ERROR_CODES.invalidCursor, 'cursor is not one board_automations answered.');
  return Number(match[1]);
}

function cursorAt(offset: number): string {
  return Buffer.from(`automations:${offset}`, 'utf8').toString('base64url');
}

function pageOffset(offset: number | null | undefined): number {
  const start = offset ?? 0;
  if (!Number.isInteger(start) || start < 0) invalid('The page offset must be 0 or more.');
  return start;
}

/** Filters the schema offers that the emulator does not apply: set, they answer NOT_MODELLED. */
const UNMODELLED_FILTERS = [
  'appFilter',
  'billingActionCountField',
  'filterByEntity',
  'isAutomationsEntity',
  'isWorkflowFilter',
  'statusFilter',
  'workflowEntityIds',
] as const;

function matchesFilters(event: TriggerEventRecord, filters: TriggerEventsFiltersInput): boolean {
  const automations = filters.automationIds?.map(String);
  const range = filters.dateRange;
  return (
    (filters.boardId == null || event.boardId === filters.boardId) &&
    (filters.itemId == null || event.itemId === filters.itemId) &&
    (!automations?.length || (event.automationId !== null && automations.includes(event.automationId))) &&
    (!filters.stateFilter?.length || filters.stateFilter.includes(event.eventState)) &&
    (filters.entityKind == null || event.entityKind === filters.entityKind) &&
    (filters.hostType == null || event.hostType === filters.hostType) &&
    (filters.hostInstanceId == null || event.hostInstanceId === filters.hostInstanceId) &&
    (filters.creatorAppFeatureReferenceId == null ||
      event.creatorAppFeatureReferenceId === String(filters.creatorAppFeatureReferenceId)) &&
    (!range ||
      (Date.parse(event.triggerStartedAt) >= Date.parse(range.startDate) &&
        Date.parse(event.triggerStartedAt) <= Date.parse(range.endDate)))
  );
}

function triggerEvents(context: EngineContext, filters: TriggerEventsFiltersInput, offset: number) {
  for (const key of UNMODELLED_FILTERS) {
    const value = filters[key];
    if (value !== null && value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0)) {
      notModelledArgument(`trigger_events(filters.${key})`, 'the schema does not say what it matches');
    }
  }
  if (
    filters.dateRange &&
    [filters.dateRange.startDate, filters.dateRange.endDate].some((date) => Number.isNaN(Date.parse(date)))
  ) {
    invalid('dateRange takes ISO 8601 dates.');
  }
  const runs = context.store.automations.triggerEvents
    .filter((event) => event.accountId === context.accountId && matchesFilters(event, filters))
    .sort((a, b) => Date.parse(b.triggerStartedAt) - Date.parse(a.triggerStartedAt));
  return runs.slice(offset, offset + EVENTS_PAGE);
}

/** The account's runs (on `boardId`, by `userIds`, when given). */
function accountRuns(
  context: EngineContext,
  boardId: number | null | undefined,
  userIds: readonly number[] | null | undefined,
) {
  const users = userIds?.map(String);
  return context.store.automations.triggerEvents.filter(
    (event) =>
      event.accountId === context.accountId &&
      (boardId == null || event.boardId === String(boardId)) &&
      (!users?.length || (event.userId !== null && users.includes(event.userId))),
  );
}

/** The per-entity run counts of `account_triggers_statistics_by_entity_id` (the last rule of the map). */
function statisticsByEntity(
  context: EngineContext,
  runStatus: string,
  filters: { board_id?: number | null; user_ids?: readonly number[] | null; automation_ids?: readonly number[] | null },
) {
  const excluded = new Set((filters.automation_ids ?? []).map(String));
  const automations: Record<string, { total: number }> = Object.create(null);
  for (const run of accountRuns(context, filters.board_id, filters.user_ids)) {
    if (run.eventState !== runStatus || run.automationId === null || excluded.has(run.automationId)) continue;
    const entry = automations[run.automationId] ?? { total: 0 };
    entry.total += 1;
    automations[run.automationId] = entry;
  }
  return {
    id: context.accountId,
    automation_statistics: { ...automations },
    workflow_statistics: {},
  };
}

/** `Int` fields the records keep as id strings. */
const asInt = (value: string | null) => (value === null ? null : Number(value));

/** Resolvers of board automations and their runs. */
export const automationResolvers: FamilyResolvers = {
  Query: {
    board_automations: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const limit = args.limit ?? AUTOMATIONS_PAGE;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUTOMATIONS_PAGE) {
        invalid(`limit must be between 1 and ${MAX_AUTOMATIONS_PAGE}.`);
      }
      const boards = args.board_ids ? new Set(args.board_ids.map((id) => accountBoard(context, id).id)) : undefined;
      const ids = args.ids ? new Set(args.ids) : undefined;
      const found = context.store.automations
        .all()
        .filter(
          (automation) =>
            automation.accountId === context.accountId &&
            (!boards || boards.has(automation.boardId)) &&
            (!ids || ids.has(automation.id)),
        );
      const start = cursorOffset(args.cursor);
      const items = found.slice(start, start + limit);
      const next = start + items.length;
      return { items, cursor: next < found.length ? cursorAt(next) : null };
    },
    trigger_event: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return context.store.automations.triggerEvent(context.accountId, args.triggerUuid) ?? null;
    },
    trigger_events: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return { triggerEvents: triggerEvents(context, args.filters ?? {}, pageOffset(args.nextPageOffset)) };
    },
    block_events: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const start = pageOffset(args.nextPageOffset);
      const blocks = context.store.automations.blockEvents.filter(
        (block) => block.accountId === context.accountId && block.triggerUuid === args.triggerUuid,
      );
      return { blockEvents: blocks.slice(start, start + EVENTS_PAGE) };
    },
    tool_events: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const start = pageOffset(args.next_page_offset);
      const tools = context.store.automations.toolEvents.filter(
        (tool) => tool.account_id === context.accountId && tool.trigger_uuid === args.trigger_uuid,
      );
      return { tool_events: tools.slice(start, start + EVENTS_PAGE) };
    },
    account_trigger_statistics: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const runs = accountRuns(context, args.filters?.board_id, args.filters?.user_ids);
      return {
        id: context.accountId,
        success: runs.filter((run) => run.eventState === 'success').length,
        failure: runs.filter((run) => run.eventState === 'failure').length,
        total: runs.length,
      };
    },
    account_triggers_statistics_by_entity_id: (_source, args, context) => {
      requireScope(context, 'boards:read');
      return statisticsByEntity(context, args.run_status, args.filters ?? {});
    },
  },
  // AutomationsPage.legacy_automations has no resolver: the engine answers NOT_MODELLED for it, and the coverage
  // table lists it (packages/emulator/COVERAGE.md).
  BoardAutomation: {
    created_at: (automation: BoardAutomationRecord) => automation.createdAt,
    updated_at: (automation: BoardAutomationRecord) => automation.updatedAt,
    user_id: (automation: BoardAutomationRecord) => automation.userId,
    notice_message: (automation: BoardAutomationRecord) => automation.noticeMessage,
    template_reference_id: (automation: BoardAutomationRecord) => automation.templateReferenceId,
    workflow_blocks: (automation: BoardAutomationRecord) => automation.workflowBlocks,
    workflow_host_data: (automation: BoardAutomationRecord) => automation.workflowHostData,
    workflow_variables: (automation: BoardAutomationRecord) => automation.workflowVariables,
  },
  TriggerEvent: {
    accountId: (event: TriggerEventRecord) => asInt(event.accountId),
  },
  BlockEvent: {
    accountId: (block: BlockEventRecord) => asInt(block.accountId),
    boardId: (block: BlockEventRecord) => asInt(block.boardId),
    userId: (block: BlockEventRecord) => asInt(block.userId),
  },
  Mutation: {
    delete_board_automation: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const automation = context.store.automations.find(args.id);
      if (!automation || automation.accountId !== context.accountId || automation.boardId !== board.id) {
        throw engineError(ENGINE_ERROR_CODES.notFound, `Automation ${args.id} was not found on board ${board.id}.`, {
          automation_id: args.id,
        });
      }
      context.store.automations.remove(automation);
      return { is_success: true };
    },
  },
};
