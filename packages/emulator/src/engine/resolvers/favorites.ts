/**
 * Favorites (2025-10): the caller's `favorites` (boards:read) and `create_favorite`, `delete_favorite`,
 * `update_favorite_position` (boards:write). Favorites other types:
 * https://developer.monday.com/api-reference/reference/favorites-other-types
 *
 * Rule map:
 * - A favorite is a board or a workspace of the caller's account (else RESOURCE_NOT_FOUND); dashboards and folders,
 *   and the favorites folders `newFolder` moves into, are NOT_MODELLED.
 * - A new favorite goes right after `newPosition.prevObject`, or right before `newPosition.nextObject`, or at the
 *   end; each named object must be in the caller's favorites. Adding an object that already is a favorite answers
 *   it unchanged (the docs do not say; nothing is listed twice). `position` numbers the list from 1.
 * - `delete_favorite` answers `success: false` for an object that is not a favorite.
 * - Each user has their own list; `folderId` is null (no favorites folders) and `folder` of the create result null.
 * - Workspaces became favorite objects in 2026-04 (`GraphqlMondayObject.Workspace`); an earlier version's `favorites`
 *   leaves out the workspace favorites, which its schema cannot name.
 */
import { type GraphQLResolveInfo, isEnumType } from 'graphql';
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import { notModelledError } from '../schema/modelled.js';
import type { FavoriteObjectType, FavoritePlace, FavoriteRecord } from '../store/favorites.js';
import type { HierarchyObjectIDInputType, ObjectDynamicPositionInput } from './arguments.generated.js';
import { accountBoard, accountWorkspace, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The object a favorite input names, checked to be the caller's. */
function favoriteObject(context: EngineContext, object: HierarchyObjectIDInputType): FavoriteObjectType {
  if (object.type === 'Board') {
    accountBoard(context, object.id);
    return 'Board';
  }
  if (object.type === 'Workspace') {
    accountWorkspace(context, object.id);
    return 'Workspace';
  }
  throw notModelledError('Mutation', `favorites of a ${object.type}`);
}

function existing(context: EngineContext, object: HierarchyObjectIDInputType): FavoriteRecord {
  const favorite =
    object.type === 'Board' || object.type === 'Workspace'
      ? context.store.favorites.findObject(callerId(context), object.type, String(object.id))
      : undefined;
  if (!favorite) {
    throw engineError(ENGINE_ERROR_CODES.notFound, `${object.type} ${object.id} is not among your favorites.`, {
      object_id: String(object.id),
    });
  }
  return favorite;
}

function place(
  context: EngineContext,
  position: ObjectDynamicPositionInput | null | undefined,
  moving?: FavoriteRecord,
) {
  const where: FavoritePlace = {};
  if (position?.prevObject) where.after = existing(context, position.prevObject);
  else if (position?.nextObject) where.before = existing(context, position.nextObject);
  if (moving && (where.after === moving || where.before === moving)) {
    throw invalidArgument('A favorite cannot be placed next to itself.');
  }
  return where;
}

/** A favorite as `GraphqlHierarchyObjectItem` answers it. */
function item(favorite: FavoriteRecord) {
  return {
    id: favorite.id,
    accountId: favorite.accountId,
    createdAt: favorite.createdAt,
    updatedAt: favorite.updatedAt,
    folderId: null,
    position: favorite.position,
    object: { id: favorite.objectId, type: favorite.objectType },
  };
}

/** Resolvers of favorites. */
export const favoriteResolvers: FamilyResolvers = {
  Query: {
    favorites: (_source, _args, context, info?: GraphQLResolveInfo) => {
      requireScope(context, 'boards:read');
      const kinds = info?.schema.getType('GraphqlMondayObject');
      const nameable = (favorite: FavoriteRecord) =>
        !kinds || !isEnumType(kinds) || kinds.getValue(favorite.objectType) !== undefined;
      return context.store.favorites.ofUser(callerId(context)).filter(nameable).map(item);
    },
  },
  Mutation: {
    create_favorite: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const { object, name, newPosition } = args.input;
      const objectType = favoriteObject(context, object);
      const userId = callerId(context);
      const known = context.store.favorites.findObject(userId, objectType, String(object.id));
      if (known) return { favorite: item(known), folder: null };
      const favorite = context.store.favorites.add(
        {
          accountId: context.accountId,
          userId,
          objectType,
          objectId: String(object.id),
          name: name?.trim() ? name.trim() : null,
        },
        place(context, newPosition),
      );
      return { favorite: item(favorite), folder: null };
    },
    delete_favorite: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const { object } = args.input;
      const favorite =
        object.type === 'Board' || object.type === 'Workspace'
          ? context.store.favorites.findObject(callerId(context), object.type, String(object.id))
          : undefined;
      if (favorite) context.store.favorites.delete(favorite);
      return { success: favorite !== undefined };
    },
    update_favorite_position: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const { object, newPosition, newFolder } = args.input;
      if (newFolder != null) throw notModelledError('Mutation', 'update_favorite_position(newFolder:)');
      const favorite = existing(context, object);
      return { favorite: item(context.store.favorites.move(favorite, place(context, newPosition, favorite))) };
    },
  },
};
