/**
 * Forms (2025-10): `form(formToken)`, create_form (which makes the form's board), update_form, update_form_settings,
 * activate_form, deactivate_form, set_form_password, shorten_form_url, the question mutations and the tag mutations.
 * The platform's pages: https://developer.monday.com/api-reference/reference/form.
 *
 * Rule map:
 * - a form is read with `boards:read` and changed with `boards:write`, as its board is; create_form making a folder
 *   (`destination_folder_name` without `destination_folder_id`, which wins when both are sent) needs
 *   `workspaces:write` too
 * - a token of another account's form, or of a form whose board is deleted, is RESOURCE_NOT_FOUND ({@link formOf})
 * - what a change may hold: ../store/forms.ts and ../store/form-settings.ts
 * - `ResponseForm.id` and `ownerId` are `Int`s; `FormQuestion.showIfRules` (2025-10) is `show_if_rules` renamed
 * Pinned by packages/emulator/test/forms.test.ts.
 */
import { type EngineContext, requireScope } from '../context.js';
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';
import type { FormQuestionRecord, FormRecord } from '../store/form-records.js';
import { accountFolder, accountTeams, accountUsers, accountWorkspace, callerId, URL_HOST } from './lookup.js';
import type { FamilyResolvers } from './types.js';

/** The caller's form with token `token` on a live board, after checking `scope`; else RESOURCE_NOT_FOUND. */
export function formOf(context: EngineContext, token: string, scope: 'boards:read' | 'boards:write'): FormRecord {
  requireScope(context, scope);
  const form = context.store.forms.byToken(token);
  const board = form && context.store.boards.find(form.boardId);
  if (!form || form.accountId !== context.accountId || !board || board.state === 'deleted') {
    throw engineError(ENGINE_ERROR_CODES.notFound, `Form ${token} was not found.`, { form_token: token });
  }
  return form;
}

function createForm(
  context: EngineContext,
  args: {
    destination_workspace_id: string;
    destination_folder_id?: string | null;
    destination_folder_name?: string | null;
    destination_name?: string | null;
    board_kind?: 'public' | 'private' | 'share' | null;
    board_owner_ids?: string[] | null;
    board_owner_team_ids?: string[] | null;
    board_subscriber_ids?: string[] | null;
    board_subscriber_teams_ids?: string[] | null;
  },
) {
  requireScope(context, 'boards:write');
  const workspace = accountWorkspace(context, args.destination_workspace_id);
  let folderId: string | null = null;
  if (args.destination_folder_id != null) {
    const folder = accountFolder(context, args.destination_folder_id);
    if (folder.workspaceId !== workspace.id)
      throw engineError(
        ENGINE_ERROR_CODES.invalidArgument,
        `Folder ${folder.id} is not in workspace ${workspace.id}.`,
        { folder_id: folder.id },
      );
    folderId = folder.id;
  }
  const name = args.destination_name ?? 'New form';
  if (name.trim() === '') throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A form name cannot be empty.');
  const userId = callerId(context);
  const owners = accountUsers(context, args.board_owner_ids ?? []).map((user) => user.id);
  const subscribers = accountUsers(context, args.board_subscriber_ids ?? []).map((user) => user.id);
  const ownerTeams = accountTeams(context, args.board_owner_team_ids ?? []).map((team) => team.id);
  const subscriberTeams = accountTeams(context, args.board_subscriber_teams_ids ?? []).map((team) => team.id);
  // The docs' own example sends both a folder id and a name: the existing folder named by id is used, and a folder
  // is made from the name only when no id is given (https://developer.monday.com/api-reference/reference/form).
  if (args.destination_folder_name != null && folderId === null) {
    requireScope(context, 'workspaces:write');
    if (args.destination_folder_name.trim() === '')
      throw engineError(ENGINE_ERROR_CODES.invalidArgument, 'A folder name cannot be empty.');
    folderId = context.store.workspaces.createFolder({
      accountId: context.accountId,
      workspaceId: workspace.id,
      name: args.destination_folder_name,
      color: null,
      fontWeight: null,
      customIcon: null,
      parentId: null,
      ownerId: userId,
    }).id;
  }
  const board = context.store.boards.create({
    accountId: context.accountId,
    name,
    kind: args.board_kind ?? 'public',
    creatorId: userId,
    ownerIds: owners,
    subscriberIds: subscribers,
    teamOwnerIds: ownerTeams,
    teamSubscriberIds: subscriberTeams,
    workspaceId: workspace.id,
    folderId,
  });
  const form = context.store.forms.create({ board, ownerId: userId, title: name });
  return { boardId: board.id, token: form.token };
}

/** Resolvers of forms. */
export const formResolvers: FamilyResolvers = {
  Query: {
    form: (_source, args, context) => formOf(context, args.formToken, 'boards:read'),
  },
  ResponseForm: {
    id: (form: FormRecord) => Number(form.id),
    ownerId: (form: FormRecord) => Number(form.ownerId),
  },
  FormQuestion: {
    showIfRules: (question: FormQuestionRecord) => question.show_if_rules,
  },
  Mutation: {
    create_form: (_source, args, context) => createForm(context, args),
    update_form: (_source, args, context) => {
      return context.store.forms.update(formOf(context, args.formToken, 'boards:write'), args.input);
    },
    update_form_settings: (_source, args, context) => {
      const form = formOf(context, args.formToken, 'boards:write');
      const { is_anonymous: isAnonymous, ...settings } = args.settings;
      return context.store.forms.updateSettings(form, settings, isAnonymous);
    },
    activate_form: (_source, args, context) => {
      context.store.forms.setActive(formOf(context, args.formToken, 'boards:write'), true);
      return true;
    },
    deactivate_form: (_source, args, context) => {
      context.store.forms.setActive(formOf(context, args.formToken, 'boards:write'), false);
      return true;
    },
    set_form_password: (_source, args, context) =>
      context.store.forms.setPassword(formOf(context, args.formToken, 'boards:write'), args.input.password),
    shorten_form_url: (_source, args, context) =>
      context.store.forms.shorten(formOf(context, args.formToken, 'boards:write'), URL_HOST),
    create_form_question: (_source, args, context) =>
      context.store.forms.addQuestion(formOf(context, args.formToken, 'boards:write'), args.question),
    update_form_question: (_source, args, context) =>
      context.store.forms.updateQuestion(
        formOf(context, args.formToken, 'boards:write'),
        args.questionId,
        args.question,
      ),
    delete_question: (_source, args, context) => {
      context.store.forms.deleteQuestion(formOf(context, args.formToken, 'boards:write'), args.questionId);
      return true;
    },
    create_form_tag: (_source, args, context) =>
      context.store.forms.addTag(formOf(context, args.formToken, 'boards:write'), args.tag.name, callerId(context)),
    update_form_tag: (_source, args, context) => {
      const form = formOf(context, args.formToken, 'boards:write');
      context.store.forms.setTagValue(context.store.forms.tag(form, args.tagId), args.tag.value ?? null);
      return true;
    },
    delete_form_tag: (_source, args, context) => {
      const form = formOf(context, args.formToken, 'boards:write');
      const tag = context.store.forms.tag(form, args.tagId);
      const deleteColumn = args.options?.deleteAssociatedColumn === true;
      context.store.forms.deleteTag(form, tag, deleteColumn, callerId(context));
      return true;
    },
  },
};
