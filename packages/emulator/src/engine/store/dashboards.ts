/**
 * Dashboards and their widgets. A dashboard belongs to one account, sits in a workspace (and optionally a folder of
 * it) and summarises boards of that account; a widget sits on a dashboard and keeps the settings it was created
 * with. Deleting a dashboard deletes its widgets. Callers have checked the account and the arguments; these keep
 * the records consistent.
 */

import type { Stamper } from './clock.js';
import { Collection } from './collection.js';

/** The workspace id the platform's examples use for the account's main workspace. */
export const MAIN_WORKSPACE_ALIAS = '-1';

/** Where a dashboard was placed relative to another entry of its workspace (update_overview_hierarchy). */
export interface DashboardPosition {
  objectId: string;
  objectType: 'Board' | 'Folder' | 'Overview';
  isAfter: boolean;
}

/** A dashboard. */
export interface DashboardRecord {
  id: string;
  accountId: string;
  name: string;
  kind: 'PRIVATE' | 'PUBLIC';
  /** A workspace id of the account, or {@link MAIN_WORKSPACE_ALIAS}. */
  workspaceId: string;
  folderId: string | null;
  boardIds: string[];
  creatorId: string;
  createdAt: string;
  updatedAt: string;
  /** The entry it was last placed next to; null until update_overview_hierarchy places it. */
  position: DashboardPosition | null;
}

/** The containers a widget can sit in. */
export type WidgetParentKind = 'DASHBOARD' | 'BOARD_VIEW';

/** A widget. */
export interface WidgetRecord {
  id: string;
  accountId: string;
  kind: string;
  name: string;
  parentKind: WidgetParentKind;
  parentId: string;
  settings: Record<string, unknown>;
  /** The items a widget on a board view counts (an `ItemsQueryGroup` as given); absent or null: every item. */
  filter?: Record<string, unknown> | null;
  creatorId: string;
  createdAt: string;
}

/** What {@link DashboardStore.create} needs. */
export type NewDashboard = Pick<
  DashboardRecord,
  'accountId' | 'name' | 'kind' | 'workspaceId' | 'folderId' | 'boardIds' | 'creatorId'
>;

/** What {@link DashboardStore.update} may change. */
export type DashboardChange = Partial<Pick<DashboardRecord, 'name' | 'kind' | 'workspaceId' | 'folderId' | 'position'>>;

/** Dashboards, with their widgets in {@link DashboardStore.widgets}. */
export class DashboardStore extends Collection<DashboardRecord> {
  /** Widgets of every dashboard. */
  readonly widgets: Collection<WidgetRecord>;
  readonly #store: Stamper;

  /** Keeps the seeded dashboards and widgets; ids and times come from `store`. */
  constructor(dashboards: DashboardRecord[], widgets: WidgetRecord[], store: Stamper) {
    super(dashboards);
    this.widgets = new Collection(widgets);
    this.#store = store;
  }

  /** Adds a dashboard; returns it. */
  create(input: NewDashboard): DashboardRecord {
    const now = this.#store.now();
    return this.insert({ ...input, id: this.#store.newId(), createdAt: now, updatedAt: now, position: null });
  }

  /** Applies `change` (keys left out stay as they are) and stamps the dashboard. */
  update(dashboard: DashboardRecord, change: DashboardChange): DashboardRecord {
    for (const [key, value] of Object.entries(change)) {
      if (value !== undefined) Object.assign(dashboard, { [key]: value });
    }
    dashboard.updatedAt = this.#store.now();
    return dashboard;
  }

  /** Deletes a dashboard and the widgets on it. */
  delete(dashboard: DashboardRecord): DashboardRecord {
    this.widgets.removeWhere((widget) => widget.parentKind === 'DASHBOARD' && widget.parentId === dashboard.id);
    return this.remove(dashboard);
  }

  /** Adds a widget; returns it. */
  createWidget(input: Omit<WidgetRecord, 'id' | 'createdAt'>): WidgetRecord {
    return this.widgets.insert({ ...input, id: this.#store.newId(), createdAt: this.#store.now() });
  }
}
