/**
 * Groups of a board: create, update (title, colour, position), archive and delete (each taking the group's items
 * along) and duplicate. Groups live inside their board's record; a group's position is its index among them.
 * Every change is a board change ({@link BoardStore.recordBoardChange}).
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { BoardStore } from './boards.js';
import type { Stamper } from './clock.js';
import type { BoardRecord, GroupRecord, ItemRecord } from './records.js';

/** The palette new groups take their colour from, in turn. */
export const GROUP_COLORS = [
  '#579bfc',
  '#00c875',
  '#fdab3d',
  '#e2445c',
  '#a25ddc',
  '#ff158a',
  '#0086c0',
  '#9cd326',
] as const;

const HEX = /^#[0-9a-f]{6}$/i;

/** Groups still on the board (neither archived nor deleted), in board order. */
export function liveGroups(board: BoardRecord): GroupRecord[] {
  return board.groups.filter((group) => !group.deleted && !group.archived);
}

/** The caller's group `groupId` on `board` (not deleted), or RESOURCE_NOT_FOUND. */
export function findGroup(board: BoardRecord, groupId: string): GroupRecord {
  const group = board.groups.find((candidate) => candidate.id === groupId && !candidate.deleted);
  if (!group)
    throw engineError(ENGINE_ERROR_CODES.notFound, `Group "${groupId}" was not found on board ${board.id}.`, {
      group_id: groupId,
    });
  return group;
}

function checkColor(color: string): string {
  if (!HEX.test(color))
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `Group colour must be a hex colour like "#579bfc", got "${color}".`,
    );
  return color.toLowerCase();
}

function place(board: BoardRecord, group: GroupRecord, index: number): void {
  const rest = board.groups.filter((candidate) => candidate !== group);
  rest.splice(Math.max(0, Math.min(index, rest.length)), 0, group);
  board.groups = rest;
}

/** Options of {@link GroupStore.create}. */
export interface NewGroup {
  title: string;
  color?: string | null;
  /** Place just before or after this group; default: at the top of the board. */
  relativeTo?: { groupId: string; method: 'before_at' | 'after_at' } | null;
  /** A position as `Group.position` reports it; the group goes where that position falls. */
  position?: string | null;
  userId: string;
}

function indexForPosition(position: string): number {
  const value = Number(position);
  if (!Number.isFinite(value))
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `position must be a number, got "${position}".`);
  return Math.max(0, Math.ceil(value / 65536) - 1);
}

/** The attributes `update_group` may change. */
export type GroupAttribute = 'title' | 'color' | 'position' | 'relative_position_after' | 'relative_position_before';

function refuseLastGroup(board: BoardRecord, group: GroupRecord, action: string): void {
  if (liveGroups(board).every((candidate) => candidate === group)) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `The last group of board ${board.id} cannot be ${action}.`, {
      group_id: group.id,
    });
  }
}

/**
 * What the group family uses of the rest of the store (the store hands itself in): ids, the boards the groups live
 * in, and the items a duplicated, archived or deleted group takes along (described here: the item family reads groups).
 */
export interface GroupCollaborators extends Stamper {
  readonly boards: BoardStore;
  readonly items: {
    active(boardId: string, groupId?: string): ItemRecord[];
    copy(item: ItemRecord, changes: Partial<ItemRecord>): ItemRecord;
    setStateInGroup(board: BoardRecord, group: GroupRecord, state: 'archived' | 'deleted', userId: string): void;
  };
}

/** The groups of every board. */
export class GroupStore {
  readonly #store: GroupCollaborators;

  /** Groups are seeded inside their boards; ids, time and the other families come from `store`. */
  constructor(store: GroupCollaborators) {
    this.#store = store;
  }

  /** Creates a group with a fresh id. */
  create(board: BoardRecord, input: NewGroup): GroupRecord {
    if (input.title.trim() === '')
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A group name cannot be empty.');
    const group: GroupRecord = {
      id: `group_${this.#store.newId()}`,
      title: input.title,
      color: input.color
        ? checkColor(input.color)
        : (GROUP_COLORS[board.groups.length % GROUP_COLORS.length] ?? GROUP_COLORS[0]),
      archived: false,
      deleted: false,
    };
    let index = 0;
    if (input.relativeTo) {
      const anchor = findGroup(board, input.relativeTo.groupId);
      index = board.groups.indexOf(anchor) + (input.relativeTo.method === 'after_at' ? 1 : 0);
    } else if (input.position) {
      index = indexForPosition(input.position);
    }
    board.groups.splice(Math.min(index, board.groups.length), 0, group);
    this.#boards.recordBoardChange(board, input.userId, 'create_group', {
      group_id: group.id,
      group_title: group.title,
    });
    return group;
  }

  /** Changes one attribute of a group. */
  update(
    board: BoardRecord,
    group: GroupRecord,
    attribute: GroupAttribute,
    value: string,
    userId: string,
  ): GroupRecord {
    const record = (event: string, data: Record<string, unknown>) =>
      this.#boards.recordBoardChange(board, userId, event, { group_id: group.id, ...data });
    switch (attribute) {
      case 'title':
        if (value.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A group name cannot be empty.');
        record('update_group_name', { previous_value: group.title, value });
        group.title = value;
        break;
      case 'color':
        group.color = checkColor(value);
        record('update_group_color', { value: group.color });
        break;
      case 'position':
        place(board, group, indexForPosition(value));
        record('move_group', {});
        break;
      case 'relative_position_after':
      case 'relative_position_before': {
        const anchor = findGroup(board, value);
        if (anchor === group)
          throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A group cannot be placed relative to itself.');
        const rest = board.groups.filter((candidate) => candidate !== group);
        place(board, group, rest.indexOf(anchor) + (attribute === 'relative_position_after' ? 1 : 0));
        record('move_group', {});
        break;
      }
    }
    return group;
  }

  /** Archives a group with its items. The last live group of a board cannot be archived. */
  archive(board: BoardRecord, group: GroupRecord, userId: string): GroupRecord {
    refuseLastGroup(board, group, 'archived');
    group.archived = true;
    this.#store.items.setStateInGroup(board, group, 'archived', userId);
    this.#boards.recordBoardChange(board, userId, 'archive_group', { group_id: group.id, group_title: group.title });
    return group;
  }

  /** Deletes a group with its items. The last live group of a board cannot be deleted. */
  delete(board: BoardRecord, group: GroupRecord, userId: string): GroupRecord {
    if (!group.archived) refuseLastGroup(board, group, 'deleted');
    group.deleted = true;
    this.#store.items.setStateInGroup(board, group, 'deleted', userId);
    this.#boards.recordBoardChange(board, userId, 'delete_group', { group_id: group.id, group_title: group.title });
    return group;
  }

  /** Copies a group and its active items, just after the original or at the top of the board. */
  duplicate(
    board: BoardRecord,
    group: GroupRecord,
    options: { title?: string | null; addToTop?: boolean | null; userId: string },
  ): GroupRecord {
    const { items } = this.#store;
    const copy: GroupRecord = {
      ...group,
      id: `group_${this.#store.newId()}`,
      title: options.title ?? `Duplicate of ${group.title}`,
      archived: false,
    };
    board.groups.splice(options.addToTop ? 0 : board.groups.indexOf(group) + 1, 0, copy);
    const last = items.active(board.id).at(-1)?.position ?? 0;
    items.active(board.id, group.id).forEach((item, index) => {
      items.copy(item, { groupId: copy.id, creatorId: options.userId, position: last + index + 1 });
    });
    this.#boards.recordBoardChange(board, options.userId, 'create_group', {
      group_id: copy.id,
      group_title: copy.title,
      duplicated_from: group.id,
    });
    return copy;
  }

  get #boards(): BoardStore {
    return this.#store.boards;
  }
}
