/**
 * Templates (2026-10 on): `use_template` and `template_installation_status`, as
 * https://developer.monday.com/api-reference/reference/templates describes them. Pinned by
 * packages/emulator/test/engine/resolvers/templates.test.ts.
 *
 * Rule map:
 * - use_template needs workspaces:write; a template the emulator does not hold is refused as the docs say the
 *   platform refuses a template the user cannot reach: USER_UNAUTHORIZED. Templates are seeded (the platform has no
 *   public query listing them; ../store/templates.ts).
 * - The boards go to `destination_workspace_id` (the account's main workspace by default) and
 *   `destination_folder_id`; a template of several boards gets a new folder there (named
 *   `destination_folder_name`, else `destination_name`, else the template's name) unless
 *   `skip_target_folder_creation` or a destination folder is given. `destination_name` names the board of a
 *   one-board template. Owners, subscribers and their teams must be the account's.
 * - The installation is a job on the emulator's clock: IN_PROGRESS (no board ids yet) until
 *   TEMPLATE_INSTALL_MS after it started, then COMPLETE with every board; the boards themselves are made at once.
 *   The status is null for an unknown process, one of another account, and one older than an hour, as the docs say.
 *   It needs no scope beyond a valid token.
 * - `callback_url_on_complete` and `solution_extra_options` answer NOT_MODELLED: the emulator calls no completion
 *   URL and the docs do not say what the options hold.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import { TEMPLATE_INSTALL_MS, TEMPLATE_RECORD_TTL_MS, type TemplateInstallationRecord } from '../store/templates.js';
import type { MutationUseTemplateArgs } from './arguments.generated.js';
import {
  accountFolder,
  accountTeams,
  accountUsers,
  accountWorkspace,
  callerId,
  notModelledArgument,
} from './lookup.js';
import type { FamilyResolvers } from './types.js';

const ids = (list: readonly (number | null)[] | null | undefined): number[] =>
  (list ?? []).filter((id): id is number => id !== null);

function mainWorkspaceId(context: EngineContext): string {
  const main = context.store.workspaces.mainOf(context.accountId);
  if (!main) throw engineError(ENGINE_ERROR_CODES.notFound, 'The account has no main workspace.');
  return main.id;
}

function useTemplate(context: EngineContext, args: MutationUseTemplateArgs) {
  requireScope(context, 'workspaces:write');
  if (args.callback_url_on_complete != null) {
    notModelledArgument('use_template(callback_url_on_complete:)', 'the emulator calls no completion URL');
  }
  if (args.solution_extra_options != null) {
    notModelledArgument('use_template(solution_extra_options:)', 'the docs do not say what the options hold');
  }
  const template = context.store.templates.find(args.template_id);
  if (!template) {
    throw engineError(ENGINE_ERROR_CODES.unauthorized, `Template ${args.template_id} is not available to this user.`, {
      template_id: String(args.template_id),
    });
  }
  const folder = args.destination_folder_id == null ? undefined : accountFolder(context, args.destination_folder_id);
  const workspaceId =
    args.destination_workspace_id == null
      ? (folder?.workspaceId ?? mainWorkspaceId(context))
      : accountWorkspace(context, args.destination_workspace_id).id;
  if (folder && folder.workspaceId !== workspaceId) {
    throw engineError(ENGINE_ERROR_CODES.invalidArgument, `Folder ${folder.id} is not in workspace ${workspaceId}.`, {
      folder_id: folder.id,
    });
  }
  const userId = callerId(context);
  const people = {
    ownerIds: accountUsers(context, ids(args.board_owner_ids)).map((user) => user.id),
    subscriberIds: accountUsers(context, ids(args.board_subscriber_ids)).map((user) => user.id),
    teamOwnerIds: accountTeams(context, ids(args.board_owner_team_ids)).map((team) => team.id),
    teamSubscriberIds: accountTeams(context, ids(args.board_subscriber_teams_ids)).map((team) => team.id),
  };
  let folderId = folder?.id ?? null;
  if (!folder && template.boards.length > 1 && !args.skip_target_folder_creation) {
    folderId = context.store.workspaces.createFolder({
      accountId: context.accountId,
      workspaceId,
      name: args.destination_folder_name ?? args.destination_name ?? template.name,
      color: null,
      fontWeight: null,
      customIcon: null,
      parentId: null,
      ownerId: userId,
    }).id;
  }
  const installation = context.store.templates.install(template, {
    accountId: context.accountId,
    userId,
    workspaceId,
    folderId,
    name: args.destination_name ?? null,
    kind: args.board_kind ?? null,
    ...people,
  });
  return { process_id: installation.id };
}

function installationStatus(context: EngineContext, installation: TemplateInstallationRecord) {
  const complete = context.store.clock.now() - installation.startedAt >= TEMPLATE_INSTALL_MS;
  const map = complete ? installation.boardIdsMap : [];
  return {
    process_id: installation.id,
    status: complete ? 'COMPLETE' : 'IN_PROGRESS',
    is_complete: complete,
    is_failed: false,
    board_ids: map.map((entry) => entry.createdBoardId),
    board_ids_map: map.map((entry) => ({
      source_board_id: entry.sourceBoardId,
      created_board_id: entry.createdBoardId,
    })),
  };
}

/** Resolvers of templates. */
export const templateResolvers: FamilyResolvers = {
  Query: {
    template_installation_status: (_source, args, context) => {
      const installation = context.store.templates.installations.find(args.process_id);
      if (
        !installation ||
        installation.accountId !== context.accountId ||
        context.store.clock.now() - installation.startedAt > TEMPLATE_RECORD_TTL_MS
      ) {
        return null;
      }
      return installationStatus(context, installation);
    },
  },
  Mutation: {
    use_template: (_source, args, context) => useTemplate(context, args),
  },
};
