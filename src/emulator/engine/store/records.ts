/**
 * Plain records the emulator's store keeps. Ids are numeric strings (GraphQL `ID`), except group and
 * column ids, which are short strings as on the platform (`topics`, `status`).
 */

/** Column kinds the emulator models (each has a ColumnValue implementation). */
export type ColumnKind = 'text' | 'long_text' | 'status' | 'date' | 'numbers' | 'checkbox' | 'file';

/** Lifecycle state of a board or an item. */
export type RecordState = 'active' | 'archived' | 'deleted';

/** An account. */
export interface AccountRecord {
  id: string;
  name: string;
  /** Subdomain part of the account's address. */
  slug: string;
  tier: string;
  countryCode: string;
  firstDayOfTheWeek: 'monday' | 'sunday';
}

/** A user of one account. */
export interface UserRecord {
  id: string;
  accountId: string;
  name: string;
  email: string;
  title: string | null;
  isAdmin: boolean;
  isGuest: boolean;
  enabled: boolean;
  createdAt: string;
  timeZone: string;
}

/** A column. Status columns keep their labels in `settings.labels` (index → label) and `settings.done_colors`. */
export interface ColumnRecord {
  id: string;
  title: string;
  type: ColumnKind;
  description: string | null;
  width: number | null;
  settings: Record<string, unknown>;
}

/** A group of items; its position is its index in the board's `groups`. */
export interface GroupRecord {
  id: string;
  title: string;
  color: string;
  archived: boolean;
  deleted: boolean;
}

/** What a board holds: ordinary items, or the subitems of another board's items. */
export type BoardType = 'board' | 'sub_items_board';

/** A board with its columns and groups. */
export interface BoardRecord {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  kind: 'public' | 'private' | 'share';
  type: BoardType;
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
  workspaceId: string | null;
  folderId: string | null;
  /** The board holding this board's subitems, once it has any. */
  subitemsBoardId: string | null;
  /** For a subitems board: the board whose items it serves. */
  parentBoardId: string | null;
  createdAt: string;
  updatedAt: string;
  columns: ColumnRecord[];
  groups: GroupRecord[];
}

/** An item. `values` holds each set column's stored value (the decoded form of the `value` field). */
export interface ItemRecord {
  id: string;
  boardId: string;
  groupId: string;
  name: string;
  state: RecordState;
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  /** For a subitem: the item it belongs to (on the parent board). */
  parentItemId: string | null;
  /** Sort key within the board; ties break on the numeric id. */
  position: number;
  values: Record<string, unknown>;
}

/** A file uploaded to an item's file column. */
export interface AssetRecord {
  id: string;
  accountId: string;
  itemId: string;
  columnId: string;
  name: string;
  contentType: string;
  size: number;
  uploadedById: string;
  createdAt: string;
}
