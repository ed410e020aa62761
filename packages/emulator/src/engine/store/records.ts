/**
 * Plain records the emulator's store keeps. Ids are numeric strings (GraphQL `ID`), except group and
 * column ids, which are short strings as on the platform (`topics`, `status`).
 */

/** Column kinds: every value of the `ColumnType` enum (the emulator models each, see ../column-kinds/index.ts). */
export type { ColumnKind } from '../column-kinds/kinds.js';

import type { ColumnKind } from '../column-kinds/kinds.js';

/** Lifecycle state of a board or an item. */
export type RecordState = 'active' | 'archived' | 'deleted';

/** An account. */
export interface AccountRecord {
  /** Account id (a numeric string). */
  id: string;
  /** Display name. */
  name: string;
  /** Subdomain part of the account's address. */
  slug: string;
  /** Plan tier, e.g. `enterprise`. */
  tier: string;
  /** ISO 3166-1 alpha-2 country code. */
  countryCode: string;
  /** First day of the week in the account's calendars. */
  firstDayOfTheWeek: 'monday' | 'sunday';
}

/** A user of one account. */
export interface UserRecord {
  /** User id (a numeric string). */
  id: string;
  /** The account the user belongs to. */
  accountId: string;
  /** Full name. */
  name: string;
  /** Email address. */
  email: string;
  /** Job title, if set. */
  title: string | null;
  /** True for an account admin. */
  isAdmin: boolean;
  /** True for a guest of the account. */
  isGuest: boolean;
  /** False once the user is deactivated. */
  enabled: boolean;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** IANA time zone, e.g. `Europe/London`; null for an invited user who has not signed up yet. */
  timeZone: string | null;
  /** Profile details the user filled in (absent: not set); the seed gives each user plausible ones. */
  profile?: UserProfile;
  /** The user's out-of-office period, when one is set (absent: none). */
  outOfOffice?: OutOfOfficeRecord;
  /** True while an invited user has not accepted the invitation (absent: false). */
  pending?: boolean;
  /** False until the user confirms their email address (absent: true). */
  verified?: boolean;
  /** True for a viewer, who can see but not change boards (absent: false). */
  viewOnly?: boolean;
  /** ISO 8601 time the user became active; null: not yet (pending); absent: not known to the emulator. */
  becameActiveAt?: string | null;
  /** The day the user joined the account, `YYYY-MM-DD` (absent: the day of `createdAt`). */
  joinDate?: string;
  /** How the user came into the account (`InvitationMethod`, e.g. `USER`); absent: not known to the emulator. */
  invitationMethod?: string;
  /** The product the user signed up through, e.g. `core`; absent: not known to the emulator. */
  signUpProductKind?: string;
}

/** A period a user set themselves out of office for (`User.out_of_office`). */
export interface OutOfOfficeRecord {
  /** What kind of absence, e.g. `out_of_office`, `out_sick`, `working_from_home`. */
  type: string;
  /** First day, `YYYY-MM-DD`. */
  startDate: string;
  /** Last day, `YYYY-MM-DD`. */
  endDate: string;
  /** True when the user mutes notifications while away. */
  disableNotifications: boolean;
}

/** What a user's profile page holds; every field may be unset. */
export interface UserProfile {
  /** Desk phone, as typed. */
  phone?: string;
  /** Mobile phone, as typed. */
  mobilePhone?: string;
  /** Free-text location, e.g. `London`. */
  location?: string;
  /** ISO 3166-1 alpha-2 country code, e.g. `GB`. */
  countryCode?: string;
  /** Birthday, `YYYY-MM-DD`. */
  birthday?: string;
  /** Interface language, e.g. `en`. */
  language?: string;
  /** ISO 8601 time of the user's last action. */
  lastActivity?: string;
  /** Address of the uploaded profile photo (its sizes are derived from it); absent: the default avatar. */
  photo?: string;
}

/** The AI blocks the configure mutations set, named after their mutation. */
export type AiColumnBlock =
  | 'categorize'
  | 'extract'
  | 'improve_text'
  | 'open_block'
  | 'person_assignment'
  | 'summarize'
  | 'translate'
  | 'write_me';

/** One column's AI configuration, as given to its configure mutation (kept and changed by ./ai-columns.ts). */
export interface AiColumnConfig {
  block: AiColumnBlock;
  /** The block's arguments as given (besides the board and column), e.g. `source_type`, `target_language`. */
  settings: Record<string, unknown>;
  /** Whether the block was to run on the board's existing items (`extra_settings.run_backfill`, default true). */
  runBackfill: boolean;
  configuredById: string;
  configuredAt: string;
}

/**
 * A column. Status columns keep their labels in `settings.labels` (label id → label), their positions in
 * `settings.labels_positions_v2` and `settings.done_colors`.
 */
export interface ColumnRecord {
  /** Column id, a short string such as `status`. */
  id: string;
  /** Column title. */
  title: string;
  /** What the column holds. */
  type: ColumnKind;
  /** Description, if set. */
  description: string | null;
  /** Width in pixels, if set. */
  width: number | null;
  /** Column settings (labels of a status column, …). */
  settings: Record<string, unknown>;
  /**
   * How a parent item's value in this column is calculated from its subitems' (`SUM`, `MIN`, …), when a calculation
   * was set with create_column's `capabilities`; absent: none.
   */
  calculated?: string;
  /** The AI block configured on the column (./ai-columns.ts); absent: none. */
  ai?: AiColumnConfig;
}

/** A group of items; its position is its index in the board's `groups`. */
export interface GroupRecord {
  /** Group id, a short string such as `topics`. */
  id: string;
  /** Group title. */
  title: string;
  /** Group colour, e.g. `#579bfc`. */
  color: string;
  /** True once archived. */
  archived: boolean;
  /** True once deleted. */
  deleted: boolean;
}

/** What a board holds: ordinary items, or the subitems of another board's items. */
export type BoardType = 'board' | 'sub_items_board';

/** A board with its columns and groups. */
export interface BoardRecord {
  /** Board id (a numeric string). */
  id: string;
  /** The account owning the board. */
  accountId: string;
  /** Board name. */
  name: string;
  /** Description, if set. */
  description: string | null;
  /** Who can see the board. */
  kind: 'public' | 'private' | 'share';
  /** Whether the board holds ordinary items or another board's subitems. */
  type: BoardType;
  /** Lifecycle state. */
  state: RecordState;
  /** The user who created the board. */
  ownerId: string;
  /** Users who own the board (the creator first). */
  ownerIds: string[];
  /** Users subscribed to the board (owners included). */
  subscriberIds: string[];
  /** Teams that own the board. */
  teamOwnerIds: string[];
  /** Teams subscribed to the board (owning teams included). */
  teamSubscriberIds: string[];
  /** Who may edit: `everyone`, `collaborators`, `assignee` or `owners`. */
  permissions: string;
  /** Workspace id, if the board is in one. */
  workspaceId: string | null;
  /** Folder id, if the board is in one. */
  folderId: string | null;
  /** The board holding this board's subitems, once it has any. */
  subitemsBoardId: string | null;
  /** For a subitems board: the board whose items it serves. */
  parentBoardId: string | null;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** ISO 8601 time of the last change. */
  updatedAt: string;
  /** Columns, in display order. */
  columns: ColumnRecord[];
  /** Groups, in display order. */
  groups: GroupRecord[];
  /** What the board calls its items (`item_terminology`), when a nickname was given; absent: the default. */
  itemNickname?: ItemNickname;
  /** The board `duplicate_board` copied this one from; absent or null: not a copy. */
  createdFromBoardId?: string | null;
}

/** A board's nickname for its items, as `create_board(item_nickname:)` takes it. */
export interface ItemNickname {
  /** One item, e.g. `Task`. */
  singular: string | null;
  /** Several items, e.g. `Tasks`. */
  plural: string | null;
  /** The predefined nickname picked, if any. */
  presetType: string | null;
}

/** An item. `values` holds each set column's stored value (the decoded form of the `value` field). */
export interface ItemRecord {
  /** Item id (a numeric string). */
  id: string;
  /** The board holding the item. */
  boardId: string;
  /** The group holding the item. */
  groupId: string;
  /** Item name. */
  name: string;
  /** Lifecycle state. */
  state: RecordState;
  /** User id of the creator. */
  creatorId: string;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** ISO 8601 time of the last change. */
  updatedAt: string;
  /** For a subitem: the item it belongs to (on the parent board). */
  parentItemId: string | null;
  /** Sort key within the board; ties break on the numeric id. */
  position: number;
  /** Stored value of each set column, by column id. */
  values: Record<string, unknown>;
}

/** A file uploaded to an item's file column. */
export interface AssetRecord {
  /** Asset id (a numeric string). */
  id: string;
  /** The account owning the file. */
  accountId: string;
  /** The item the file is attached to (for a file added to an update, the update's item). */
  itemId: string;
  /** The file column holding it; null for a file added to an update (see `updateId`). */
  columnId: string | null;
  /** The update the file was added to (`add_file_to_update`); absent for a file in a file column. */
  updateId?: string;
  /** File name as uploaded. */
  name: string;
  /** Media type as uploaded. */
  contentType: string;
  /** Size in bytes (the bytes themselves are not kept). */
  size: number;
  /** User id of the uploader. */
  uploadedById: string;
  /** ISO 8601 upload time. */
  createdAt: string;
}

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
  /** ISO 8601 time of the item's last change (its `updated_at`, its last updated column). Default: `createdAt`. */
  updatedAt?: string;
  /** For a subitem (on a subitems board): the item it belongs to. */
  parentItemId?: string | null;
  /** Column values by column id, in the form `create_item` accepts. */
  columnValues?: Record<string, unknown>;
  /**
   * Files columns' entries by column id, as the platform's value lists them (`{"files": [...]}`: uploads by `assetId`,
   * links by `linkToFile`, docs by `objectId`, each with its `createdAt` and `createdBy`), kept as they are: what a
   * snapshot read, since `create_item` writes no files. An upload's record is the seed's `assets` entry of that id.
   */
  files?: Record<string, Record<string, unknown>[]>;
}

/** Board fields a seed may leave out, with their defaults. */
type OptionalBoardField =
  | 'type'
  | 'ownerIds'
  | 'subscriberIds'
  | 'teamOwnerIds'
  | 'teamSubscriberIds'
  | 'permissions'
  | 'folderId'
  | 'subitemsBoardId'
  | 'parentBoardId';

/** A board to seed: a {@link BoardRecord} whose newer fields may be left out (owners default to the creator). */
export type SeedBoard = Omit<BoardRecord, OptionalBoardField> & Partial<Pick<BoardRecord, OptionalBoardField>>;
