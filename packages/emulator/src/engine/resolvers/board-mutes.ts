/**
 * Board mute settings: `mute_board_settings` (boards:read) answers the caller's notification mute state for each
 * board; `update_mute_board_settings` (boards:write) changes it
 * (https://developer.monday.com/api-reference/reference/mute-board-settings,
 * https://developer.monday.com/api-reference/changelog/new-update_mute_board_settings-mutation; the states and
 * `enabled`: https://developer.monday.com/api-reference/reference/notifications-other-types).
 *
 * Rule map:
 * - A board is one of the caller's account's (else RESOURCE_NOT_FOUND); a board never set answers NOT_MUTED.
 * - `CURRENT_USER_MUTE_ALL`, `MENTIONS_AND_ASSIGNS_ONLY`, `CUSTOM_SETTINGS` and `NOT_MUTED` are the caller's own;
 *   `MUTE_ALL` mutes the board for everyone, and while it holds every user reads MUTE_ALL. The docs do not say who may
 *   set it: here a board owner or an account admin (else USER_UNAUTHORIZED; public clients describe it as needing an
 *   admin's token), and either of them setting any other state lifts it.
 * - `enabled` is answered only under CUSTOM_SETTINGS (null otherwise, as the docs say); CUSTOM_SETTINGS needs it, and
 *   another state given `enabled` is INVALID_ARGUMENT (the docs do not say; nothing is dropped silently).
 * - The docs give no limit on `board_ids`; the emulator reads at most {@link MAX_MUTE_BOARDS} (else INVALID_ARGUMENT).
 * - The scopes are the docs' silence filled with the boards' own: boards:read to read, boards:write to change.
 * - The update answers the board's settings as a one-element list.
 * Pinned by packages/emulator/test/engine/resolvers/board-mutes.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import type { CustomizableBoardSetting } from '../store/board-mutes.js';
import type { BoardRecord } from '../store/records.js';
import { accountBoard, callerId } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The most boards one `mute_board_settings` reads. */
export const MAX_MUTE_BOARDS = 100;

/** The caller's mute settings of `board`, as `BoardMuteSettings` answers them. */
function muteView(context: EngineContext, board: BoardRecord) {
  if (context.store.boardMutes.mutedForAll(board.id)) {
    return { board_id: board.id, mute_state: 'MUTE_ALL', enabled: null };
  }
  const own = context.store.boardMutes.ofUser(board.id, callerId(context));
  return { board_id: board.id, mute_state: own.state, enabled: own.state === 'CUSTOM_SETTINGS' ? own.enabled : null };
}

/** Resolvers of board mute settings. */
export const boardMuteResolvers: FamilyResolvers = {
  Query: {
    mute_board_settings: (_source, args, context) => {
      requireScope(context, 'boards:read');
      if (args.board_ids.length > MAX_MUTE_BOARDS) {
        throw invalidArgument(`board_ids may list at most ${MAX_MUTE_BOARDS} boards.`, { argument: 'board_ids' });
      }
      return args.board_ids.map((id) => muteView(context, accountBoard(context, id)));
    },
  },
  Mutation: {
    update_mute_board_settings: (_source, args, context) => {
      requireScope(context, 'boards:write');
      const board = accountBoard(context, args.board_id);
      const userId = callerId(context);
      const enabled: CustomizableBoardSetting[] | null = args.enabled ? [...new Set(args.enabled)] : null;
      if (args.mute_state === 'CUSTOM_SETTINGS' && !enabled?.length) {
        throw invalidArgument('CUSTOM_SETTINGS needs the notifications to keep in enabled.', { argument: 'enabled' });
      }
      if (args.mute_state !== 'CUSTOM_SETTINGS' && enabled !== null) {
        throw invalidArgument('enabled is only read with mute_state CUSTOM_SETTINGS.', { argument: 'enabled' });
      }
      const owner = board.ownerIds.includes(userId);
      if (args.mute_state === 'MUTE_ALL') {
        if (!owner) {
          throw engineError(
            ENGINE_ERROR_CODES.unauthorized,
            `Only an owner of board ${board.id} can mute it for all.`,
            {
              board_id: board.id,
            },
          );
        }
        context.store.boardMutes.setMutedForAll(board.id, true);
      } else {
        if (owner) context.store.boardMutes.setMutedForAll(board.id, false);
        context.store.boardMutes.setForUser({ boardId: board.id, userId, state: args.mute_state, enabled });
      }
      return [muteView(context, board)];
    },
  },
};
