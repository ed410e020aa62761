/**
 * Dashboards and widgets (2025-10 on): create_dashboard, update_dashboard, update_overview_hierarchy and
 * delete_dashboard, create_widget and delete_widget, and `Query.all_widgets_schema`, as
 * https://developer.monday.com/api-reference/reference/dashboards-and-widgets and
 * https://developer.monday.com/api-reference/reference/all-widgets-schema describe them. Pinned by
 * packages/emulator/test/engine/resolvers/dashboards.test.ts.
 *
 * Rule map:
 * - Changes need boards:write (the docs name no scope; dashboards summarise boards) and act on the caller's own
 *   account: its workspaces, folders, boards and dashboards; anything else is RESOURCE_NOT_FOUND.
 * - `workspace_id: -1`, which every example of the docs uses, stands for the account's main workspace and is
 *   answered back as given ({@link MAIN_WORKSPACE_ALIAS}); the docs say no more about it.
 * - create_dashboard: a name of 1 to 255 characters, at least one of the caller's boards (at most
 *   {@link MAX_DASHBOARD_BOARDS}: the docs give no limit, the emulator bounds the work), `kind` PRIVATE unless given;
 *   a `board_folder_id` must be a folder of that workspace.
 * - update_overview_hierarchy moves a dashboard to another workspace, folder or product, or next to another entry
 *   (`position`, which must name an entry of the account); the answer's `message` and `state` are the docs' example
 *   values. `Overview.kind`, a String the docs do not describe, answers the dashboard's own kind as its
 *   `DashboardKind` spells it (PRIVATE or PUBLIC): the overview is the dashboard, and that is the kind it has.
 * - create_widget checks `settings` against the kind's schema (./dashboard-widget-schemas.ts) and answers the
 *   problems as INVALID_ARGUMENT; kinds without a documented schema are NOT_MODELLED. Its parent is a dashboard or a
 *   board view (`kind: BOARD_VIEW`, the reference's own create_widget example) of the caller's account, found by id
 *   (RESOURCE_NOT_FOUND otherwise); a widget on a view goes when the view is deleted. `filter` "only works with
 *   board views" (the same page): on a view it is checked against the view's board as a view's filter is
 *   (INVALID_ARGUMENT for a column not on it) and kept; on a dashboard it stays NOT_MODELLED (the page does not say
 *   whether it is refused or ignored there). A widget's settings and filter are kept; no field reads them back.
 * - No query reads dashboards at 2026-10: the records are visible to tests through the store.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { checkJsonSchema } from '../json-schema-check.js';
import {
  type DashboardRecord,
  MAIN_WORKSPACE_ALIAS,
  type WidgetParentKind,
  type WidgetRecord,
} from '../store/dashboards.js';
import type { BoardRecord } from '../store/records.js';
import type { MutationUpdateOverviewHierarchyArgs } from './arguments.generated.js';
import { WIDGET_SETTINGS_SCHEMAS } from './dashboard-widget-schemas.js';
import {
  accountBoard,
  accountFolder,
  accountWorkspace,
  callerId,
  jsonObjectArgument,
  notModelledArgument,
  storedUser,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';
import { checkQuery } from './views.js';

/** The most boards one dashboard is created for (the docs give no limit; the emulator bounds the work). */
export const MAX_DASHBOARD_BOARDS = 100;
/** The longest dashboard or widget name, in characters (https://developer.monday.com/api-reference/reference/dashboards-and-widgets). */
export const MAX_DASHBOARD_NAME = 255;

function checkName(name: string, what: string): string {
  const length = [...name.trim()].length;
  if (length === 0 || length > MAX_DASHBOARD_NAME) {
    throw engineError(
      ENGINE_ERROR_CODES.invalidArgument,
      `A ${what} name must have 1 to ${MAX_DASHBOARD_NAME} characters.`,
      { argument: 'name' },
    );
  }
  return name;
}

/** The caller's workspace `id` as the dashboard records it (`-1` kept as the main-workspace alias). */
function dashboardWorkspace(context: EngineContext, id: string): { recorded: string; actual: string } {
  if (id === MAIN_WORKSPACE_ALIAS) {
    const main = context.store.workspaces.mainOf(context.accountId);
    if (!main)
      throw engineError(ENGINE_ERROR_CODES.notFound, 'The account has no main workspace.', { workspace_id: id });
    return { recorded: id, actual: main.id };
  }
  return { recorded: id, actual: accountWorkspace(context, id).id };
}

/** The folder `id` of workspace `workspaceId`, or null when none is given. */
function dashboardFolder(context: EngineContext, id: string | null | undefined, workspaceId: string): string | null {
  if (id === null || id === undefined) return null;
  const folder = accountFolder(context, id);
  if (folder.workspaceId !== workspaceId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Folder ${folder.id} is not in workspace ${workspaceId}.`, {
      folder_id: folder.id,
    });
  }
  return folder.id;
}

function accountDashboard(context: EngineContext, id: string): DashboardRecord {
  const dashboard = context.store.dashboards.find(id);
  if (!dashboard || dashboard.accountId !== context.accountId) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Dashboard ${id} was not found.`, { dashboard_id: id });
  }
  return dashboard;
}

/** The widget's parent container (rule 5): a dashboard or a board view of the caller's account. */
function widgetParent(
  context: EngineContext,
  parent: { id: string; kind: WidgetParentKind },
): { kind: WidgetParentKind; id: string; board?: BoardRecord } {
  if (parent.kind === 'DASHBOARD') return { kind: 'DASHBOARD', id: accountDashboard(context, parent.id).id };
  const view = context.store.views.find(parent.id);
  const board = view && context.store.boards.find(view.boardId);
  if (!view || !board || view.accountId !== context.accountId) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Board view ${parent.id} was not found.`, { view_id: parent.id });
  }
  return { kind: 'BOARD_VIEW', id: view.id, board };
}

function accountWidget(context: EngineContext, id: string): WidgetRecord {
  const widget = context.store.dashboards.widgets.find(id);
  if (!widget || widget.accountId !== context.accountId) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Widget ${id} was not found.`, { widget_id: id });
  }
  return widget;
}

/** The entry `position` names must be one of the account's boards, folders or dashboards. */
function checkAnchor(
  context: EngineContext,
  position: NonNullable<MutationUpdateOverviewHierarchyArgs['attributes']['position']>,
) {
  if (position.object_type === 'Board') accountBoard(context, position.object_id);
  else if (position.object_type === 'Folder') accountFolder(context, position.object_id);
  else accountDashboard(context, position.object_id);
  return { objectId: position.object_id, objectType: position.object_type, isAfter: position.is_after ?? true };
}

function moveOverview(context: EngineContext, args: MutationUpdateOverviewHierarchyArgs) {
  requireScope(context, 'boards:write');
  const dashboard = accountDashboard(context, args.overview_id);
  const { attributes } = args;
  if (attributes.account_product_id != null) {
    const products = context.store.accounts.details(context.accountId)?.products ?? [];
    if (!products.some((product) => product.id === attributes.account_product_id)) {
      throw engineError(ENGINE_ERROR_CODES.notFound, `Product ${attributes.account_product_id} was not found.`, {
        account_product_id: attributes.account_product_id,
      });
    }
  }
  const workspace = attributes.workspace_id == null ? undefined : dashboardWorkspace(context, attributes.workspace_id);
  const inWorkspace = workspace?.actual ?? dashboardWorkspace(context, dashboard.workspaceId).actual;
  const folderId = dashboardFolder(context, attributes.folder_id, inWorkspace);
  const position = attributes.position ? checkAnchor(context, attributes.position) : undefined;
  context.store.dashboards.update(dashboard, {
    workspaceId: workspace?.recorded,
    // A move to another workspace leaves the old folder behind unless a folder of the new one is given.
    folderId: folderId ?? (workspace ? null : undefined),
    position,
  });
  return { success: true, message: 'Overview position updated successfully', overview: dashboard };
}

/** Resolvers of dashboards and widgets. */
export const dashboardResolvers: FamilyResolvers = {
  Query: {
    // Static: the documented schemas, reading no account data.
    all_widgets_schema: () => [...WIDGET_SETTINGS_SCHEMAS].map(([widget_type, schema]) => ({ widget_type, schema })),
  },
  Dashboard: {
    board_folder_id: (dashboard: DashboardRecord) => dashboard.folderId,
    workspace_id: (dashboard: DashboardRecord) => dashboard.workspaceId,
  },
  Overview: {
    created_at: (dashboard: DashboardRecord) => dashboard.createdAt,
    updated_at: (dashboard: DashboardRecord) => dashboard.updatedAt,
    creator: (dashboard: DashboardRecord, _args, context) => storedUser(context, dashboard.creatorId),
    folder_id: (dashboard: DashboardRecord) => dashboard.folderId,
    workspace_id: (dashboard: DashboardRecord) => dashboard.workspaceId,
    // The docs' example answers "1" for a live dashboard; deleted ones are gone from the store.
    state: () => '1',
    // The docs do not say what `kind` holds; the dashboard's own kind is the least surprising answer (rule map).
    kind: (dashboard: DashboardRecord) => dashboard.kind,
  },
  Widget: {
    parent: (widget: WidgetRecord) => ({ id: widget.parentId, kind: widget.parentKind }),
  },
  Mutation: {
    create_dashboard: (_source, args, context) => {
      requireScope(context, 'boards:write');
      checkName(args.name, 'dashboard');
      if (args.board_ids.length === 0 || args.board_ids.length > MAX_DASHBOARD_BOARDS) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          `board_ids must list 1 to ${MAX_DASHBOARD_BOARDS} boards.`,
          { argument: 'board_ids' },
        );
      }
      const workspace = dashboardWorkspace(context, args.workspace_id);
      const folderId = dashboardFolder(context, args.board_folder_id, workspace.actual);
      const boardIds = [...new Set(args.board_ids.map((id) => accountBoard(context, id).id))];
      return context.store.dashboards.create({
        accountId: context.accountId,
        name: args.name,
        kind: args.kind ?? 'PRIVATE',
        workspaceId: workspace.recorded,
        folderId,
        boardIds,
        creatorId: callerId(context),
      });
    },
    update_dashboard: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const dashboard = accountDashboard(context, args.id);
      if (args.name != null) checkName(args.name, 'dashboard');
      const workspace = args.workspace_id == null ? undefined : dashboardWorkspace(context, args.workspace_id);
      const inWorkspace = workspace?.actual ?? dashboardWorkspace(context, dashboard.workspaceId).actual;
      const folderId = dashboardFolder(context, args.board_folder_id, inWorkspace);
      return context.store.dashboards.update(dashboard, {
        name: args.name ?? undefined,
        kind: args.kind ?? undefined,
        workspaceId: workspace?.recorded,
        folderId: folderId ?? (workspace ? null : undefined),
      });
    },
    update_overview_hierarchy: (_source, args, context) => moveOverview(context, args),
    delete_dashboard: (_source, args, context) => {
      requireScope(context, 'boards:write');
      context.store.dashboards.delete(accountDashboard(context, args.id));
      return true;
    },
    create_widget: (_source, args, context) => {
      requireScope(context, 'boards:write');
      checkName(args.name, 'widget');
      const parent = widgetParent(context, args.parent);
      if (args.filter && !parent.board)
        notModelledArgument('create_widget(filter:)', 'the docs say a filter works with board views only');
      if (args.filter && parent.board) checkQuery(parent.board, args.filter, null);
      const schema = WIDGET_SETTINGS_SCHEMAS.get(args.kind);
      if (!schema) notModelledArgument('create_widget(kind:)', `the docs give no settings schema for ${args.kind}`);
      const settings = jsonObjectArgument(args.settings, 'settings');
      const problems = checkJsonSchema(settings, schema, 'settings');
      if (problems.length > 0) {
        throw engineError(
          ENGINE_ERROR_CODES.invalidArgument,
          `The ${args.kind} widget settings do not fit its schema (see all_widgets_schema): ${problems.join('; ')}.`,
          { argument: 'settings', problems },
        );
      }
      return context.store.dashboards.createWidget({
        accountId: context.accountId,
        kind: args.kind,
        name: args.name,
        parentKind: parent.kind,
        parentId: parent.id,
        settings,
        ...(args.filter ? { filter: args.filter as unknown as Record<string, unknown> } : {}),
        creatorId: callerId(context),
      });
    },
    delete_widget: (_source, args, context) => {
      requireScope(context, 'boards:write');
      context.store.dashboards.widgets.remove(accountWidget(context, args.id));
      return true;
    },
  },
};
