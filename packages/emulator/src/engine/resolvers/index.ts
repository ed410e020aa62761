/**
 * Every resolver of the emulator, composed from one module per family (named like its twin in ../store/).
 *
 * Where a field lives:
 * - A field of an object type lives with the family that owns the type: `Board.*` in boards.ts (its `items_page`,
 *   `groups`, `columns` and `updates` too), `Item.*` in items.ts (`column_values`, `updates`, `subitems`), `Group.*`
 *   in groups.ts, `Workspace.*` and `Folder.*` in workspaces.ts. To find a field, open its type's family.
 * - A Query field lives with the family of the records it lists (`Query.boards` in boards.ts, `Query.me` in
 *   users.ts); facts about the API itself (`version`, `versions`, `complexity`) in api.ts; `Query.search`, which
 *   finds records of several families, in search.ts with its own types; `Query.aggregate`, which summarises a
 *   board's items, in aggregate.ts.
 * - A Mutation field lives with the family whose records it changes (`change_column_value` changes an item:
 *   items.ts; `add_file_to_column` adds an asset: assets.ts; `add_teams_to_board` changes a board: boards.ts).
 * - What two families share goes to lookup.ts (finding the caller's records, paging, made-up addresses); what
 *   belongs to one family but another needs is exported from that family's module (`columnValueView`).
 *
 * Adding a mutation: its resolver in its family's module here, its change in the family's store module, a test.
 * The family maps are checked against the schema (types.ts, arguments.generated.ts): an unknown field or argument
 * does not compile, and {@link composeResolvers} refuses two families resolving the same field at start-up
 * (packages/emulator/test/engine/resolvers/index.test.ts).
 */
import { accountResolvers } from './account.js';
import { aggregateResolvers } from './aggregate.js';
import { aiColumnResolvers } from './ai-columns.js';
import { apiResolvers } from './api.js';
import { appMonetizationResolvers } from './app-monetization.js';
import { articleResolvers } from './articles.js';
import { assetResolvers } from './assets.js';
import { automationResolvers } from './automations.js';
import { boardMuteResolvers } from './board-mutes.js';
import { boardResolvers } from './boards.js';
import { bulkResolvers } from './bulk.js';
import { columnTypeSchemaResolvers } from './column-type-schemas.js';
import { columnResolvers } from './columns.js';
import { dashboardResolvers } from './dashboards.js';
import { departmentResolvers } from './departments.js';
import { docResolvers } from './docs.js';
import { favoriteResolvers } from './favorites.js';
import { formResolvers } from './forms.js';
import { groupResolvers } from './groups.js';
import { itemResolvers } from './items.js';
import { knowledgeBaseResolvers } from './knowledge-base.js';
import { managedColumnResolvers } from './managed-columns.js';
import { notificationResolvers } from './notifications.js';
import { objectSchemaResolvers } from './object-schemas.js';
import { searchResolvers } from './search.js';
import { tagResolvers } from './tags.js';
import { teamResolvers } from './teams.js';
import { templateResolvers } from './templates.js';
import { timelineResolvers } from './timeline.js';
import type { FamilyResolvers, FieldResolver, ResolverMap } from './types.js';
import { updateResolvers } from './updates.js';
import { userResolvers } from './users.js';
import { validationResolvers } from './validations.js';
import { viewResolvers } from './views.js';
import { webhookResolvers } from './webhooks.js';
import { workspaceResolvers } from './workspaces.js';

/** One map holding every type's resolvers from `families`; throws when two of them resolve the same field. */
export function composeResolvers(families: Readonly<Record<string, FamilyResolvers>>): ResolverMap {
  const composed: ResolverMap = {};
  const owner = new Map<string, string>();
  for (const [family, map] of Object.entries(families)) {
    for (const [typeName, fields] of Object.entries(map as Record<string, Record<string, FieldResolver>>)) {
      const into = composed[typeName] ?? {};
      composed[typeName] = into;
      for (const [fieldName, resolve] of Object.entries(fields)) {
        const coordinate = `${typeName}.${fieldName}`;
        const first = owner.get(coordinate);
        if (first) throw new Error(`${coordinate} is resolved by two families: ${first} and ${family}`);
        owner.set(coordinate, family);
        into[fieldName] = resolve;
      }
    }
  }
  return composed;
}

/** The resolvers of every family, composed. */
export const RESOLVERS: ResolverMap = composeResolvers({
  account: accountResolvers,
  aggregate: aggregateResolvers,
  aiColumns: aiColumnResolvers,
  api: apiResolvers,
  appMonetization: appMonetizationResolvers,
  articles: articleResolvers,
  assets: assetResolvers,
  automations: automationResolvers,
  boardMutes: boardMuteResolvers,
  boards: boardResolvers,
  bulk: bulkResolvers,
  columns: columnResolvers,
  columnTypeSchemas: columnTypeSchemaResolvers,
  dashboards: dashboardResolvers,
  departments: departmentResolvers,
  docs: docResolvers,
  favorites: favoriteResolvers,
  forms: formResolvers,
  groups: groupResolvers,
  items: itemResolvers,
  knowledgeBase: knowledgeBaseResolvers,
  managedColumns: managedColumnResolvers,
  notifications: notificationResolvers,
  objectSchemas: objectSchemaResolvers,
  search: searchResolvers,
  tags: tagResolvers,
  teams: teamResolvers,
  templates: templateResolvers,
  timeline: timelineResolvers,
  updates: updateResolvers,
  users: userResolvers,
  validations: validationResolvers,
  views: viewResolvers,
  webhooks: webhookResolvers,
  workspaces: workspaceResolvers,
});
