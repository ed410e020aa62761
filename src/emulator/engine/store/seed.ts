/** The data an engine starts with, and the realistic sample the emulator uses by default. */
import { defaultFamilySeed, type FamilySeed } from './family-seed.js';
import type { AccountRecord, BoardRecord, ColumnRecord, GroupRecord, UserRecord } from './records.js';

/** An item to seed; `columnValues` uses the same shapes `create_item(column_values:)` accepts. */
export interface SeedItem {
  /** Item id (a numeric string). */
  id: string;
  /** The board holding the item. */
  boardId: string;
  /** The group holding the item. */
  groupId: string;
  /** Item name. */
  name: string;
  /** User id of the creator. */
  creatorId: string;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** Column values by column id, in the form `create_item` accepts. */
  columnValues?: Record<string, unknown>;
}

/**
 * Everything an engine's store starts with. Records are copied; the seed is never mutated.
 * The families of {@link FamilySeed} (workspaces, folders, teams, tags, assets, webhooks, docs, plans) are optional.
 */
export interface SeedData extends Partial<FamilySeed> {
  /** Accounts. */
  accounts: AccountRecord[];
  /** Users of those accounts. */
  users: UserRecord[];
  /** Boards with their columns and groups. */
  boards: BoardRecord[];
  /** Items on those boards. */
  items: SeedItem[];
}

/**
 * Ids and slugs of the default seed, for the server (token → grant) and the demo.
 * Account and user ids are numbers here because {@link TokenGrant} carries numbers; in GraphQL they are ID strings.
 */
export const DEFAULT_SEED_FACTS = {
  accounts: {
    acme: { id: 1001, slug: 'acme', name: 'Acme Corp' },
    globex: { id: 2002, slug: 'globex', name: 'Globex' },
  },
  users: {
    ada: { id: 501, accountId: 1001, name: 'Ada Lovelace', email: 'ada@acme.example' },
    grace: { id: 502, accountId: 1001, name: 'Grace Hopper', email: 'grace@acme.example' },
    hank: { id: 601, accountId: 2002, name: 'Hank Scorpio', email: 'hank@globex.example' },
  },
  boards: {
    roadmap: { id: '3001', accountId: 1001, name: 'Product roadmap' },
    bugs: { id: '3002', accountId: 1001, name: 'Bug tracker' },
    projects: { id: '3003', accountId: 2002, name: 'Secret projects' },
  },
} as const;

const T0 = '2024-09-02T09:00:00Z';
const { accounts: A, users: U, boards: B } = DEFAULT_SEED_FACTS;

function columns(): ColumnRecord[] {
  const column = (id: string, title: string, type: ColumnRecord['type'], settings = {}): ColumnRecord => ({
    id,
    title,
    type,
    description: null,
    width: null,
    settings,
  });
  return [
    column('status', 'Status', 'status', { labels: { 0: 'Working on it', 1: 'Done', 2: 'Stuck' }, done_colors: [1] }),
    column('text', 'Notes', 'text'),
    column('date4', 'Due date', 'date'),
    column('numbers', 'Estimate', 'numbers'),
    column('check', 'Approved', 'checkbox'),
    column('files', 'Files', 'file'),
  ];
}

function groups(...pairs: [string, string][]): GroupRecord[] {
  return pairs.map(([id, title], i) => ({
    id,
    title,
    color: ['#579bfc', '#00c875', '#e2445c'][i % 3] ?? '#579bfc',
    archived: false,
    deleted: false,
  }));
}

function board(
  facts: { id: string; accountId: number; name: string },
  ownerId: number,
  gs: GroupRecord[],
): BoardRecord {
  return {
    id: facts.id,
    accountId: String(facts.accountId),
    name: facts.name,
    description: null,
    kind: 'public',
    state: 'active',
    ownerId: String(ownerId),
    workspaceId: null,
    createdAt: T0,
    updatedAt: T0,
    columns: columns(),
    groups: gs,
  };
}

function user(facts: { id: number; accountId: number; name: string; email: string }, isAdmin: boolean): UserRecord {
  const { id, accountId, name, email } = facts;
  return {
    id: String(id),
    accountId: String(accountId),
    name,
    email,
    title: null,
    isAdmin,
    isGuest: false,
    enabled: true,
    createdAt: T0,
    timeZone: 'Europe/London',
  };
}

/** A fresh copy of the default sample data: 2 accounts, 3 users, 3 boards with groups, columns and items. */
export function defaultSeed(): SeedData {
  const items: SeedItem[] = [];
  const add = (boardId: string, groupId: string, name: string, columnValues: Record<string, unknown>) => {
    const id = String(4_000_001 + items.length);
    const creatorId = boardId === B.projects.id ? String(U.hank.id) : String(U.ada.id);
    items.push({ id, boardId, groupId, name, creatorId, createdAt: T0, columnValues });
  };
  add(B.roadmap.id, 'topics', 'Public launch', { status: 'Working on it', date4: '2024-11-01', numbers: 8 });
  add(B.roadmap.id, 'topics', 'Pricing page', { status: 'Done', text: 'Shipped in beta' });
  add(B.roadmap.id, 'topics', 'Mobile app', { status: 'Stuck', numbers: '13' });
  add(B.roadmap.id, 'later', 'Offline mode', { text: 'Needs research' });
  add(B.roadmap.id, 'later', 'Dark theme', { check: { checked: 'true' } });
  add(B.bugs.id, 'topics', 'Login fails on Safari', { status: 'Working on it', date4: '2024-10-15 17:30:00' });
  add(B.bugs.id, 'topics', 'Typo in footer', { status: 'Done' });
  add(B.projects.id, 'topics', 'Doomsday device', { status: 'Working on it', numbers: 1e6 });
  add(B.projects.id, 'topics', 'Hammock district', { status: 'Done', text: 'Nice' });
  return {
    accounts: [
      { ...A.acme, id: String(A.acme.id), tier: 'pro', countryCode: 'GB', firstDayOfTheWeek: 'monday' },
      { ...A.globex, id: String(A.globex.id), tier: 'enterprise', countryCode: 'US', firstDayOfTheWeek: 'sunday' },
    ],
    users: [user(U.ada, true), user(U.grace, false), user(U.hank, true)],
    boards: [
      board(B.roadmap, U.ada.id, groups(['topics', 'This quarter'], ['later', 'Later'])),
      board(B.bugs, U.grace.id, groups(['topics', 'Open'])),
      board(B.projects, U.hank.id, groups(['topics', 'Active'])),
    ],
    items,
    ...defaultFamilySeed(),
  };
}
