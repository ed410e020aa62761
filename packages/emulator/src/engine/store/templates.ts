/**
 * Templates and their installations. A template is a set of board blueprints (seeded: the platform has no public
 * query listing templates); installing one creates a board per blueprint in the caller's account, at once, and
 * records the installation as a background job that the emulator's clock completes
 * ({@link TEMPLATE_INSTALL_MS} after it started) and forgets ({@link TEMPLATE_RECORD_TTL_MS} after it started).
 */
import { createHash } from 'node:crypto';
import type { BoardStore } from './boards.js';
import type { EngineClock, Stamper } from './clock.js';
import { Collection } from './collection.js';
import type { BoardRecord, ColumnRecord } from './records.js';

/** How long an installation runs on the emulator's clock (the docs: "a few seconds to several minutes"). */
export const TEMPLATE_INSTALL_MS = 3_000;
/** How long an installation's record is kept (https://developer.monday.com/api-reference/reference/templates). */
export const TEMPLATE_RECORD_TTL_MS = 60 * 60 * 1000;

/** One board of a template. */
export interface TemplateBoardBlueprint {
  /** The template's own id of the board (`source_board_id`). */
  sourceBoardId: string;
  name: string;
  kind: BoardRecord['kind'];
  columns: ColumnRecord[];
  /** Group titles, in order (the first one's id is `topics`). */
  groups: string[];
}

/** A template that can be installed. */
export interface TemplateRecord {
  /** The `template_id` (an app feature id on the platform). */
  id: string;
  name: string;
  boards: TemplateBoardBlueprint[];
}

/** One installation of a template. */
export interface TemplateInstallationRecord {
  /** The `process_id`. */
  id: string;
  accountId: string;
  templateId: string;
  userId: string;
  /** Epoch milliseconds it started at (the emulator's clock). */
  startedAt: number;
  boardIdsMap: { sourceBoardId: string; createdBoardId: string }[];
}

/** Where and how the boards of an installation are made. */
export interface TemplatePlacement {
  accountId: string;
  userId: string;
  workspaceId: string | null;
  folderId: string | null;
  /** Names the board of a one-board template. */
  name: string | null;
  kind: BoardRecord['kind'] | null;
  ownerIds: string[];
  subscriberIds: string[];
  teamOwnerIds: string[];
  teamSubscriberIds: string[];
}

const GROUP_COLORS = ['#579bfc', '#00c875', '#e2445c', '#fdab3d', '#a25ddc'];

/**
 * What the template family uses of the rest of the store (the store hands itself in): ids, the clock, and the
 * boards an installed template creates.
 */
export interface TemplateCollaborators extends Stamper {
  readonly clock: EngineClock;
  readonly boards: Pick<BoardStore, 'create'>;
}

/** Templates (seeded) and installations. */
export class TemplateStore extends Collection<TemplateRecord> {
  /** Installations, oldest first. */
  readonly installations: Collection<TemplateInstallationRecord>;
  readonly #store: TemplateCollaborators;

  /** Keeps the seeded templates; boards and ids come from `store`. */
  constructor(templates: TemplateRecord[], store: TemplateCollaborators) {
    super(templates);
    this.installations = new Collection();
    this.#store = store;
  }

  /** Creates a board per blueprint of `template` and records the installation. */
  install(template: TemplateRecord, placement: TemplatePlacement): TemplateInstallationRecord {
    const boardIdsMap = template.boards.map((blueprint) => {
      const board = this.#store.boards.create({
        accountId: placement.accountId,
        name: template.boards.length === 1 && placement.name ? placement.name : blueprint.name,
        kind: placement.kind ?? blueprint.kind,
        creatorId: placement.userId,
        ownerIds: placement.ownerIds,
        subscriberIds: placement.subscriberIds,
        teamOwnerIds: placement.teamOwnerIds,
        teamSubscriberIds: placement.teamSubscriberIds,
        workspaceId: placement.workspaceId,
        folderId: placement.folderId,
        empty: true,
      });
      board.columns = structuredClone(blueprint.columns);
      board.groups = blueprint.groups.map((title, index) => ({
        id: index === 0 ? 'topics' : `group_${index}`,
        title,
        color: GROUP_COLORS[index % GROUP_COLORS.length] ?? '#579bfc',
        archived: false,
        deleted: false,
      }));
      return { sourceBoardId: blueprint.sourceBoardId, createdBoardId: board.id };
    });
    // A 32-digit hex handle, as the docs show; derived from a store id so a replayed journal gives the same one.
    const id = createHash('sha256').update(`template-installation:${this.#store.newId()}`).digest('hex').slice(0, 32);
    return this.installations.insert({
      id,
      accountId: placement.accountId,
      templateId: template.id,
      userId: placement.userId,
      startedAt: this.#store.clock.now(),
      boardIdsMap,
    });
  }
}
