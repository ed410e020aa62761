/**
 * Reading real boards into a snapshot (the `snapshot` command): each board as it is, through the SDK, so the
 * platform's rate limits, retries and cursor expiry are handled as for any app. Rule map:
 * - what is read: the reader (`me` and its account); each board's fields, columns (with their settings), groups and
 *   owners; its items (`exportItems`, every column value as the platform's JSON) with their creator, creation and last change times
 *   and parent item; the subitems board of each board that has one, read the same way; the workspace and folder holding
 *   each board; the users and teams the boards and values name, and the tags the values name;
 * - what becomes of it: seed data for the emulator, each value in the form `create_item` accepts (the platform's own
 *   JSON with its bookkeeping keys, `changed_at` and the like, left out), computed kinds (formula, mirror, ...) left
 *   to the emulator, which computes them from the copied cells; a files column's entries kept as read (`create_item`
 *   writes no files), with the records of the uploads they list (not the bytes) and of the docs they name (not
 *   their content);
 * - personal data: people's names and emails become stable placeholders (`User 501`, `user-501@example.invalid`)
 *   unless `keepPersonalData`; nothing else about a person is read;
 * - resuming: after each page, what was read so far is appended to a progress file beside the output; a run with
 *   the same arguments goes on from it (the export's own checkpoint), a run with others refuses it;
 * - secrets: the token is the client's and never reaches the snapshot, the progress file or a message.
 * The platform's pages: https://developer.monday.com/api-reference/reference/boards,
 * https://developer.monday.com/api-reference/reference/items-page, https://developer.monday.com/api-reference/reference/users.
 * Pinned by packages/emulator/test/commands/snapshot-command.test.ts and snapshot-every-kind.test.ts.
 */
import type { PlatformClient } from 'workspace-platform-sdk';
import { type ExportCheckpoint, type ExportedItem, exportItems } from 'workspace-platform-sdk/bulk';
import type { SeedBoard, SeedData, SeedItem } from '../engine/index.js';
import type { DocRecord } from '../engine/store/docs.js';
import { type SnapshotFile, STATE_FILE_FORMAT, STATE_FILE_VERSION } from '../state/state-file.js';

/** What to read. */
export interface SnapshotReadOptions {
  /** The boards to read (their subitems boards are read with them). */
  boards: readonly string[];
  /** Leave the items out. */
  structureOnly: boolean;
  /** Keep people's names and emails instead of placeholders. */
  keepPersonalData: boolean;
  /** What an earlier run with the same options read, to go on from. */
  progress?: SnapshotProgress;
  /** Called after each page with what was read so far (for the progress file). */
  onProgress?: (progress: SnapshotProgress) => void | Promise<void>;
  /** Stops the read between pages. */
  signal?: AbortSignal;
}

/** What was read so far: the structure, and each board's items with the export's checkpoint. */
export interface SnapshotProgress {
  /** The options the progress belongs to, to refuse another run's. */
  key: string;
  /** Items read, by board, and where each board's export stands (null once done). */
  boards: Record<
    string,
    { items: SeedItem[]; checkpoint: ExportCheckpoint | null; done: boolean; subitemsBoardId: string | null }
  >;
}

const ME = `query { me { id account { id name slug tier country_code first_day_of_the_week } } }`;

const BOARD = `query ($ids: [ID!]) { boards(ids: $ids) {
  id name description board_kind state type workspace_id board_folder_id created_at updated_at
  owners { id } subscribers { id } team_owners { id } team_subscribers { id }
  columns { id title type description width settings_str }
  groups { id title color archived deleted }
} }`;

const ITEM_FACTS = `query ($ids: [ID!]) { items(ids: $ids, limit: 100) {
  id created_at updated_at creator_id parent_item { id } subitems { id board { id } } } }`;
const USERS = `query ($ids: [ID!]) { users(ids: $ids, limit: 100) {
  id name email title kind is_deleted created_at time_zone_identifier } }`;
const TEAMS = `query ($ids: [ID!]) { teams(ids: $ids) { id name picture_url is_guest users { id } owners { id } } }`;
const TAGS = `query ($ids: [ID!]) { tags(ids: $ids) { id name color } }`;
const WORKSPACES = `query ($ids: [ID!]) { workspaces(ids: $ids) { id name description kind state created_at } }`;
const ASSETS = `query ($ids: [ID!]!) { assets(ids: $ids) { id name file_size created_at uploaded_by { id } } }`;
const DOCS = `query ($ids: [ID!]) { docs(object_ids: $ids, limit: 100) {
  id object_id name doc_kind workspace_id created_at created_by { id } } }`;
const FOLDERS = `query ($ids: [ID!]) { folders(ids: $ids) { id name color created_at parent { id } workspace { id } } }`;

/** Keys of a column value's JSON that are the platform's bookkeeping, not the value (left out of a write). */
const BOOKKEEPING_KEYS = ['changed_at', 'post_id', 'updated_at'];

/** Kinds whose value the emulator computes from other cells or the item, so the snapshot copies no value. */
const COMPUTED_KINDS = new Set([
  'name',
  'subtasks',
  'mirror',
  'formula',
  'auto_number',
  'creation_log',
  'last_updated',
  'item_id',
  'progress',
  'time_tracking',
  'button',
  'vote',
  'group',
  'item_assignees',
  'direct_doc',
  'doc',
  'unsupported',
]);

interface RawBoard {
  id: string;
  name: string;
  description: string | null;
  board_kind: string;
  state: string;
  type: string | null;
  workspace_id: string | null;
  board_folder_id: string | null;
  created_at: string | null;
  updated_at: string | null;
  owners: ({ id: string } | null)[];
  subscribers: ({ id: string } | null)[];
  team_owners: ({ id: string } | null)[] | null;
  team_subscribers: ({ id: string } | null)[] | null;
  columns: ({
    id: string;
    title: string;
    type: string;
    description: string | null;
    width: number | null;
    settings_str: string;
  } | null)[];
  groups: ({ id: string; title: string; color: string; archived: boolean | null; deleted: boolean | null } | null)[];
}

/** The key of one run's options: a progress file of another run is refused. */
export function progressKey(baseUrl: string, options: Pick<SnapshotReadOptions, 'boards' | 'structureOnly'>): string {
  return JSON.stringify({ baseUrl, boards: [...options.boards], structureOnly: options.structureOnly });
}

/**
 * Reads the boards and everything they name into a snapshot.
 * @throws {@link PlatformError} (as a rejection) the SDK's error when the API refuses a call (an unknown board is a
 * `NotFoundError`), with the token redacted.
 */
export async function readSnapshot(client: PlatformClient, options: SnapshotReadOptions): Promise<SnapshotFile> {
  const meAnswer = await client.request<{
    me: {
      id: string;
      account: {
        id: string;
        name: string;
        slug: string;
        tier: string | null;
        country_code: string | null;
        first_day_of_the_week: string | null;
      };
    };
  }>(ME);
  const me = meAnswer.data.me;
  const account = me.account;
  const key = progressKey(client.baseUrl, options);
  const progress: SnapshotProgress =
    options.progress && options.progress.key === key ? options.progress : { key, boards: {} };

  const boards: SeedBoard[] = [];
  const items: SeedItem[] = [];
  const pending = [...new Set(options.boards.map(String))];
  const parentOf = new Map<string, string>();
  const userIds = new Set<string>([String(me.id)]);
  const teamIds = new Set<string>();
  const tagIds = new Set<string>();
  /** The uploads the files columns list, each with the first item and column listing it. */
  const assetsNamed = new Map<string, NamedAsset>();
  /** The docs the files columns list, by object id. */
  const docsNamed = new Set<string>();
  /** A subitems board found (in a board's settings or an item's subitems): read after the boards asked for. */
  const found = (subitemsBoardId: string, parentId: string) => {
    if (parentOf.has(subitemsBoardId) || boards.some((board) => board.id === subitemsBoardId)) return;
    parentOf.set(subitemsBoardId, parentId);
    pending.push(subitemsBoardId);
  };
  while (pending.length > 0) {
    const id = pending.shift() as string;
    if (boards.some((board) => board.id === id)) continue;
    const answer = await client.request<{ boards: (RawBoard | null)[] | null }>(BOARD, { ids: [id] });
    const raw = answer.data.boards?.find((board) => String(board?.id) === id);
    if (!raw) throw new SnapshotBoardMissingError(id);
    const board = seedBoard(raw, account.id, parentOf.get(id) ?? null);
    for (const owner of board.ownerIds ?? []) userIds.add(owner);
    for (const subscriber of board.subscriberIds ?? []) userIds.add(subscriber);
    for (const team of [...(board.teamOwnerIds ?? []), ...(board.teamSubscriberIds ?? [])]) teamIds.add(team);
    boards.push(board);
    if (board.subitemsBoardId) found(board.subitemsBoardId, board.id);
    if (options.structureOnly) continue;
    const read = progress.boards[board.id] ?? { items: [], checkpoint: null, done: false, subitemsBoardId: null };
    progress.boards[board.id] = read;
    if (!read.done) await readItems(client, board, read, progress, options);
    if (read.subitemsBoardId) {
      board.subitemsBoardId ??= read.subitemsBoardId;
      found(read.subitemsBoardId, board.id);
    }
    items.push(...read.items);
    for (const item of read.items) {
      userIds.add(item.creatorId);
      for (const [columnId, entries] of Object.entries(item.files ?? {}))
        for (const entry of entries) {
          if (entry.createdBy !== undefined && entry.createdBy !== null) userIds.add(String(entry.createdBy));
          const assetId = entry.fileType === 'ASSET' ? entry.assetId : undefined;
          if (assetId !== undefined && assetId !== null && !assetsNamed.has(String(assetId)))
            assetsNamed.set(String(assetId), { itemId: item.id, columnId, isImage: entry.isImage === 'true' });
          if (entry.fileType === 'MONDAY_DOC' && entry.objectId !== undefined) docsNamed.add(String(entry.objectId));
        }
      for (const [columnId, value] of Object.entries(item.columnValues ?? {}))
        namedIn(board.columns.find((column) => column.id === columnId)?.type, value, userIds, teamIds, tagIds);
    }
  }

  const assets = await readAssets(client, assetsNamed, String(account.id));
  for (const asset of assets) userIds.add(asset.uploadedById);
  const docs = await readDocs(client, [...docsNamed], String(account.id));
  for (const doc of docs) userIds.add(doc.createdById);
  const places = await readPlaces(
    client,
    boards,
    docs.map((doc) => doc.workspaceId),
    String(account.id),
  );
  const seed: SeedData = {
    accounts: [
      {
        id: String(account.id),
        name: account.name,
        slug: account.slug,
        tier: account.tier ?? 'pro',
        countryCode: account.country_code ?? 'US',
        firstDayOfTheWeek: account.first_day_of_the_week === 'sunday' ? 'sunday' : 'monday',
      },
    ],
    users: await readUsers(client, [...userIds], String(account.id), options.keepPersonalData),
    boards,
    items,
    teams: await readTeams(client, [...teamIds], String(account.id)),
    tags: await readTags(client, [...tagIds], String(account.id)),
    assets,
    workspaces: places.workspaces,
    folders: places.folders,
    docs: docs.filter((doc) => places.workspaces.some((workspace) => workspace.id === doc.workspaceId)),
  };
  return {
    format: STATE_FILE_FORMAT,
    formatVersion: STATE_FILE_VERSION,
    kind: 'snapshot',
    writtenAt: new Date().toISOString(),
    seed,
    reader: { accountId: Number(account.id), userId: Number(me.id) },
    source: {
      baseUrl: client.baseUrl,
      boards: [...options.boards],
      apiVersion: client.apiVersion,
      structureOnly: options.structureOnly,
      personalData: options.keepPersonalData ? 'kept' : 'placeholders',
    },
  };
}

/** A board the token cannot see, or that does not exist; nothing was written. */
export class SnapshotBoardMissingError extends Error {
  override name = 'SnapshotBoardMissingError' as const;
  /** The board asked for. */
  readonly boardId: string;
  constructor(boardId: string) {
    super(`board ${boardId} was not found, or the token cannot see it`);
    this.boardId = boardId;
  }
}

function ids(list: ({ id: string } | null)[] | null | undefined): string[] {
  return (list ?? []).flatMap((entry) => (entry ? [String(entry.id)] : []));
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function seedBoard(raw: RawBoard, accountId: string, parentBoardId: string | null): SeedBoard {
  const columns = raw.columns.flatMap((column) => {
    if (!column) return [];
    const settings = parseJson(column.settings_str);
    return [
      {
        id: column.id,
        title: column.title,
        type: column.type as SeedBoard['columns'][number]['type'],
        description: column.description ?? null,
        width: column.width ?? null,
        settings: settings !== null && typeof settings === 'object' ? (settings as Record<string, unknown>) : {},
      },
    ];
  });
  const subtasks = columns.find((column) => column.type === 'subtasks');
  const subitemsBoard = (subtasks?.settings.boardIds as unknown[] | undefined)?.[0];
  const owners = ids(raw.owners);
  const created = raw.created_at ?? raw.updated_at ?? new Date(0).toISOString();
  return {
    id: String(raw.id),
    accountId,
    name: raw.name,
    description: raw.description ?? null,
    kind: (['public', 'private', 'share'].includes(raw.board_kind) ? raw.board_kind : 'public') as SeedBoard['kind'],
    state: (['active', 'archived', 'deleted'].includes(raw.state) ? raw.state : 'active') as SeedBoard['state'],
    type: raw.type === 'sub_items_board' || parentBoardId ? 'sub_items_board' : 'board',
    ownerId: owners[0] ?? '0',
    ownerIds: owners,
    subscriberIds: ids(raw.subscribers),
    teamOwnerIds: ids(raw.team_owners),
    teamSubscriberIds: ids(raw.team_subscribers),
    workspaceId: raw.workspace_id === null ? null : String(raw.workspace_id),
    folderId: raw.board_folder_id === null ? null : String(raw.board_folder_id),
    subitemsBoardId: subitemsBoard === undefined || subitemsBoard === null ? null : String(subitemsBoard),
    parentBoardId,
    createdAt: created,
    updatedAt: raw.updated_at ?? created,
    columns,
    groups: raw.groups.flatMap((group) =>
      group
        ? [
            {
              id: group.id,
              title: group.title,
              color: group.color,
              archived: group.archived === true,
              deleted: group.deleted === true,
            },
          ]
        : [],
    ),
  };
}

/** A column value as the platform's JSON, in the form `create_item` accepts; undefined for none to copy. */
export function writableValue(kind: string, value: string | null): unknown {
  if (COMPUTED_KINDS.has(kind)) return undefined;
  const parsed = parseJson(value);
  if (parsed === null || parsed === undefined) return undefined;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return parsed;
  const copy: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
  for (const key of BOOKKEEPING_KEYS) delete copy[key];
  return Object.keys(copy).length === 0 ? undefined : copy;
}

async function readItems(
  client: PlatformClient,
  board: SeedBoard,
  read: SnapshotProgress['boards'][string],
  progress: SnapshotProgress,
  options: SnapshotReadOptions,
): Promise<void> {
  const kinds = new Map(board.columns.map((column) => [column.id, column.type as string]));
  const listing = exportItems(client, {
    boardId: board.id,
    ...(read.checkpoint ? { checkpoint: read.checkpoint } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let page: ExportedItem[] = [];
  const flush = async () => {
    if (page.length === 0) return;
    const facts = await client.request<{
      items: {
        id: string;
        created_at: string | null;
        updated_at: string | null;
        creator_id: string | null;
        parent_item: { id: string } | null;
        subitems: ({ id: string; board: { id: string } | null } | null)[] | null;
      }[];
    }>(ITEM_FACTS, { ids: page.map((item) => item.id) });
    const byId = new Map(facts.data.items.map((fact) => [String(fact.id), fact]));
    for (const item of page) {
      const fact = byId.get(item.id);
      const subitemsBoard = fact?.subitems?.find((sub) => sub?.board)?.board;
      if (subitemsBoard) read.subitemsBoardId ??= String(subitemsBoard.id);
      const columnValues: Record<string, unknown> = {};
      const files: Record<string, Record<string, unknown>[]> = {};
      for (const cell of item.columnValues) {
        const kind = kinds.get(cell.id) ?? cell.type;
        if (kind === 'file') {
          const entries = fileEntries(cell.value);
          if (entries.length > 0) files[cell.id] = entries;
          continue;
        }
        const value = writableValue(kind, cell.value);
        if (value !== undefined) columnValues[cell.id] = value;
      }
      read.items.push({
        id: item.id,
        boardId: board.id,
        groupId: item.groupId ?? board.groups[0]?.id ?? 'topics',
        name: item.name,
        creatorId: String(fact?.creator_id ?? board.ownerId),
        createdAt: fact?.created_at ?? board.createdAt,
        ...(fact?.updated_at ? { updatedAt: fact.updated_at } : {}),
        ...(fact?.parent_item ? { parentItemId: String(fact.parent_item.id) } : {}),
        columnValues,
        ...(Object.keys(files).length > 0 ? { files } : {}),
      });
    }
    page = [];
    read.checkpoint = listing.checkpoint();
    await options.onProgress?.(progress);
  };
  for await (const item of listing) {
    page.push(item);
    if (page.length === 100) await flush();
  }
  await flush();
  read.done = true;
  read.checkpoint = null;
  await options.onProgress?.(progress);
}

/**
 * The entries of a files column's value (`{"files": [...]}`), each as the platform lists it: an upload by `assetId`,
 * a link by `linkToFile`, a doc by `objectId`, with who added it and when
 * (https://developer.monday.com/api-reference/reference/assets). Anything else is not an entry and is left out.
 */
export function fileEntries(value: string | null): Record<string, unknown>[] {
  const files = (parseJson(value) as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return [];
  return files.filter(
    (entry): entry is Record<string, unknown> =>
      entry !== null &&
      typeof entry === 'object' &&
      typeof (entry as Record<string, unknown>).fileType === 'string' &&
      typeof (entry as Record<string, unknown>).name === 'string',
  );
}

/** Adds the users, teams and tags a value names. */
function namedIn(kind: string | undefined, value: unknown, users: Set<string>, teams: Set<string>, tags: Set<string>) {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (kind === 'people' && Array.isArray(record.personsAndTeams)) {
    for (const entry of record.personsAndTeams as { id?: unknown; kind?: unknown }[]) {
      if (entry?.kind === 'team') teams.add(String(entry.id));
      else if (entry?.id !== undefined) users.add(String(entry.id));
    }
  }
  if (kind === 'team' && record.team_id !== undefined) teams.add(String(record.team_id));
  if (kind === 'tags' && Array.isArray(record.tag_ids)) for (const tag of record.tag_ids) tags.add(String(tag));
}

async function inChunks<T>(all: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let at = 0; at < all.length; at += 100) out.push(...(await read(all.slice(at, at + 100))));
  return out;
}

async function readUsers(client: PlatformClient, userIds: string[], accountId: string, keep: boolean) {
  const found = await inChunks(userIds, async (chunk) => {
    const answer = await client.request<{
      users: ({
        id: string;
        name: string;
        email: string;
        title: string | null;
        kind: string | null;
        is_deleted: boolean | null;
        created_at: string | null;
        time_zone_identifier: string | null;
      } | null)[];
    }>(USERS, { ids: chunk });
    return answer.data.users.flatMap((user) => (user ? [user] : []));
  });
  const byId = new Map(found.map((user) => [String(user.id), user]));
  // A user the values name but the token cannot read (deactivated, of another account) stays as a placeholder, so
  // every value still loads.
  return userIds.map((id) => {
    const user = byId.get(id);
    return {
      id,
      accountId,
      name: keep && user ? user.name : `User ${id}`,
      email: keep && user ? user.email : `user-${id}@example.invalid`,
      title: keep ? (user?.title ?? null) : null,
      isAdmin: user?.kind === 'admin',
      isGuest: user?.kind === 'guest',
      enabled: user?.is_deleted !== true,
      createdAt: user?.created_at ?? new Date(0).toISOString(),
      timeZone: user?.time_zone_identifier ?? null,
    };
  });
}

async function readTeams(client: PlatformClient, teamIds: string[], accountId: string) {
  return inChunks(teamIds, async (chunk) => {
    const answer = await client.request<{
      teams: ({
        id: string;
        name: string;
        picture_url: string | null;
        is_guest: boolean | null;
        users: ({ id: string } | null)[] | null;
        owners: ({ id: string } | null)[] | null;
      } | null)[];
    }>(TEAMS, { ids: chunk });
    return answer.data.teams.flatMap((team) =>
      team
        ? [
            {
              id: String(team.id),
              accountId,
              name: team.name,
              pictureUrl: team.picture_url ?? null,
              isGuest: team.is_guest === true,
              userIds: ids(team.users),
              ownerIds: ids(team.owners),
            },
          ]
        : [],
    );
  });
}

/** An upload a files column lists: the first item and column listing it, and whether the value calls it an image. */
interface NamedAsset {
  itemId: string;
  columnId: string;
  isImage: boolean;
}

/**
 * The records of the uploads the files columns list (name, size, uploader, time; the bytes are not read), by the
 * `assets` query (https://developer.monday.com/api-reference/reference/files). The API answers no media type, so an image is kept as `image/<extension>` and any other file as `application/octet-stream`.
 * An upload the token cannot read is left out: its entry stays, and reads as a file no longer available.
 */
async function readAssets(client: PlatformClient, named: Map<string, NamedAsset>, accountId: string) {
  const found = await inChunks([...named.keys()], async (chunk) => {
    const answer = await client.request<{
      assets: ({
        id: string;
        name: string;
        file_size: number | null;
        created_at: string | null;
        uploaded_by: { id: string } | null;
      } | null)[];
    }>(ASSETS, { ids: chunk });
    return answer.data.assets.flatMap((asset) => (asset ? [asset] : []));
  });
  return found.flatMap((asset) => {
    const where = named.get(String(asset.id));
    if (!where) return [];
    const dot = asset.name.lastIndexOf('.');
    const extension = dot > 0 ? asset.name.slice(dot + 1).toLowerCase() : '';
    return [
      {
        id: String(asset.id),
        accountId,
        itemId: where.itemId,
        columnId: where.columnId,
        name: asset.name,
        contentType: where.isImage ? `image/${extension || 'unknown'}` : 'application/octet-stream',
        size: asset.file_size ?? 0,
        uploadedById: asset.uploaded_by ? String(asset.uploaded_by.id) : '0',
        createdAt: asset.created_at ?? new Date(0).toISOString(),
      },
    ];
  });
}

async function readTags(client: PlatformClient, tagIds: string[], accountId: string) {
  return inChunks(tagIds, async (chunk) => {
    const answer = await client.request<{ tags: ({ id: string; name: string; color: string } | null)[] }>(TAGS, {
      ids: chunk,
    });
    return answer.data.tags.flatMap((tag) =>
      tag ? [{ id: String(tag.id), accountId, name: tag.name, color: tag.color, boardId: null }] : [],
    );
  });
}

/**
 * The docs the files columns list (their name, kind, workspace, creator and time; not their content), so that each
 * entry reads its doc. A doc the token cannot read, or outside a workspace, is left out.
 */
async function readDocs(client: PlatformClient, objectIds: string[], accountId: string): Promise<DocRecord[]> {
  const found = await inChunks(objectIds, async (chunk) => {
    const answer = await client.request<{
      docs: ({
        id: string;
        object_id: string;
        name: string;
        doc_kind: string | null;
        workspace_id: string | null;
        created_at: string | null;
        created_by: { id: string } | null;
      } | null)[];
    }>(DOCS, { ids: chunk });
    return answer.data.docs.flatMap((doc) => (doc?.workspace_id ? [doc] : []));
  });
  return found.map((doc) => {
    const created = doc.created_at ?? new Date(0).toISOString();
    return {
      id: String(doc.id),
      objectId: String(doc.object_id),
      accountId,
      workspaceId: String(doc.workspace_id),
      folderId: null,
      name: doc.name,
      kind: (doc.doc_kind === 'private' || doc.doc_kind === 'share' ? doc.doc_kind : 'public') as DocRecord['kind'],
      createdById: doc.created_by ? String(doc.created_by.id) : '0',
      createdAt: created,
      updatedAt: created,
      deleted: false,
    };
  });
}

/** The workspaces and folders holding the boards (a board's own ids are kept even when its place cannot be read). */
async function readPlaces(client: PlatformClient, boards: SeedBoard[], docWorkspaceIds: string[], accountId: string) {
  const workspaceIds = [
    ...new Set([...boards.flatMap((board) => (board.workspaceId ? [board.workspaceId] : [])), ...docWorkspaceIds]),
  ];
  const folderIds = [...new Set(boards.flatMap((board) => (board.folderId ? [board.folderId] : [])))];
  const workspaces = await inChunks(workspaceIds, async (chunk) => {
    const answer = await client.request<{
      workspaces: ({
        id: string;
        name: string;
        description: string | null;
        kind: string | null;
        state: string | null;
        created_at: string | null;
      } | null)[];
    }>(WORKSPACES, { ids: chunk });
    return answer.data.workspaces.flatMap((workspace) =>
      workspace
        ? [
            {
              id: String(workspace.id),
              accountId,
              name: workspace.name,
              description: workspace.description ?? null,
              kind: (workspace.kind === 'closed' || workspace.kind === 'template' ? workspace.kind : 'open') as 'open',
              state: 'active' as const,
              createdAt: workspace.created_at ?? new Date(0).toISOString(),
              isDefault: false,
              ownerIds: [],
              subscriberIds: [],
              teamIds: [],
              teamOwnerIds: [],
              iconColor: null,
              accountProductId: null,
            },
          ]
        : [],
    );
  });
  const folders = await inChunks(folderIds, async (chunk) => {
    const answer = await client.request<{
      folders: ({
        id: string;
        name: string;
        color: string | null;
        created_at: string | null;
        parent: { id: string } | null;
        workspace: { id: string } | null;
      } | null)[];
    }>(FOLDERS, { ids: chunk });
    return answer.data.folders.flatMap((folder) =>
      folder?.workspace
        ? [
            {
              id: String(folder.id),
              accountId,
              workspaceId: String(folder.workspace.id),
              name: folder.name,
              color: folder.color ?? null,
              fontWeight: null,
              customIcon: null,
              parentId: folder.parent ? String(folder.parent.id) : null,
              ownerId: null,
              createdAt: folder.created_at ?? new Date(0).toISOString(),
              deleted: false,
            },
          ]
        : [],
    );
  });
  // A board whose workspace or folder could not be read is served outside one, rather than pointing at nothing.
  for (const board of boards) {
    if (board.workspaceId && !workspaces.some((workspace) => workspace.id === board.workspaceId))
      board.workspaceId = null;
    if (board.folderId && !folders.some((folder) => folder.id === board.folderId)) board.folderId = null;
  }
  return { workspaces, folders };
}
