/**
 * Seed builders: a board with columns, groups and items in a few lines, every id assigned on the spot so a test
 * can use them before the emulator starts; automations on those boards and the runs recorded for them (the emulator
 * runs no automation, so a test that reads runs seeds them).
 *
 * ```ts
 * const seed = createSeed();
 * const tasks = seed.board({ name: 'Tasks', columns: [{ title: 'Status', type: 'status' }], items: ['Write tests'] });
 * const emulator = await createTestEmulator({ seed });   // tasks.id, tasks.items[0].id are on it
 * ```
 */
import type { BlockEventRecord, BoardAutomationRecord, TriggerEventRecord } from '../engine/store/automations.js';
import { COLUMN_DEFAULTS } from '../engine/store/column-record.js';
import type { ColumnKind, SeedData } from '../index.js';
import { DEFAULT_SEED_FACTS, defaultSeed } from '../index.js';

/** A column to seed. `id` defaults to the title in lower case with `_` for other characters (made unique). */
export interface TestColumnInput {
  title: string;
  type: ColumnKind;
  id?: string;
  /** Status labels by index, for a `status` column. Default: `Working on it`, `Done`, `Stuck`. */
  labels?: readonly string[];
}

/** An item to seed: a name, or a name with its group (by title or id) and column values (as `create_item` takes them). */
export type TestItemInput = string | { name: string; group?: string; values?: Record<string, unknown> };

/** A board to seed. */
export interface TestBoardInput {
  name: string;
  /** The owning account's id. Default: `acme` (1001), the demo token's account. */
  accountId?: number;
  /** The creating user's id. Default: the account's first user. */
  ownerId?: number;
  /** Columns, in order. Default: none besides the item name. */
  columns?: readonly TestColumnInput[];
  /** Group titles, in order. Default: one group, `Group Title`. */
  groups?: readonly string[];
  /** Items, in order, in the first group unless they say otherwise. */
  items?: readonly TestItemInput[];
}

/** A seeded board with the ids given to it and to what it holds. */
export interface TestBoard {
  id: string;
  name: string;
  accountId: string;
  columns: { id: string; title: string; type: ColumnKind }[];
  groups: { id: string; title: string }[];
  items: { id: string; name: string; groupId: string }[];
}

/** An automation to seed on a board. The emulator runs no automation: seed its runs with `automationRun`. */
export interface TestAutomationInput {
  /** The board it belongs to (a board of the seed). */
  boardId: string;
  title: string;
  /** Default true. */
  active?: boolean;
  description?: string;
  /** The creating user's id. Default: the board's owner. */
  userId?: number;
}

/** A block of a seeded automation run, in the order it ran. */
export interface TestAutomationBlockInput {
  title: string;
  /** Default `'success'`. */
  state?: 'success' | 'failure';
  errorReason?: string;
}

/** A recorded run of a seeded automation (`trigger_events`, `block_events`, the statistics read these). */
export interface TestAutomationRunInput {
  /** The automation that ran (an id `automation` answered, or one of the sample data). */
  automationId: string;
  /** How the run ended: the `TriggerEventState` values. */
  state: 'success' | 'failure' | 'exhausted';
  /** When it started (ISO 8601). Default: the seed's `createdAt`. */
  startedAt?: string;
  /** Default 1000. */
  durationMs?: number;
  /** The item that triggered it, if any. */
  itemId?: string;
  errorReason?: string;
  blocks?: readonly TestAutomationBlockInput[];
}

/** Options of {@link createSeed}. */
export interface TestSeedOptions {
  /**
   * What the seed starts from: `'default'` (the emulator's sample data: accounts `acme` and `globex`, their users
   * and boards) or `'accounts'` (the same accounts and users, no boards, items or other records). Default `'default'`.
   */
  base?: 'default' | 'accounts';
  /** The `createdAt` of seeded records. Default `2024-09-02T09:00:00Z`. */
  createdAt?: string;
}

/** A seed being built: add boards, then pass it to `createTestEmulator({ seed })`. */
export interface TestSeed {
  /**
   * Adds a board with its columns, groups and items; returns it with their ids.
   * @throws RangeError for an unknown account, owner or group, or a duplicate column id.
   */
  board(input: TestBoardInput): TestBoard;
  /**
   * Adds an automation to a board of the seed; returns its id.
   * @throws RangeError for a board or user the seed does not hold.
   */
  automation(input: TestAutomationInput): { id: string; boardId: string };
  /**
   * Records a run of an automation of the seed, with its blocks; returns the run's `triggerUuid`.
   * @throws RangeError for an unknown automation or state, or a start time that is not ISO 8601.
   */
  automationRun(input: TestAutomationRunInput): { triggerUuid: string };
  /** The seed data, a fresh copy each time. */
  data(): SeedData;
}

const FIRST_BOARD_ID = 100_001;
const FIRST_ITEM_ID = 200_001;
const FIRST_AUTOMATION_ID = 300_001;
const FIRST_RUN = 1;
const RUN_STATES = ['success', 'failure', 'exhausted'];
const COLORS = ['#579bfc', '#00c875', '#e2445c', '#fdab3d', '#a25ddc'];

function slug(title: string, taken: Set<string>): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'column';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

/**
 * Starts a seed for a test emulator.
 * @throws RangeError when `base` is not `'default'` or `'accounts'`, or `createdAt` is not an ISO 8601 time.
 */
export function createSeed(options: TestSeedOptions = {}): TestSeed {
  if (options.base !== undefined && options.base !== 'default' && options.base !== 'accounts') {
    throw new RangeError(`createSeed: base must be 'default' or 'accounts'; got ${JSON.stringify(options.base)}.`);
  }
  if (
    options.createdAt !== undefined &&
    (typeof options.createdAt !== 'string' || Number.isNaN(Date.parse(options.createdAt)))
  ) {
    throw new RangeError('createSeed: createdAt must be an ISO 8601 time, such as 2024-09-02T09:00:00Z.');
  }
  const base = defaultSeed();
  const data: SeedData =
    options.base === 'accounts'
      ? { accounts: base.accounts, users: base.users, boards: [], items: [], accountDetails: base.accountDetails ?? [] }
      : base;
  const createdAt = options.createdAt ?? '2024-09-02T09:00:00Z';
  let nextBoard = FIRST_BOARD_ID;
  let nextItem = FIRST_ITEM_ID;
  let nextAutomation = FIRST_AUTOMATION_ID;
  let nextRun = FIRST_RUN;
  return {
    data: () => structuredClone(data),
    automation(input) {
      const board = data.boards.find((candidate) => candidate.id === String(input.boardId));
      if (!board) throw new RangeError(`Seed automation "${input.title}": no board ${input.boardId} in the seed.`);
      const userId = input.userId === undefined ? board.ownerId : String(input.userId);
      if (!data.users.some((user) => user.id === userId && user.accountId === board.accountId)) {
        throw new RangeError(`Seed automation "${input.title}": no user ${userId} in account ${board.accountId}.`);
      }
      const record: BoardAutomationRecord = {
        id: String(nextAutomation++),
        accountId: board.accountId,
        boardId: board.id,
        userId,
        active: input.active ?? true,
        title: input.title,
        description: input.description ?? null,
        createdAt,
        updatedAt: createdAt,
        importance: null,
        noticeMessage: null,
        templateReferenceId: null,
        workflowBlocks: [],
        workflowHostData: { hostType: 'board', hostInstanceId: Number(board.id) },
        workflowVariables: [],
      };
      data.boardAutomations = [...(data.boardAutomations ?? []), record];
      return { id: record.id, boardId: board.id };
    },
    automationRun(input) {
      const automation = data.boardAutomations?.find((candidate) => candidate.id === String(input.automationId));
      if (!automation) throw new RangeError(`Seed automation run: no automation ${input.automationId} in the seed.`);
      if (!RUN_STATES.includes(input.state)) {
        throw new RangeError(
          `Seed automation run: state must be one of ${RUN_STATES.join(', ')}; got ${JSON.stringify(input.state)}.`,
        );
      }
      const startedAt = input.startedAt ?? createdAt;
      const started = Date.parse(startedAt);
      if (Number.isNaN(started)) throw new RangeError('Seed automation run: startedAt must be an ISO 8601 time.');
      const run = nextRun++;
      const triggerUuid = `00000000-0000-4000-a000-${String(run).padStart(12, '0')}`;
      const durationMs = input.durationMs ?? 1000;
      const event: TriggerEventRecord = {
        triggerUuid,
        accountId: automation.accountId,
        boardId: automation.boardId,
        itemId: input.itemId ?? null,
        automationId: automation.id,
        userId: automation.userId,
        eventState: input.state,
        eventKind: 'automation',
        entityKind: 'board',
        hostType: 'board',
        hostInstanceId: automation.boardId,
        createdAt: new Date(started).toISOString(),
        triggerStartedAt: new Date(started).toISOString(),
        triggerStarted: started,
        triggerDuration: durationMs,
        errorReason: input.errorReason ?? null,
        billingActionsCount: null,
        creatorAppFeatureReferenceId: null,
        waitingForTriggerName: null,
        reignitionSubscriptionId: null,
        is_test_run: false,
      };
      const blocks = input.blocks ?? [];
      const step = blocks.length === 0 ? 0 : durationMs / blocks.length;
      const blockRecords = blocks.map(
        (block, index): BlockEventRecord => ({
          id: `${triggerUuid}:${index + 1}`,
          triggerUuid,
          accountId: automation.accountId,
          boardId: automation.boardId,
          userId: automation.userId,
          atomicActionId: `${triggerUuid}:${index + 1}`,
          title: block.title,
          eventKind: index === 0 ? 'trigger' : 'action',
          eventState: block.state ?? 'success',
          entityKind: 'board',
          errorReason: block.errorReason ?? null,
          conditionSatisfied: null,
          blockStartTimestamp: started + index * step,
          blockFinishTimestamp: started + (index + 1) * step,
          billingActionCountForBlock: null,
          workflowNodeId: index + 1,
          iterator_id: null,
          current_iteration: null,
          max_iterations: null,
          is_test_run: false,
          triggerStarted: started,
          triggerStartedAt: event.triggerStartedAt,
        }),
      );
      data.triggerEvents = [...(data.triggerEvents ?? []), event];
      data.blockEvents = [...(data.blockEvents ?? []), ...blockRecords];
      return { triggerUuid };
    },
    board(input) {
      const accountId = String(input.accountId ?? DEFAULT_SEED_FACTS.accounts.acme.id);
      if (!data.accounts.some((account) => account.id === accountId)) {
        throw new RangeError(`Seed board "${input.name}": no account ${accountId} in the seed.`);
      }
      const owner =
        input.ownerId === undefined
          ? data.users.find((user) => user.accountId === accountId)
          : data.users.find((user) => user.id === String(input.ownerId) && user.accountId === accountId);
      if (!owner)
        throw new RangeError(`Seed board "${input.name}": no user ${String(input.ownerId)} in account ${accountId}.`);
      const columnIds = new Set<string>(['name']);
      const columns = (input.columns ?? []).map((column) => {
        if (column.id !== undefined && columnIds.has(column.id)) {
          throw new RangeError(`Seed board "${input.name}": column id "${column.id}" is used twice.`);
        }
        const id = column.id ?? slug(column.title, columnIds);
        columnIds.add(id);
        const settings =
          column.type === 'status' && column.labels
            ? { labels: Object.fromEntries(column.labels.map((label, index) => [index, label])), done_colors: [1] }
            : undefined;
        return {
          id,
          title: column.title,
          type: column.type,
          description: null,
          width: null,
          settings: settings ?? COLUMN_DEFAULTS[column.type](),
        };
      });
      const groupIds = new Set<string>();
      const groups = (input.groups ?? ['Group Title']).map((title, index) => ({
        id: index === 0 && !input.groups ? 'topics' : slug(title, groupIds),
        title,
        color: COLORS[index % COLORS.length] ?? '#579bfc',
        archived: false,
        deleted: false,
      }));
      const placed = (input.items ?? []).map((entry) => {
        const item = typeof entry === 'string' ? { name: entry } : entry;
        const group =
          item.group === undefined ? groups[0] : groups.find((g) => g.id === item.group || g.title === item.group);
        if (!group) {
          throw new RangeError(`Seed item "${item.name}": no group "${String(item.group)}" on board "${input.name}".`);
        }
        return { item, group };
      });
      // Checked in full before anything is added, so a refused board leaves the seed as it was.
      const boardId = String(nextBoard++);
      data.boards.push({
        id: boardId,
        accountId,
        name: input.name,
        description: null,
        kind: 'public',
        state: 'active',
        ownerId: owner.id,
        workspaceId: null,
        createdAt,
        updatedAt: createdAt,
        columns,
        groups,
      });
      const items = placed.map(({ item, group }) => {
        const id = String(nextItem++);
        data.items.push({
          id,
          boardId,
          groupId: group.id,
          name: item.name,
          creatorId: owner.id,
          createdAt,
          columnValues: item.values ?? {},
        });
        return { id, name: item.name, groupId: group.id };
      });
      return {
        id: boardId,
        name: input.name,
        accountId,
        columns: columns.map(({ id, title, type }) => ({ id, title, type })),
        groups: groups.map(({ id, title }) => ({ id, title })),
        items,
      };
    },
  };
}
