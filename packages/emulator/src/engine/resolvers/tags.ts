/**
 * Tags: Query.tags (tags:read) lists the account's public tags, or any of its tags by id; create_or_get_tag
 * (boards:write) returns the tag of that name, creating it when missing (private to `board_id` when given).
 */
import { requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { accountBoard } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** Resolvers of tags. */
export const tagResolvers: FamilyResolvers = {
  Query: {
    tags: (_source, args, context) => {
      requireScope(context, 'tags:read');
      return context.store.tags
        .all()
        .filter(
          (tag) => tag.accountId === context.accountId && (args.ids ? args.ids.includes(tag.id) : tag.boardId === null),
        );
    },
  },
  Mutation: {
    create_or_get_tag: (_source, args, context) => {
      requireScope(context, 'boards:write');
      if (!args.tag_name?.trim()) throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'tag_name is required.');
      const board = args.board_id == null ? null : accountBoard(context, args.board_id);
      return context.store.tags.createOrGet(context.accountId, board?.id ?? null, args.tag_name);
    },
  },
};
