/**
 * The part of the default seed beyond the three original boards: boards of every kind (private, shareable,
 * archived, a subitems board), their items and subitems, updates with replies, likes and a pin, custom
 * activities and timeline items. Workspaces 7001–7003, folders 7101–7102 and teams 7201–7202 are those seeded with the
 * workspace-level families.
 */
import { newColumn } from './column-record.js';
import type { BoardRecord, GroupRecord, SeedBoard, SeedItem } from './records.js';
import type { CustomActivityRecord, TimelineItemRecord } from './timeline.js';
import type { UpdateRecord } from './updates.js';

const ACME = '1001';
const GLOBEX = '2002';
const ADA = '501';
const GRACE = '502';
const HANK = '601';

/** Workspace and folder ids the boards point at. */
export const SEED_PLACES = {
  acmeMain: '7001',
  acmeMarketing: '7002',
  globexMain: '7003',
  acmeRoadmapFolder: '7101',
  acmeCampaignsFolder: '7102',
} as const;

/** Ids of the boards this module seeds. */
export const EXTRA_BOARD_IDS = {
  campaigns: '3004',
  portal: '3005',
  hiring: '3006',
  archived: '3007',
  launch: '3008',
  campaignSubitems: '3009',
} as const;

/** Where the boards of the original seed live (added to their records). */
export const ORIGINAL_BOARD_PLACES: Readonly<Record<string, Partial<BoardRecord>>> = {
  '3001': {
    workspaceId: SEED_PLACES.acmeMain,
    folderId: SEED_PLACES.acmeRoadmapFolder,
    subscriberIds: [ADA, GRACE],
    teamSubscriberIds: ['7201'],
  },
  '3002': { workspaceId: SEED_PLACES.acmeMain, ownerIds: [GRACE, ADA], subscriberIds: [GRACE, ADA] },
  '3003': { workspaceId: SEED_PLACES.globexMain },
};

const T1 = '2024-09-09T10:00:00Z';
const T2 = '2024-09-10T14:30:00Z';
const T3 = '2024-09-11T08:15:00Z';

function groups(...pairs: [string, string, string][]): GroupRecord[] {
  return pairs.map(([id, title, color]) => ({ id, title, color, archived: false, deleted: false }));
}

function board(
  id: string,
  fields: Partial<BoardRecord> & Pick<BoardRecord, 'accountId' | 'name' | 'ownerId' | 'columns' | 'groups'>,
): SeedBoard {
  return {
    id,
    description: null,
    kind: 'public',
    type: 'board',
    state: 'active',
    ownerIds: [fields.ownerId],
    subscriberIds: [fields.ownerId],
    teamOwnerIds: [],
    teamSubscriberIds: [],
    permissions: 'everyone',
    workspaceId: null,
    folderId: null,
    subitemsBoardId: null,
    parentBoardId: null,
    createdAt: T1,
    updatedAt: T1,
    ...fields,
  };
}

const CAMPAIGN_STATUS = { labels: { 0: 'Planned', 1: 'Live', 2: 'Paused', 5: 'Ended' }, done_colors: [5] };
const STAGE = { labels: { 0: 'Applied', 1: 'Interview', 2: 'Offer', 3: 'Hired', 4: 'Rejected' }, done_colors: [3] };

/** The extra boards, items, updates, custom activities and timeline items of the default seed. */
export function extraSeed(): {
  boards: SeedBoard[];
  items: SeedItem[];
  updates: UpdateRecord[];
  customActivities: CustomActivityRecord[];
  timelineItems: TimelineItemRecord[];
} {
  const B = EXTRA_BOARD_IDS;
  const boards: SeedBoard[] = [
    board(B.campaigns, {
      accountId: ACME,
      name: 'Marketing campaigns',
      description: 'Campaigns of the marketing team, with their tasks as subitems.',
      kind: 'private',
      ownerId: GRACE,
      ownerIds: [GRACE],
      subscriberIds: [GRACE, ADA],
      teamOwnerIds: ['7202'],
      teamSubscriberIds: ['7202'],
      permissions: 'collaborators',
      workspaceId: SEED_PLACES.acmeMarketing,
      folderId: SEED_PLACES.acmeCampaignsFolder,
      subitemsBoardId: B.campaignSubitems,
      columns: [
        newColumn('status', 'Status', 'status', CAMPAIGN_STATUS),
        newColumn('date4', 'Launch date', 'date'),
        newColumn('numbers', 'Budget', 'numbers'),
        // Each campaign's effort is the sum of its tasks' (../column-kinds/calculated.ts).
        { ...newColumn('effort', 'Effort (h)', 'numbers'), calculated: 'SUM' },
      ],
      groups: groups(['topics', 'Q4 campaigns', '#fdab3d'], ['group_done', 'Finished', '#00c875']),
    }),
    board(B.portal, {
      accountId: ACME,
      name: 'Client portal requests',
      description: 'Shared with clients: requests they raise and their status.',
      kind: 'share',
      ownerId: ADA,
      workspaceId: SEED_PLACES.acmeMain,
      columns: [
        newColumn('status', 'Status', 'status', { labels: { 0: 'New', 1: 'Answered' }, done_colors: [1] }),
        newColumn('text', 'Client', 'text'),
      ],
      groups: groups(['topics', 'Incoming', '#579bfc']),
    }),
    board(B.hiring, {
      accountId: ACME,
      name: 'Hiring pipeline',
      kind: 'private',
      ownerId: ADA,
      ownerIds: [ADA, GRACE],
      subscriberIds: [ADA, GRACE],
      permissions: 'owners',
      workspaceId: SEED_PLACES.acmeMarketing,
      // The team calls its items candidates (`Board.item_terminology`).
      itemNickname: { singular: 'Candidate', plural: 'Candidates', presetType: null },
      columns: [
        newColumn('stage', 'Stage', 'status', STAGE),
        newColumn('long_text', 'Interview notes', 'long_text'),
        newColumn('check', 'References checked', 'checkbox'),
      ],
      groups: groups(['topics', 'Engineering', '#a25ddc'], ['design', 'Design', '#ff158a']),
    }),
    board(B.archived, {
      accountId: ACME,
      name: '2023 plans',
      state: 'archived',
      ownerId: ADA,
      workspaceId: SEED_PLACES.acmeMain,
      updatedAt: T3,
      columns: [newColumn('text', 'Notes', 'text')],
      groups: groups(['topics', 'Plans', '#c4c4c4']),
    }),
    board(B.launch, {
      accountId: GLOBEX,
      name: 'Launch plan',
      kind: 'public',
      ownerId: HANK,
      workspaceId: SEED_PLACES.globexMain,
      columns: [
        newColumn('status', 'Status', 'status', { labels: { 0: 'To do', 1: 'Done' }, done_colors: [1] }),
        newColumn('date4', 'Date', 'date'),
      ],
      groups: groups(['topics', 'Countdown', '#e2445c']),
    }),
    board(B.campaignSubitems, {
      accountId: ACME,
      name: 'Subitems of Marketing campaigns',
      kind: 'private',
      type: 'sub_items_board',
      ownerId: GRACE,
      ownerIds: [GRACE],
      subscriberIds: [GRACE, ADA],
      workspaceId: SEED_PLACES.acmeMarketing,
      parentBoardId: B.campaigns,
      columns: [
        newColumn('status', 'Status', 'status'),
        newColumn('date0', 'Date', 'date'),
        newColumn('effort', 'Effort (h)', 'numbers'),
      ],
      groups: groups(['topics', 'Subitems', '#579bfc']),
    }),
  ];

  const items: SeedItem[] = [];
  const item = (
    id: number,
    boardId: string,
    groupId: string,
    name: string,
    creatorId: string,
    columnValues: Record<string, unknown>,
    parentItemId?: string,
  ) => {
    items.push({
      id: String(id),
      boardId,
      groupId,
      name,
      creatorId,
      createdAt: T2,
      columnValues,
      ...(parentItemId ? { parentItemId } : {}),
    });
  };
  item(4_000_101, B.campaigns, 'topics', 'Autumn newsletter', GRACE, {
    status: 'Live',
    date4: '2024-10-01',
    numbers: 2500,
  });
  item(4_000_102, B.campaigns, 'topics', 'Webinar series', GRACE, { status: 'Planned', numbers: 8000 });
  item(4_000_103, B.campaigns, 'group_done', 'Summer sale', ADA, { status: 'Ended', date4: '2024-07-15' });
  item(4_000_111, B.campaignSubitems, 'topics', 'Write copy', GRACE, { status: 'Done', effort: 3 }, '4000101');
  item(
    4_000_112,
    B.campaignSubitems,
    'topics',
    'Pick the audience',
    GRACE,
    { status: 'Working on it', date0: '2024-09-20', effort: 5 },
    '4000101',
  );
  item(4_000_113, B.campaignSubitems, 'topics', 'Book speakers', ADA, { status: 'Stuck', effort: 8 }, '4000102');
  item(4_000_121, B.portal, 'topics', 'Invoice copy for September', ADA, { status: 'New', text: 'Initech' });
  item(4_000_122, B.portal, 'topics', 'Access for a new admin', ADA, { status: 'Answered', text: 'Umbrella' });
  item(4_000_131, B.hiring, 'topics', 'Backend engineer: J. Doe', ADA, {
    stage: 'Interview',
    long_text: { text: 'Strong on databases.\nSecond round next week.' },
  });
  item(4_000_132, B.hiring, 'design', 'Product designer: R. Roe', GRACE, {
    stage: 'Offer',
    check: { checked: 'true' },
  });
  item(4_000_141, B.archived, 'topics', 'Retire the old site', ADA, { text: 'Done in March' });
  item(4_000_151, B.launch, 'topics', 'Press release', HANK, { status: 'To do', date4: '2024-12-01' });

  const update = (
    id: number,
    accountId: string,
    itemId: string,
    creatorId: string,
    body: string,
    at: string,
    parentId: string | null = null,
  ): UpdateRecord => ({
    id: String(id),
    accountId,
    itemId,
    parentId,
    body,
    creatorId,
    createdAt: at,
    updatedAt: at,
    editedAt: at,
    likes: [],
    pinnedToItemIds: [],
    originalCreationDate: null,
  });
  const updates: UpdateRecord[] = [
    {
      ...update(9001, ACME, '4000001', ADA, '<p>Launch date agreed with <b>sales</b>: 1 November.</p>', T2),
      likes: [{ id: '9501', userId: GRACE, reactionType: 'like', createdAt: T3 }],
      pinnedToItemIds: ['4000001'],
    },
    update(9002, ACME, '4000001', GRACE, '<p>Great, I will tell the support team.</p>', T3, '9001'),
    update(9003, ACME, '4000006', GRACE, '<p>Reproduced on Safari 17 only.</p>', T2),
    {
      ...update(9004, ACME, '4000006', ADA, '<p>Fix is in review.</p>', T3, '9003'),
      likes: [{ id: '9502', userId: GRACE, reactionType: 'like', createdAt: T3 }],
    },
    update(9005, ACME, '4000101', GRACE, '<p>Newsletter goes out on the 1st; copy is final.</p>', T2),
    update(9006, ACME, '4000131', ADA, '<p>First interview went well.</p>', T3),
    update(9007, GLOBEX, '4000008', HANK, '<p>Phase two begins at dawn.</p>', T2),
    update(9008, GLOBEX, '4000008', HANK, '<p>Or at noon.</p>', T3, '9007'),
  ];

  const customActivities: CustomActivityRecord[] = [
    {
      id: 'a0b1c2d3-0000-4000-8000-000000000001',
      accountId: ACME,
      name: 'Client call',
      iconId: 'CONFERENCE',
      color: 'CELTIC_BLUE',
    },
    {
      id: 'a0b1c2d3-0000-4000-8000-000000000002',
      accountId: ACME,
      name: 'Site visit',
      iconId: 'LOCATION',
      color: 'GO_GREEN',
    },
    {
      id: 'a0b1c2d3-0000-4000-8000-000000000003',
      accountId: GLOBEX,
      name: 'Board meeting',
      iconId: 'FLAG',
      color: 'PARADISE_PINK',
    },
  ];
  const timelineEntry = (
    id: number,
    accountId: string,
    itemId: string,
    boardId: string,
    userId: string,
    activity: number,
    title: string,
    at: string,
  ): TimelineItemRecord => ({
    id: String(id),
    accountId,
    itemId,
    boardId,
    userId,
    customActivityId: customActivities[activity - 1]?.id ?? '',
    title,
    summary: null,
    content: null,
    location: null,
    phone: null,
    url: null,
    timestamp: at,
    timeRange: null,
    createdAt: at,
  });
  const timelineItems: TimelineItemRecord[] = [
    {
      ...timelineEntry(9101, ACME, '4000121', B.portal, ADA, 1, 'Call with Initech about invoices', T2),
      summary: 'Agreed to resend the invoice',
      content: 'They need the PO number on it.',
    },
    {
      ...timelineEntry(9102, ACME, '4000101', B.campaigns, GRACE, 2, 'Visit to the print shop', T3),
      location: 'London',
    },
    timelineEntry(9103, GLOBEX, '4000008', '3003', HANK, 3, 'Quarterly board meeting', T2),
  ];
  return { boards, items, updates, customActivities, timelineItems };
}

/** Merges {@link ORIGINAL_BOARD_PLACES} into a board of the original seed. */
export function placeOriginalBoard<T extends SeedBoard>(board: T): T {
  return { ...board, ...ORIGINAL_BOARD_PLACES[board.id] };
}
