/**
 * Managed columns (2025-10 on): `Query.managed_column`, creating, updating, activating, deactivating and deleting
 * managed status and dropdown columns, and attaching them to boards, as
 * https://developer.monday.com/api-reference/reference/managed-columns describes them. Pinned by
 * packages/emulator/test/engine/resolvers/managed-columns.test.ts.
 *
 * Rule map:
 * - Reads need boards:read, changes boards:write; a managed column of another account is RESOURCE_NOT_FOUND.
 * - Labels follow the board columns' rules (../column-kinds/status-labels.ts, dropdown-labels.ts): a status label's
 *   id is its colour's number, dropdown labels are numbered 1, 2, ...; the docs say an update sends every label.
 * - A new managed column is active at revision 0; an update names the current `revision` (else INVALID_ARGUMENT)
 *   and raises it by one, and the board columns attached to it take its new labels (../store/managed-columns.ts).
 * - `managed_column` lists the account's active and inactive ones (deleted ones only when `state` asks for them),
 *   filtered by `id` and `state`. An inactive or deleted managed column cannot be attached; a deleted one cannot
 *   be changed or re-activated.
 * - Attaching makes a status or dropdown column on the board with the managed column's labels; the title and
 *   description default to the managed column's (the docs), a dropdown takes its own selection limits.
 * - `settings` is `StatusColumnSettings` or `DropdownColumnSettings` with the labels as the schema lists their
 *   fields; `settings_json` is those settings as `Column.settings` answers a column's.
 */
import { dropdownLabels } from '../column-kinds/labels.js';
import { STATUS_COLOR_NUMBERS } from '../column-kinds/status-colors.js';
import { statusSettingsList } from '../column-kinds/status-labels.js';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { newColumn } from '../store/column-record.js';
import type { ManagedColumnRecord, ManagedColumnState } from '../store/managed-columns.js';
import type { ColumnRecord } from '../store/records.js';
import { accountBoard, callerId } from './lookup.js';
import type { FamilyResolvers, FieldResolver } from './types.js';

function invalid(message: string, extra: Record<string, unknown> = {}): never {
  throw engineError(ENGINE_ERROR_CODES.invalidArgument, message, extra);
}

/** The caller's managed column `id` (of `kind` when given), or RESOURCE_NOT_FOUND. */
function accountManaged(context: EngineContext, id: string, kind?: 'status' | 'dropdown'): ManagedColumnRecord {
  const managed = context.store.managedColumns.find(id);
  if (!managed || managed.accountId !== context.accountId || (kind && managed.template.type !== kind)) {
    throw engineError(
      ENGINE_ERROR_CODES.notFound,
      `Managed ${kind ?? ''} column ${id} was not found.`.replace('  ', ' '),
      {
        managed_column_id: id,
      },
    );
  }
  return managed;
}

function changeable(context: EngineContext, id: string, kind?: 'status' | 'dropdown'): ManagedColumnRecord {
  requireScope(context, 'boards:write');
  const managed = accountManaged(context, id, kind);
  if (managed.state === 'deleted') invalid(`Managed column ${id} is deleted.`, { managed_column_id: id });
  return managed;
}

function checkTitle(title: string): string {
  if (title.trim() === '') invalid('A managed column title cannot be empty.');
  return title;
}

function checkRevision(managed: ManagedColumnRecord, revision: number): void {
  if (revision !== managed.revision) {
    invalid(`Managed column ${managed.id} is at revision ${managed.revision}, not ${revision}: read it again.`, {
      revision: managed.revision,
    });
  }
}

/** The colour name of a status label key, as the label was given it. */
function colorName(template: ColumnRecord, key: number): string | null {
  const colors = template.settings.labels_colors as Record<string, { var_name?: unknown }> | undefined;
  const named = colors?.[String(key)]?.var_name;
  if (typeof named === 'string') return named;
  return Object.entries(STATUS_COLOR_NUMBERS).find(([, number]) => number === key)?.[0] ?? null;
}

/** `settings` of a managed column: the schema's StatusColumnSettings or DropdownColumnSettings. */
function typedSettings(managed: ManagedColumnRecord) {
  const { template } = managed;
  if (template.type === 'status') {
    const list = statusSettingsList(template).labels as { id: number; description?: string }[];
    return {
      __typename: 'StatusColumnSettings',
      type: 'status',
      labels: list.map((label) => ({
        ...label,
        description: label.description ?? null,
        color: colorName(template, label.id),
      })),
    };
  }
  const deactivated = new Set((template.settings.deactivated_labels as number[] | undefined) ?? []);
  return {
    __typename: 'DropdownColumnSettings',
    type: 'dropdown',
    labels: dropdownLabels(template).map((label) => ({
      id: label.id,
      label: label.name,
      is_deactivated: deactivated.has(label.id),
    })),
  };
}

/** The fields every managed column type shares. */
const managedFields: Record<string, FieldResolver> = {
  id: (managed: ManagedColumnRecord) => managed.id,
  title: (managed: ManagedColumnRecord) => managed.template.title,
  description: (managed: ManagedColumnRecord) => managed.template.description,
  state: (managed: ManagedColumnRecord) => managed.state,
  revision: (managed: ManagedColumnRecord) => managed.revision,
  created_at: (managed: ManagedColumnRecord) => managed.createdAt,
  created_by: (managed: ManagedColumnRecord) => managed.createdById,
  updated_at: (managed: ManagedColumnRecord) => managed.updatedAt,
  updated_by: (managed: ManagedColumnRecord) => managed.updatedById,
  settings: (managed: ManagedColumnRecord) => typedSettings(managed),
  settings_json: (managed: ManagedColumnRecord) =>
    managed.template.type === 'status' ? statusSettingsList(managed.template) : managed.template.settings,
};

/** A new managed column of `kind` with `labels` applied to its template. */
function createManaged(
  context: EngineContext,
  kind: 'status' | 'dropdown',
  args: { title: string; description?: string | null },
  labels: Parameters<ManagedColumnStore['update']>[1]['labels'],
) {
  requireScope(context, 'boards:write');
  const template = newColumn(kind, checkTitle(args.title), kind, {});
  template.description = args.description ?? null;
  const managed = context.store.managedColumns.create(context.accountId, template, callerId(context));
  if (labels) {
    // The labels of a new column, checked and stored as the update path stores them (revision stays 0).
    context.store.managedColumns.update(managed, { labels }, callerId(context));
    managed.revision = 0;
  }
  return managed;
}

type ManagedColumnStore = EngineContext['store']['managedColumns'];

/** An update of a status or dropdown managed column: its revision checked, then title, description and labels. */
function updateManaged(
  context: EngineContext,
  kind: 'status' | 'dropdown',
  args: { id: string; revision: number; title?: string | null; description?: string | null },
  labels: Parameters<ManagedColumnStore['update']>[1]['labels'],
) {
  const managed = changeable(context, args.id, kind);
  checkRevision(managed, args.revision);
  if (args.title != null) checkTitle(args.title);
  return context.store.managedColumns.update(
    managed,
    { title: args.title, description: args.description, labels },
    callerId(context),
  );
}

function attach(
  context: EngineContext,
  kind: 'status' | 'dropdown',
  args: {
    board_id: string;
    managed_column_id: string;
    title?: string | null;
    description?: string | null;
    after_column_id?: string | null;
    settings?: { label_limit_count?: number | null; limit_select?: boolean | null } | null;
  },
) {
  requireScope(context, 'boards:write');
  const board = accountBoard(context, args.board_id);
  const managed = accountManaged(context, args.managed_column_id, kind);
  if (managed.state !== 'active') {
    invalid(`Managed column ${managed.id} is ${managed.state}; only an active one can be attached.`, {
      managed_column_id: managed.id,
    });
  }
  const overrides = args.settings ?? {};
  if (overrides.label_limit_count != null && overrides.label_limit_count < 1) {
    invalid('label_limit_count is a whole number from 1.');
  }
  const settings = structuredClone(managed.template.settings);
  if (overrides.label_limit_count != null) settings.label_limit_count = overrides.label_limit_count;
  if (overrides.limit_select != null) settings.limit_select = overrides.limit_select;
  const column = context.store.columns.create(board, {
    title: args.title ?? managed.template.title,
    type: kind,
    id: null,
    description: args.description ?? managed.template.description,
    defaults: settings,
    afterColumnId: args.after_column_id ?? null,
    userId: callerId(context),
  });
  context.store.managedColumns.attach(managed, board, column);
  return column;
}

function setState(context: EngineContext, id: string, state: ManagedColumnState) {
  const managed = changeable(context, id);
  return context.store.managedColumns.setState(managed, state, callerId(context));
}

/** Resolvers of managed columns. */
export const managedColumnResolvers: FamilyResolvers = {
  Query: {
    managed_column: (_source, args, context) => {
      requireScope(context, 'boards:read');
      const ids = args.id ? new Set(args.id) : undefined;
      const states = new Set<string>(args.state ?? ['active', 'inactive']);
      return context.store.managedColumns
        .all()
        .filter(
          (managed) =>
            managed.accountId === context.accountId && states.has(managed.state) && (!ids || ids.has(managed.id)),
        );
    },
  },
  ManagedColumn: managedFields,
  StatusManagedColumn: managedFields,
  DropdownManagedColumn: managedFields,
  Mutation: {
    create_status_managed_column: (_source, args, context) =>
      createManaged(context, 'status', args, args.settings ? { statusLabels: args.settings.labels } : null),
    create_dropdown_managed_column: (_source, args, context) =>
      createManaged(context, 'dropdown', args, args.settings ? { dropdownSettings: args.settings } : null),
    update_status_managed_column: (_source, args, context) =>
      updateManaged(context, 'status', args, args.settings ? { statusLabels: args.settings.labels } : null),
    update_dropdown_managed_column: (_source, args, context) =>
      updateManaged(context, 'dropdown', args, args.settings ? { dropdownSettings: args.settings } : null),
    activate_managed_column: (_source, args, context) => setState(context, args.id, 'active'),
    deactivate_managed_column: (_source, args, context) => setState(context, args.id, 'inactive'),
    delete_managed_column: (_source, args, context) => setState(context, args.id, 'deleted'),
    attach_status_managed_column: (_source, args, context) => attach(context, 'status', args),
    attach_dropdown_managed_column: (_source, args, context) => attach(context, 'dropdown', args),
  },
};
