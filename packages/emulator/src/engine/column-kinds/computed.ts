/**
 * Kinds the platform computes or changes only through their own mutations, so `column_values` cannot write them
 * (a write is a ColumnValueException): formula, mirror, auto number, creation log, last updated, item id, progress,
 * vote, button, time tracking, subtasks, group, item assignees, name (read here; written as the item's name), docs,
 * integration, unsupported; and file, which add_file_to_column adds to, update_assets_on_item replaces and
 * `{"clear_all": true}` empties
 * (https://developer.monday.com/api-reference/reference/column-types-reference and each kind's page).
 * Each is read back from the store (test/e2e/columns-round-trip.test.ts).
 */

import { storedValue } from '../store/item-values.js';
import { indexInOrder } from '../store/positions.js';
import type { ItemRecord } from '../store/records.js';
import { columnValueError } from './errors.js';
import { evaluateFormula } from './formula.js';
import { fieldsOf, finite } from './parse.js';
import type { KindSpec, ReadContext } from './types.js';

/** How other kinds' values are read, given by ./index.ts (which holds the table). */
export interface CellReader {
  text: (item: ItemRecord, columnId: string, context: ReadContext) => string;
  number: (item: ItemRecord, columnId: string, context: ReadContext) => number | null;
  /** True when the item's status column `columnId` holds a label marked done. */
  done: (item: ItemRecord, columnId: string, context: ReadContext) => boolean;
}

const none = () => ({});

const LINK_KINDS_BY_TYPE: Readonly<Record<string, string>> = {
  LINK: 'link',
  BOX: 'box',
  DROPBOX: 'dropbox',
  GOOGLE_DRIVE: 'google_drive',
  ONEDRIVE: 'onedrive',
};

/**
 * The `files` of a FileValue: one FileValueItem per stored entry, by its `fileType`: FileAssetValue for an upload
 * (FileAssetInvalidValue when the asset is gone), FileDocValue for a doc, FileLinkValue for a link
 * (https://developer.monday.com/api-reference/reference/assets).
 */
function fileItems(stored: unknown, { store }: ReadContext): Record<string, unknown>[] {
  const entries = (fieldsOf(stored).files as Record<string, unknown>[] | undefined) ?? [];
  return entries.map((entry) => {
    const createdBy = entry.createdBy === undefined ? null : String(entry.createdBy);
    const common = {
      created_at: typeof entry.createdAt === 'number' ? new Date(entry.createdAt).toISOString() : null,
      creator_id: createdBy,
      creator: (createdBy && store?.users.find(createdBy)) ?? null,
    };
    if (entry.fileType === 'ASSET') {
      const asset = store?.assets.find(String(entry.assetId));
      if (!asset) {
        return {
          __typename: 'FileAssetInvalidValue',
          ...common,
          asset_id: String(entry.assetId),
          name: entry.name,
          error: 'The file is no longer available',
        };
      }
      return {
        __typename: 'FileAssetValue',
        ...common,
        asset,
        asset_id: asset.id,
        name: entry.name,
        is_image: entry.isImage === 'true',
      };
    }
    if (entry.fileType === 'MONDAY_DOC') {
      const objectId = String(entry.objectId);
      const doc = store?.docs.all().find((candidate) => candidate.objectId === objectId);
      return {
        __typename: 'FileDocValue',
        ...common,
        doc: doc ?? null,
        file_id: String(entry.fileId),
        object_id: objectId,
        url: null,
      };
    }
    return {
      __typename: 'FileLinkValue',
      ...common,
      file_id: String(entry.fileId),
      kind: LINK_KINDS_BY_TYPE[String(entry.fileType)] ?? 'link',
      name: entry.name,
      url: entry.linkToFile ?? null,
    };
  });
}
const stamp = (iso: unknown) => (typeof iso === 'string' ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '');

/** The items of `item`'s board in board order, live ones only. */
function boardItems({ item, store }: ReadContext): readonly ItemRecord[] {
  return item && store ? store.items.ordered(item.boardId) : [];
}

function subitems({ item, store }: ReadContext): ItemRecord[] {
  return item && store ? store.items.childrenOf(item.id).filter((sub) => sub.state === 'active') : [];
}

/** The computed kinds; `reader` reads other columns of an item (formula, mirror, progress, assignees). */
export function computedKinds(reader: CellReader) {
  const mirrorText = (context: ReadContext): string => {
    const { relation_column_id: relation, mirrored_column_id: mirrored } = context.column.settings;
    const links = fieldsOf(context.item ? storedValue(context.item, String(relation)) : null).linkedPulseIds;
    if (!context.store || !Array.isArray(links)) return '';
    return links
      .flatMap((link) => context.store?.items.find(Number(fieldsOf(link).linkedPulseId)) ?? [])
      .map((linked) => reader.text(linked, String(mirrored), context))
      .join(', ');
  };
  return {
    file: {
      valueType: 'FileValue',
      settings: none,
      write: (input, { column }) => {
        if (fieldsOf(input).clear_all === true) return null;
        throw columnValueError(
          column,
          'files are added with add_file_to_column; {"clear_all": true} empties the column',
        );
      },
      text: (stored) =>
        ((fieldsOf(stored).files as { name: string }[] | undefined) ?? []).map((f) => f.name).join(', '),
      fields: (stored, context) => ({ files: fileItems(stored, context) }),
    },
    formula: {
      valueType: 'FormulaValue',
      settings: () => ({ formula: '' }),
      compute: (context) => {
        const { item } = context;
        if (!item) return null;
        const value = evaluateFormula(String(context.column.settings.formula ?? ''), (id) =>
          reader.number(item, id, context),
        );
        return value === null ? null : Math.round(value * 1e9) / 1e9;
      },
      text: (value) => (value == null ? '' : String(value)),
      fields: (value) => ({ display_value: value == null ? '' : String(value) }),
      cell: (value) => finite(value),
    },
    mirror: {
      valueType: 'MirrorValue',
      settings: () => ({ relation_column_id: null, mirrored_column_id: null }),
      compute: (context) => mirrorText(context) || null,
      text: (value) => String(value ?? ''),
      fields: (value) => ({ display_value: String(value ?? ''), mirrored_items: [] }),
    },
    auto_number: {
      valueType: 'UnsupportedValue',
      settings: none,
      compute: (context) => {
        const index = context.item ? indexInOrder(boardItems(context), context.item) : -1;
        return index < 0 ? null : index + 1;
      },
      text: (value) => (value == null ? '' : String(value)),
      cell: (value) => finite(value),
    },
    creation_log: {
      valueType: 'CreationLogValue',
      settings: none,
      compute: ({ item }) => (item ? { created_at: item.createdAt, creator_id: Number(item.creatorId) } : null),
      text: (value) => stamp(fieldsOf(value).created_at),
      fields: (value, { store }) => ({
        created_at: fieldsOf(value).created_at ?? null,
        creator_id: fieldsOf(value).creator_id == null ? null : String(fieldsOf(value).creator_id),
        creator: store?.users.find(String(fieldsOf(value).creator_id)) ?? null,
      }),
      cell: (value) =>
        typeof fieldsOf(value).created_at === 'string' ? String(fieldsOf(value).created_at).slice(0, 10) : null,
    },
    last_updated: {
      valueType: 'LastUpdatedValue',
      settings: none,
      // The store keeps when an item last changed, not who changed it: the updater reads as null.
      compute: ({ item }) => (item ? { updated_at: item.updatedAt } : null),
      text: (value) => stamp(fieldsOf(value).updated_at),
      fields: () => ({ updater_id: null, updater: null }),
      cell: (value) =>
        typeof fieldsOf(value).updated_at === 'string' ? String(fieldsOf(value).updated_at).slice(0, 10) : null,
    },
    item_id: {
      valueType: 'ItemIdValue',
      settings: none,
      compute: ({ item }) => (item ? { item_id: item.id } : null),
      text: (value) => String(fieldsOf(value).item_id ?? ''),
      fields: (value) => ({ item_id: fieldsOf(value).item_id ?? null }),
      cell: (value) => finite(fieldsOf(value).item_id),
    },
    progress: {
      valueType: 'ProgressValue',
      settings: () => ({ related_columns: [] }),
      compute: (context) => {
        const { item } = context;
        const related = context.column.settings.related_columns;
        if (!item || !Array.isArray(related) || related.length === 0) return null;
        const done = related.filter((id) => reader.done(item, String(id), context)).length;
        return Math.round((done / related.length) * 100);
      },
      text: (value) => (value == null ? '' : `${value}%`),
      cell: (value) => finite(value),
    },
    vote: {
      valueType: 'VoteValue',
      settings: none,
      text: (stored) => String(((fieldsOf(stored).votersIds as unknown[] | undefined) ?? []).length || ''),
      fields: (stored, { store }) => {
        const voters = ((fieldsOf(stored).votersIds as unknown[] | undefined) ?? []).map(String);
        return {
          vote_count: voters.length,
          voter_ids: voters,
          voters: voters.flatMap((id) => store?.users.find(id) ?? []),
        };
      },
    },
    button: {
      valueType: 'ButtonValue',
      settings: () => ({ label: 'Click', color: null }),
      text: () => '',
      fields: (_stored, { column }) => ({ label: column.settings.label ?? null, color: column.settings.color ?? null }),
    },
    time_tracking: {
      valueType: 'TimeTrackingValue',
      settings: none,
      text: (stored) => (stored == null ? '' : String(fieldsOf(stored).duration ?? '')),
      fields: (stored) => ({
        running: fieldsOf(stored).running === true || fieldsOf(stored).running === 'true',
        duration: finite(fieldsOf(stored).duration),
        started_at: fieldsOf(stored).startDate ?? null,
        history: [],
      }),
    },
    subtasks: {
      valueType: 'SubtasksValue',
      settings: none,
      creatable: false,
      compute: (context) => {
        const ids = subitems(context).map((sub) => Number(sub.id));
        return ids.length === 0 ? null : { linkedPulseIds: ids.map((linkedPulseId) => ({ linkedPulseId })) };
      },
      text: (_value, context) =>
        subitems(context)
          .map((sub) => sub.name)
          .join(', '),
      fields: (_value, context) => {
        const subs = subitems(context);
        return {
          subitems_ids: subs.map((sub) => sub.id),
          subitems: subs,
          display_value: subs.map((sub) => sub.name).join(', '),
        };
      },
    },
    group: {
      valueType: 'GroupValue',
      settings: none,
      compute: ({ item }) => (item ? { group_id: item.groupId } : null),
      text: (value, { item, store }) => {
        const board = item && store?.boards.find(item.boardId);
        return board?.groups.find((group) => group.id === fieldsOf(value).group_id)?.title ?? '';
      },
      fields: (value, { item, store }) => {
        const board = item && store?.boards.find(item.boardId);
        const group = board?.groups.find((candidate) => candidate.id === fieldsOf(value).group_id);
        return { group_id: fieldsOf(value).group_id ?? null, group: board && group ? { board, group } : null };
      },
      cell: (value) => (typeof fieldsOf(value).group_id === 'string' ? String(fieldsOf(value).group_id) : null),
    },
    item_assignees: {
      valueType: 'UnsupportedValue',
      settings: none,
      compute: (context) => {
        const { item, store } = context;
        const board = item && store?.boards.find(item.boardId);
        if (!item || !board) return null;
        const seen = new Map<string, unknown>();
        for (const column of board.columns.filter((candidate) => candidate.type === 'people')) {
          for (const entity of (fieldsOf(storedValue(item, column.id)).personsAndTeams as {
            id: number;
            kind: string;
          }[]) ?? []) {
            seen.set(`${entity.kind}-${entity.id}`, entity);
          }
        }
        return seen.size === 0 ? null : { personsAndTeams: [...seen.values()] };
      },
      text: (value, { store }) =>
        ((fieldsOf(value).personsAndTeams as { id: number; kind: string }[] | undefined) ?? [])
          .map(
            (entity) =>
              (entity.kind === 'team' ? store?.teams.find(entity.id) : store?.users.find(entity.id))?.name ?? '',
          )
          .join(', '),
    },
    name: {
      valueType: 'UnsupportedValue',
      settings: none,
      creatable: false,
      compute: ({ item }) => item?.name ?? null,
      text: (value) => String(value ?? ''),
    },
    doc: { valueType: 'DocValue', settings: none, text: () => '', fields: () => ({ file: null }) },
    direct_doc: { valueType: 'DocValue', settings: none, text: () => '', fields: () => ({ file: null }) },
    integration: {
      valueType: 'IntegrationValue',
      settings: none,
      text: () => '',
      fields: () => ({ entity_id: null, issue_id: null, issue_api_url: null }),
    },
    unsupported: { valueType: 'UnsupportedValue', settings: none, creatable: false, text: () => '' },
  } satisfies Record<string, KindSpec>;
}
