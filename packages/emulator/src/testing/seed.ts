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
import type { ColumnKind, SeedData, UserProfile, UserRecord } from '../index.js';
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

/**
 * A user to seed: who they are, their role and status, and the profile facts the `User` fields answer (phone,
 * location, country, birthday, language, last activity and photo, as {@link UserProfile} holds them; a photo left out is
 * the default avatar).
 */
export interface TestUserInput extends UserProfile {
  /** Full name. */
  name: string;
  /** Email address, unique in the account (case-insensitive). */
  email: string;
  /** The account's id. Default: `acme` (1001), the demo token's account. */
  accountId?: number;
  /** The base role. Default `'member'`. */
  role?: 'admin' | 'member' | 'guest' | 'viewer';
  /** `'pending'`: invited, not yet joined; `'inactive'`: deactivated. Default `'active'`. */
  status?: 'active' | 'pending' | 'inactive';
  /** False until the user confirms their email. Default true. */
  verified?: boolean;
  /** Job title. Default: none. */
  title?: string;
  /** IANA time zone, such as `America/New_York`. Default `Europe/London`. */
  timeZone?: string;
  /** ISO 8601 time the user was created. Default: the seed's `createdAt`. */
  createdAt?: string;
  /** ISO 8601 time the user became active. Default: `createdAt` (none for a pending user). */
  becameActiveAt?: string;
  /** The day they joined, `YYYY-MM-DD`. Default: the day of `createdAt`. */
  joinDate?: string;
  /** How they came into the account (an `InvitationMethod`, such as `USER` or `SSO`). Default `USER`. */
  invitationMethod?: string;
  /** The product they signed up through. Default `core`. */
  signUpProductKind?: string;
}

/** A seeded user with the id given to it. */
export interface TestUser {
  id: string;
  name: string;
  email: string;
  accountId: string;
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
   * Adds a user with their role, status and profile facts; returns them with their id.
   * @throws RangeError for an unknown account, an email already in it, or a time zone, time or day that is not valid.
   */
  user(input: TestUserInput): TestUser;
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
const FIRST_USER_ID = 300_001;
const FIRST_ITEM_ID = 200_001;
const FIRST_AUTOMATION_ID = 400_001;
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
  let nextUser = FIRST_USER_ID;
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
    user(input) {
      const record = seedUser(input, data, createdAt, String(nextUser));
      nextUser += 1;
      data.users.push(record);
      return { id: record.id, name: record.name, email: record.email, accountId: record.accountId };
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

const ROLES = { admin: 'admin', member: 'member', guest: 'guest', viewer: 'viewer' } as const;
const STATUSES = { active: 'active', pending: 'pending', inactive: 'inactive' } as const;

function checkTime(what: string, value: string | undefined): void {
  if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
    throw new RangeError(`${what} must be an ISO 8601 time, such as 2024-09-02T09:00:00Z.`);
  }
}

function checkDay(what: string, value: string | undefined): void {
  if (value !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))) {
    throw new RangeError(`${what} must be a day as YYYY-MM-DD.`);
  }
}

function checkTimeZone(what: string, value: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new RangeError(`${what} must be an IANA time zone, such as Europe/London; got ${JSON.stringify(value)}.`);
  }
}

/** The user record `input` describes, checked in full (nothing is added when it is refused). */
function seedUser(input: TestUserInput, data: SeedData, seedCreatedAt: string, id: string): UserRecord {
  const accountId = String(input.accountId ?? DEFAULT_SEED_FACTS.accounts.acme.id);
  const who = `Seed user "${input.name}"`;
  if (!data.accounts.some((account) => account.id === accountId)) {
    throw new RangeError(`${who}: no account ${accountId} in the seed.`);
  }
  if (typeof input.name !== 'string' || input.name.trim() === '') throw new RangeError('Seed user: name is required.');
  if (typeof input.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(input.email)) {
    throw new RangeError(`${who}: email must be an email address.`);
  }
  const email = input.email.toLowerCase();
  if (data.users.some((user) => user.accountId === accountId && user.email.toLowerCase() === email)) {
    throw new RangeError(`${who}: ${input.email} is already a user of account ${accountId}.`);
  }
  const role = ROLES[input.role ?? 'member'];
  const status = STATUSES[input.status ?? 'active'];
  if (!role) throw new RangeError(`${who}: role must be admin, member, guest or viewer.`);
  if (!status) throw new RangeError(`${who}: status must be active, pending or inactive.`);
  for (const [what, value] of [
    ['createdAt', input.createdAt],
    ['becameActiveAt', input.becameActiveAt],
    ['lastActivity', input.lastActivity],
  ] as const) {
    checkTime(`${who}: ${what}`, value);
  }
  checkDay(`${who}: joinDate`, input.joinDate);
  checkDay(`${who}: birthday`, input.birthday);
  const timeZone = input.timeZone ?? 'Europe/London';
  checkTimeZone(`${who}: timeZone`, timeZone);
  const createdAt = input.createdAt ?? seedCreatedAt;
  const profile: UserProfile = {};
  if (input.phone !== undefined) profile.phone = input.phone;
  if (input.mobilePhone !== undefined) profile.mobilePhone = input.mobilePhone;
  if (input.location !== undefined) profile.location = input.location;
  if (input.countryCode !== undefined) profile.countryCode = input.countryCode;
  if (input.birthday !== undefined) profile.birthday = input.birthday;
  if (input.language !== undefined) profile.language = input.language;
  if (input.lastActivity !== undefined) profile.lastActivity = input.lastActivity;
  if (input.photo !== undefined) profile.photo = input.photo;
  return {
    id,
    accountId,
    name: input.name,
    email: input.email,
    title: input.title ?? null,
    isAdmin: role === 'admin',
    isGuest: role === 'guest',
    ...(role === 'viewer' ? { viewOnly: true } : {}),
    enabled: status !== 'inactive',
    ...(status === 'pending' ? { pending: true } : {}),
    ...(input.verified === false ? { verified: false } : {}),
    createdAt,
    timeZone,
    profile,
    becameActiveAt: status === 'pending' ? null : (input.becameActiveAt ?? createdAt),
    ...(input.joinDate === undefined ? {} : { joinDate: input.joinDate }),
    invitationMethod: input.invitationMethod ?? 'USER',
    signUpProductKind: input.signUpProductKind ?? 'core',
  };
}
