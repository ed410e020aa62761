/**
 * Reading a board's structure through the API: its columns (kind, title and the settings the types depend on) and
 * its groups. `workspace-platform-codegen --board` saves it beside the generated file and compares it with the board
 * as it is now (`--check`); the typed writes compare what they send with it before sending.
 *
 * Settings, in the two forms the API returns (`settings` JSON on 2025-10 and later, `settings_str` before; the
 * columns reference, https://developer.monday.com/api-reference/reference/columns):
 * - status labels: a list of `{ id, label, is_deactivated }` (`settings`) or an object of id → text
 *   (`settings_str`'s `labels`); a deactivated label is left out, since it cannot be set;
 * - dropdown labels: a list of `{ id, name }` (or `{ id, label }`);
 * - connect-boards: `boardIds` (https://developer.monday.com/api-reference/reference/connect);
 * - mirror: the relation column and the linked columns shown, as `relation_column` and `displayed_linked_columns`
 *   (https://developer.monday.com/api-reference/reference/mirror), or `relation_column_id` and `mirrored_column_id`.
 *   The docs do not say which form each version sends, so both are read.
 */
import { NotFoundError, type PlatformClient } from '../index.js';
import type { BoardLabel, BoardMirrorSettings } from './definition.js';

/** One column of a board as read from the API. */
export interface BoardStructureColumn {
  /** The column's id. */
  id: string;
  /** The column's title. */
  title: string;
  /** The column's type, as the API names it (`status`, `date`, ...). */
  kind: string;
  /** A status or dropdown column's labels (a deactivated one left out). */
  labels?: BoardLabel[];
  /** A connect-boards column's linked boards. */
  linkedBoardIds?: string[];
  /** A mirror column's settings. */
  mirror?: BoardMirrorSettings;
}

/** A board's structure as read from the API. */
export interface BoardStructure {
  /** The board's id. */
  id: string;
  /** The board's name. */
  name: string;
  /** Its columns, in the board's order. */
  columns: BoardStructureColumn[];
  /** Its groups, in the board's order. */
  groups: {
    /** The group's id. */
    id: string;
    /** The group's title. */
    title: string;
  }[];
}

const STRUCTURE_QUERY =
  'query BoardStructure($board: ID!) { boards(ids: [$board]) { id name columns { id title type settings } groups { id title } } }';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function parsedSettings(settings: unknown): Json {
  if (typeof settings === 'string') {
    try {
      const parsed: unknown = JSON.parse(settings);
      return isObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isObject(settings) ? settings : {};
}

function statusLabels(settings: Json): BoardLabel[] {
  const { labels } = settings;
  if (Array.isArray(labels)) {
    return labels.flatMap((entry) => {
      if (!isObject(entry) || entry.is_deactivated === true) return [];
      const id = Number(entry.id);
      const name = text(entry.label ?? entry.name);
      return Number.isInteger(id) && name !== null && name !== '' ? [{ id, name }] : [];
    });
  }
  if (!isObject(labels)) return [];
  const deactivated = new Set(
    (Array.isArray(settings.deactivated_labels) ? settings.deactivated_labels : []).map((id) => Number(id)),
  );
  return Object.entries(labels)
    .map(([key, name]) => ({ id: Number(key), name: text(name) ?? '' }))
    .filter((label) => Number.isInteger(label.id) && label.name !== '' && !deactivated.has(label.id))
    .sort((a, b) => a.id - b.id);
}

function dropdownLabels(settings: Json): BoardLabel[] {
  const labels = Array.isArray(settings.labels) ? settings.labels : [];
  return labels.flatMap((entry) => {
    if (!isObject(entry) || entry.is_deactivated === true) return [];
    const id = Number(entry.id);
    const name = text(entry.name ?? entry.label);
    return Number.isInteger(id) && name !== null && name !== '' ? [{ id, name }] : [];
  });
}

function mirrorSettings(settings: Json): BoardMirrorSettings {
  const shown = new Set<string>();
  if (isObject(settings.displayed_linked_columns)) {
    for (const ids of Object.values(settings.displayed_linked_columns)) {
      for (const id of Array.isArray(ids) ? ids : []) if (text(id)) shown.add(String(id));
    }
  }
  const mirrored = text(settings.mirrored_column_id);
  if (mirrored) shown.add(mirrored);
  const relation = isObject(settings.relation_column)
    ? Object.keys(settings.relation_column)[0]
    : text(settings.relation_column_id);
  return { relationColumnId: relation ?? null, shownColumnIds: [...shown] };
}

/** One column of the answer, with the settings its kind's types depend on. */
function columnOf(raw: Json): BoardStructureColumn {
  const column: BoardStructureColumn = {
    id: String(raw.id),
    title: typeof raw.title === 'string' ? raw.title : String(raw.id),
    kind: typeof raw.type === 'string' ? raw.type : 'unsupported',
  };
  const settings = parsedSettings(raw.settings ?? raw.settings_str);
  if (column.kind === 'status') column.labels = statusLabels(settings);
  if (column.kind === 'dropdown') column.labels = dropdownLabels(settings);
  if (column.kind === 'board_relation') {
    const ids = Array.isArray(settings.boardIds) ? settings.boardIds : [];
    column.linkedBoardIds = ids.flatMap((id) => text(id) ?? []);
  }
  if (column.kind === 'mirror') column.mirror = mirrorSettings(settings);
  return column;
}

/**
 * Reads a board's structure: its columns with their kinds, titles and settings (labels, linked boards, what a mirror
 * shows) and its groups, in the board's order.
 *
 * @throws {@link workspace-platform-sdk!NotFoundError | NotFoundError} when the board does not exist or the token
 *   cannot see it; what
 *   the call throws otherwise.
 */
export async function readBoardStructure(
  client: PlatformClient,
  boardId: string,
  options: { signal?: AbortSignal } = {},
): Promise<BoardStructure> {
  const { data } = await client.request(
    STRUCTURE_QUERY,
    { board: boardId },
    options.signal ? { signal: options.signal } : {},
  );
  const board = (data.boards as Json[] | null | undefined)?.[0];
  if (!isObject(board)) {
    throw new NotFoundError(`Board ${boardId} does not exist or this token cannot see it`, { errors: [] });
  }
  const columns = (Array.isArray(board.columns) ? board.columns : []).filter(isObject).map(columnOf);
  const groups = (Array.isArray(board.groups) ? board.groups : []).filter(isObject).map((group) => ({
    id: String(group.id),
    title: typeof group.title === 'string' ? group.title : String(group.id),
  }));
  return { id: String(board.id), name: typeof board.name === 'string' ? board.name : '', columns, groups };
}
