/** The data an engine starts with, and the realistic sample the emulator uses by default. */
import { newColumn } from './column-record.js';
import { defaultFamilySeed, type FamilySeed } from './family-seed.js';
import type { FavoriteRecord } from './favorites.js';
import { defaultPlatformSeed, type PlatformSeed } from './platform-seed.js';
import type {
  AccountRecord,
  BoardRecord,
  ColumnRecord,
  GroupRecord,
  SeedBoard,
  SeedItem,
  UserProfile,
  UserRecord,
} from './records.js';
import { boardExtrasSeed } from './seed-board-extras.js';
import { extraSeed, placeOriginalBoard } from './seed-boards.js';
import type { CustomActivityRecord, TimelineItemRecord } from './timeline.js';
import type { UpdateRecord } from './updates.js';
import type { BoardValidationsRecord } from './validations.js';
import type { BoardViewRecord } from './views.js';

export type { SeedBoard, SeedItem } from './records.js';

/**
 * Everything an engine's store starts with. Records are copied; the seed is never mutated.
 * The families (workspaces, folders, teams, tags, assets, webhooks, docs, plans) are optional,
 * and so are updates, custom activities and timeline items.
 */
export interface SeedData extends Partial<FamilySeed>, Partial<PlatformSeed> {
  /** Accounts. */
  accounts: AccountRecord[];
  /** Users of those accounts. */
  users: UserRecord[];
  /** Boards with their columns and groups. */
  boards: SeedBoard[];
  /** Items on those boards. */
  items: SeedItem[];
  /** Updates and replies, kept as given. */
  updates?: UpdateRecord[];
  customActivities?: CustomActivityRecord[];
  timelineItems?: TimelineItemRecord[];
  /** Views added to the boards (./views.ts). */
  boardViews?: BoardViewRecord[];
  /** Required columns and validation rules of boards (./validations.ts). */
  validations?: BoardValidationsRecord[];
  /** Users' favorite boards and workspaces (./favorites.ts). */
  favorites?: FavoriteRecord[];
}

/** A seeded board with every field present. */
export function completeSeedBoard(board: SeedBoard): BoardRecord {
  return {
    type: 'board',
    ownerIds: [board.ownerId],
    subscriberIds: [board.ownerId],
    teamOwnerIds: [],
    teamSubscriberIds: [],
    permissions: 'everyone',
    folderId: null,
    subitemsBoardId: null,
    parentBoardId: null,
    ...board,
  };
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
  return [
    newColumn('status', 'Status', 'status'),
    newColumn('text', 'Notes', 'text'),
    newColumn('date4', 'Due date', 'date'),
    newColumn('numbers', 'Estimate', 'numbers'),
    newColumn('check', 'Approved', 'checkbox'),
    newColumn('files', 'Files', 'file'),
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

function board(facts: { id: string; accountId: number; name: string }, ownerId: number, gs: GroupRecord[]): SeedBoard {
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

function user(
  facts: { id: number; accountId: number; name: string; email: string },
  isAdmin: boolean,
  profile: UserProfile,
): UserRecord {
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
    profile,
    becameActiveAt: T0,
    // The account's admins opened it; the others were invited by a user.
    invitationMethod: isAdmin ? 'FIRST_USER' : 'USER',
    signUpProductKind: 'core',
  };
}

/**
 * A fresh copy of the default sample data: 2 accounts, 3 users, 9 boards (public, private, shareable, archived
 * and a subitems board) with groups, columns, items and subitems, updates with replies, custom activities and
 * timeline items, a board view and the roadmap's validations.
 */
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
  const extra = extraSeed();
  return {
    accounts: [
      { ...A.acme, id: String(A.acme.id), tier: 'pro', countryCode: 'GB', firstDayOfTheWeek: 'monday' },
      { ...A.globex, id: String(A.globex.id), tier: 'enterprise', countryCode: 'US', firstDayOfTheWeek: 'sunday' },
    ],
    users: [
      user(U.ada, true, {
        phone: '+44 20 7946 0018',
        mobilePhone: '+44 7700 900018',
        location: 'London',
        countryCode: 'GB',
        birthday: '1815-12-10',
        language: 'en',
        lastActivity: '2024-09-30T17:45:00Z',
        photo: 'https://files.platform.example/photos/501/ada.png',
      }),
      // Grace left most of her profile empty: unset fields answer null.
      {
        ...user(U.grace, false, { location: 'Arlington', countryCode: 'US', language: 'en' }),
        // Away for the second half of November 2026 (User.out_of_office: packages/emulator/test/users-out-of-office.test.ts).
        outOfOffice: {
          type: 'out_of_office',
          startDate: '2026-11-16',
          endDate: '2026-12-04',
          disableNotifications: true,
        },
      },
      user(U.hank, true, {
        phone: '+1 555 0100',
        location: 'Cypress Creek',
        countryCode: 'US',
        language: 'en',
        lastActivity: '2024-09-29T08:00:00Z',
        photo: 'https://files.platform.example/photos/601/hank.png',
      }),
    ],
    boards: [
      board(B.roadmap, U.ada.id, groups(['topics', 'This quarter'], ['later', 'Later'])),
      board(B.bugs, U.grace.id, groups(['topics', 'Open'])),
      board(B.projects, U.hank.id, groups(['topics', 'Active'])),
    ]
      .map(placeOriginalBoard)
      .concat(extra.boards),
    items: [...items, ...extra.items],
    updates: extra.updates,
    customActivities: extra.customActivities,
    timelineItems: extra.timelineItems,
    ...defaultFamilySeed(),
    ...boardExtrasSeed(),
    ...defaultPlatformSeed(),
  };
}
