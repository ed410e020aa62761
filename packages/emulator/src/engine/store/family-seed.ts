/**
 * Default sample data of the workspace-level families: workspaces 7001–7003, folders 71xx, teams 72xx, tags 73xx,
 * assets 74xx, webhooks 75xx, docs 76xx with blocks, knowledge base articles 768x with blocks 769x, forms 77xx
 * (./seed-forms.ts), and the accounts' plans and products.
 * Account 1001 is acme (users 501 Ada, 502 Grace), account 2002 is globex (user 601 Hank); see seed.ts.
 */
import type { AccountDetailsRecord } from './accounts.js';
import type { ArticleBlockRecord, ArticleRecord } from './articles.js';
import { type DocBlockRecord, type DocRecord, unstyledDocSettings } from './docs.js';
import type { FormRecord } from './form-records.js';
import type { AssetRecord } from './records.js';
import { seedForms } from './seed-forms.js';
import type { TagRecord } from './tags.js';
import type { TeamRecord } from './teams.js';
import type { WebhookRecord } from './webhooks.js';
import type { FolderRecord, WorkspaceRecord } from './workspaces.js';

/** The families' part of the seed. */
export interface FamilySeed {
  workspaces: WorkspaceRecord[];
  folders: FolderRecord[];
  teams: TeamRecord[];
  tags: TagRecord[];
  assets: AssetRecord[];
  webhooks: WebhookRecord[];
  docs: DocRecord[];
  docBlocks: DocBlockRecord[];
  /** Knowledge base articles, with their published blocks. */
  articles: ArticleRecord[];
  forms: FormRecord[];
  accountDetails: AccountDetailsRecord[];
}

const T0 = '2024-09-02T09:00:00Z';
const ACME = '1001';
const GLOBEX = '2002';
const ADA = '501';
const GRACE = '502';
const HANK = '601';

function workspace(
  id: string,
  accountId: string,
  name: string,
  fields: Partial<WorkspaceRecord> = {},
): WorkspaceRecord {
  const owner = accountId === ACME ? ADA : HANK;
  return {
    id,
    accountId,
    name,
    description: null,
    kind: 'open',
    state: 'active',
    createdAt: T0,
    isDefault: false,
    ownerIds: [owner],
    subscriberIds: [owner],
    teamIds: [],
    teamOwnerIds: [],
    iconColor: '#579bfc',
    accountProductId: null,
    ...fields,
  };
}

function folder(id: string, workspaceId: string, name: string, fields: Partial<FolderRecord> = {}): FolderRecord {
  const accountId = workspaceId === '7003' ? GLOBEX : ACME;
  return {
    id,
    accountId,
    workspaceId,
    name,
    color: null,
    fontWeight: null,
    customIcon: null,
    parentId: null,
    ownerId: accountId === ACME ? ADA : HANK,
    createdAt: T0,
    deleted: false,
    ...fields,
  };
}

function block(
  n: number,
  docId: string,
  type: string,
  content: unknown,
  parentBlockId: string | null = null,
): DocBlockRecord {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    docId,
    parentBlockId,
    type,
    content,
    position: (n % 10) * 10_000,
    createdById: docId === '7603' ? HANK : ADA,
    createdAt: T0,
    updatedAt: T0,
  };
}

function text(value: string): unknown {
  return { alignment: 'left', direction: 'ltr', deltaFormat: [{ insert: value }] };
}

/** A fresh copy of the families' default sample data. */
export function defaultFamilySeed(): FamilySeed {
  return {
    workspaces: [
      workspace('7001', ACME, 'Main workspace', {
        isDefault: true,
        accountProductId: '7051',
        subscriberIds: [ADA, GRACE],
        teamIds: ['7201'],
      }),
      workspace('7002', ACME, 'Marketing', {
        description: 'Campaigns and launches',
        kind: 'closed',
        ownerIds: [GRACE],
        subscriberIds: [GRACE, ADA],
        teamIds: ['7202'],
        teamOwnerIds: ['7202'],
        iconColor: '#e2445c',
        accountProductId: '7051',
      }),
      workspace('7003', GLOBEX, 'Main workspace', { isDefault: true, accountProductId: '7052' }),
    ],
    folders: [
      folder('7101', '7001', 'Planning', { color: 'BRIGHT_BLUE' }),
      folder('7102', '7002', 'Campaigns', { color: 'SUNSET', fontWeight: 'FONT_WEIGHT_BOLD', ownerId: GRACE }),
      folder('7103', '7002', '2025 launches', { parentId: '7102', customIcon: 'WORK', ownerId: GRACE }),
      folder('7104', '7003', 'Schemes'),
    ],
    teams: [
      {
        id: '7201',
        accountId: ACME,
        name: 'Engineering',
        pictureUrl: null,
        isGuest: false,
        userIds: [ADA, GRACE],
        ownerIds: [ADA],
        createdAt: T0,
      },
      {
        id: '7202',
        accountId: ACME,
        name: 'Marketing',
        pictureUrl: null,
        isGuest: false,
        userIds: [GRACE],
        ownerIds: [GRACE],
        createdAt: T0,
      },
      {
        id: '7203',
        accountId: GLOBEX,
        name: 'Henchmen',
        pictureUrl: null,
        isGuest: false,
        userIds: [HANK],
        ownerIds: [HANK],
        createdAt: T0,
      },
    ],
    tags: [
      { id: '7301', accountId: ACME, name: 'urgent', color: '#e2445c', boardId: null },
      { id: '7302', accountId: ACME, name: 'customer', color: '#579bfc', boardId: null },
      { id: '7303', accountId: ACME, name: 'roadmap-only', color: '#00c875', boardId: '3001' },
      { id: '7304', accountId: GLOBEX, name: 'classified', color: '#a25ddc', boardId: null },
    ],
    assets: [
      {
        id: '7401',
        accountId: ACME,
        itemId: '4000005',
        columnId: 'files',
        name: 'launch-plan.pdf',
        contentType: 'application/pdf',
        size: 48_213,
        uploadedById: ADA,
        createdAt: T0,
      },
      {
        id: '7402',
        accountId: ACME,
        itemId: '4000006',
        columnId: 'files',
        name: 'pricing.png',
        contentType: 'image/png',
        size: 120_400,
        uploadedById: GRACE,
        createdAt: T0,
      },
      {
        id: '7403',
        accountId: GLOBEX,
        itemId: '4000009',
        columnId: 'files',
        name: 'blueprint.png',
        contentType: 'image/png',
        size: 999_999,
        uploadedById: HANK,
        createdAt: T0,
      },
    ],
    webhooks: [
      {
        id: '7501',
        accountId: ACME,
        boardId: '3001',
        event: 'create_item',
        config: null,
        url: 'https://hooks.acme.example/items',
        appClientId: null,
        createdAt: T0,
      },
      {
        id: '7502',
        accountId: ACME,
        boardId: '3001',
        event: 'change_specific_column_value',
        config: '{"columnId":"status"}',
        url: 'https://hooks.acme.example/status',
        appClientId: 'demo-app',
        createdAt: T0,
      },
      {
        id: '7503',
        accountId: GLOBEX,
        boardId: '3003',
        event: 'create_update',
        config: null,
        url: 'https://hooks.globex.example/updates',
        appClientId: null,
        createdAt: T0,
      },
    ],
    docs: [
      doc('7601', '7651', ACME, '7001', null, 'Team handbook', ADA),
      doc('7602', '7652', ACME, '7002', '7102', 'Campaign brief', GRACE),
      doc('7603', '7653', GLOBEX, '7003', null, 'Master plan', HANK),
    ],
    docBlocks: [
      block(7611, '7601', 'large_title', text('Welcome')),
      block(7612, '7601', 'normal_text', text('How we work together.')),
      block(7613, '7601', 'bulleted_list', text('Ship small, ship often')),
      block(7621, '7602', 'medium_title', text('Goals')),
      block(7622, '7602', 'normal_text', text('Reach 1,000 sign-ups in the launch week.')),
      block(7631, '7603', 'normal_text', text('Step one: the hammock district.')),
    ],
    articles: seedArticles(),
    forms: seedForms(),
    // The sample plans state their per-board item limit (`Board.items_limit`); the emulator does not work it out.
    accountDetails: [
      {
        accountId: ACME,
        plan: { maxUsers: 25, period: 'yearly', tier: 'pro', version: 9, boardItemsLimit: 10_000 },
        products: [{ id: '7051', kind: 'core', defaultWorkspaceId: '7001' }],
        signUpProductKind: 'core',
        appsMonetizationSupported: true,
      },
      {
        accountId: GLOBEX,
        plan: { maxUsers: 1000, period: 'yearly', tier: 'enterprise', version: 9, boardItemsLimit: 100_000 },
        products: [{ id: '7052', kind: 'core', defaultWorkspaceId: '7003' }],
        signUpProductKind: 'core',
        appsMonetizationSupported: true,
      },
    ],
  };
}

function doc(
  id: string,
  objectId: string,
  accountId: string,
  workspaceId: string,
  folderId: string | null,
  name: string,
  createdById: string,
): DocRecord {
  return {
    id,
    objectId,
    accountId,
    workspaceId,
    folderId,
    name,
    kind: 'public',
    createdById,
    createdAt: T0,
    updatedAt: T0,
    deleted: false,
    // The sample docs are not styled: their settings are the plain ones, in the shape of the docs reference's field.
    settings: unstyledDocSettings(),
  };
}

function articleBlock(id: number, position: number, type: string, content: unknown): ArticleBlockRecord {
  const uuid = `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
  return { id: uuid, parentBlockId: null, type, content, position, createdById: ADA, createdAt: T0, updatedAt: T0 };
}

/** A published public article of acme with two blocks (7681), and a draft of Grace's (7684). */
function seedArticles(): ArticleRecord[] {
  const common = { accountId: ACME, subscriberIds: [], subscriberTeamIds: [], updatedAt: T0 };
  return [
    {
      ...common,
      id: '7681',
      workspaceId: '7001',
      folderId: null,
      name: 'Release checklist',
      creatorId: ADA,
      draftId: '7682',
      publishedId: '7683',
      privacyKind: 'PUBLIC',
      state: 'published',
      ownerIds: [ADA],
      blocks: [
        articleBlock(7691, 10_000, 'large_title', text('Before a release')),
        articleBlock(7692, 20_000, 'normal_text', text('Run the tests and tag the build.')),
      ],
    },
    {
      ...common,
      id: '7684',
      workspaceId: '7002',
      folderId: '7102',
      name: 'Campaign style guide',
      creatorId: GRACE,
      draftId: '7685',
      publishedId: null,
      privacyKind: null,
      state: 'draft',
      ownerIds: [GRACE],
      blocks: [],
    },
  ];
}
