/**
 * Forms (2025-10): a form belongs to one board (create_form makes the board), is found by its token, and holds its
 * questions, tags and settings. The platform's forms pages: https://developer.monday.com/api-reference/reference/form
 * and .../forms-other-types.
 *
 * Rule map:
 * - the token is the alphanumeric string of the form's address ({@link FormStore.create}); a form of a deleted board
 *   is gone (resolvers/forms.ts)
 * - settings: ./form-settings.ts
 * - questions: ./form-questions.ts; update_form's `questions` is the whole order ({@link FormStore.update})
 * - a tag records into a text column of the form's board, made with the tag; deleting the tag may delete that column
 *   (`deleteAssociatedColumn`)
 * - deleting a board column drops the questions and tags made from it ({@link FormStore.dropColumn})
 * - the password is kept only as a digest and never answered; `features.password.enabled` follows it
 * Pinned by packages/emulator/test/forms.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import type { BoardStore } from './boards.js';
import type { Stamper } from './clock.js';
import { Collection } from './collection.js';
import type { ColumnStore } from './columns.js';
import {
  addQuestion,
  deleteQuestion,
  newQuestion,
  pageBlockOf,
  type QuestionInput,
  updateQuestion,
} from './form-questions.js';
import type { FormQuestionRecord, FormRecord, FormTagRecord } from './form-records.js';
import { checkFormSettings, defaultFormSettings, mergeFormSettings, type SettingsTree } from './form-settings.js';
import type { BoardRecord } from './records.js';

/** What {@link FormStore.create} needs: the board the form fills, and who made it. */
export interface NewForm {
  board: BoardRecord;
  ownerId: string;
  title: string;
}

/**
 * What the form family uses of the rest of the store (the store hands itself in): ids and time, the boards forms
 * belong to, and the columns a form's questions and tags make or delete.
 */
export interface FormCollaborators extends Stamper {
  readonly boards: Pick<BoardStore, 'find'>;
  readonly columns: Pick<ColumnStore, 'create' | 'delete'>;
}

/** The forms of every account. */
export class FormStore extends Collection<FormRecord> {
  readonly #store: FormCollaborators;

  /** Keeps the seeded `forms`; ids, time and the boards' columns come from `store`. */
  constructor(forms: FormRecord[], store: FormCollaborators) {
    super(forms);
    this.#store = store;
  }

  /** The form whose token is `token`, in any account. */
  byToken(token: string): FormRecord | undefined {
    return this.all().find((form) => form.token === token);
  }

  /** A new active form on `board`, with a fresh token and the name question. */
  create(input: NewForm): FormRecord {
    return this.insert({
      id: this.#store.newId(),
      token: randomBytes(9).toString('hex'),
      accountId: input.board.accountId,
      boardId: input.board.id,
      ownerId: input.ownerId,
      title: input.title,
      description: null,
      active: true,
      isAnonymous: false,
      builtWithAI: false,
      type: null,
      questions: [newQuestion('name', 'Name', 'Name', { required: true })],
      tags: [],
      ...defaultFormSettings(input.board.groups[0]?.id ?? null),
      passwordDigest: null,
      createdAt: this.#store.now(),
    });
  }

  /**
   * Changes the title, description and question order of a form (update_form); `questions` must list each of the
   * form's questions once. Everything is checked before anything changes.
   */
  update(
    form: FormRecord,
    input: {
      title?: string | null;
      description?: string | null;
      questions?: readonly { id: string; page_block_id?: string | null }[] | null;
    },
  ): FormRecord {
    if (input.title !== null && input.title !== undefined && input.title.trim() === '')
      throw invalidArgument('A form title cannot be empty.');
    const questions = input.questions ? this.#reordered(form, input.questions) : undefined;
    if (questions) {
      for (const { question, pageBlockId } of questions)
        if (pageBlockId !== undefined) question.page_block_id = pageBlockId;
      form.questions = questions.map(({ question }) => question);
    }
    if (input.title !== null && input.title !== undefined) form.title = input.title;
    if (input.description !== null && input.description !== undefined) form.description = input.description;
    return form;
  }

  /** The form's questions in the order of `order`, each with the page it moves to (checked, nothing changed). */
  #reordered(form: FormRecord, order: readonly { id: string; page_block_id?: string | null }[]) {
    const ids = order.map((entry) => entry.id);
    const known = new Set(form.questions.map((question) => question.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw invalidArgument('questions must list each of the form’s questions exactly once, in their new order.', {
        question_ids: [...known],
      });
    const byId = new Map(form.questions.map((question) => [question.id, question]));
    return order.map((entry) => ({
      question: byId.get(entry.id) as FormQuestionRecord,
      pageBlockId: entry.page_block_id === undefined ? undefined : pageBlockOf(form, entry.page_block_id),
    }));
  }

  /** Merges `input` into the form's settings; nothing changes when any part is refused. */
  updateSettings(
    form: FormRecord,
    input: { accessibility?: object | null; appearance?: object | null; features?: object | null },
    isAnonymous: boolean | null | undefined,
  ): FormRecord {
    const board = this.#store.boards.find(form.boardId);
    const next = {
      accessibility: mergeFormSettings(form.accessibility, input.accessibility ?? {}, 'accessibility'),
      appearance: mergeFormSettings(form.appearance, input.appearance ?? {}, 'appearance'),
      features: mergeFormSettings(form.features, input.features ?? {}, 'features'),
    };
    checkFormSettings(next, board?.groups.map((group) => group.id) ?? [], form.passwordDigest !== null);
    Object.assign(form, next);
    if (isAnonymous !== null && isAnonymous !== undefined) form.isAnonymous = isAnonymous;
    if ((form.features.password as SettingsTree).enabled === false) form.passwordDigest = null;
    return form;
  }

  /** Turns the form on or off (activate_form, deactivate_form). */
  setActive(form: FormRecord, active: boolean): FormRecord {
    form.active = active;
    return form;
  }

  /** Protects the form with `password` (kept as a digest) and switches the password feature on. */
  setPassword(form: FormRecord, password: string): FormRecord {
    // At least one character, any character (https://developer.monday.com/api-reference/reference/form).
    if (password.length === 0) throw invalidArgument('A form password cannot be empty.');
    form.passwordDigest = createHash('sha256').update(`${form.id}:${password}`).digest('hex');
    form.features = mergeFormSettings(form.features, { password: { enabled: true } });
    return form;
  }

  /** The form's short address, made once and kept. */
  shorten(form: FormRecord, host: string): { enabled: boolean; url: string } {
    const code = createHash('sha256').update(form.token).digest('hex').slice(0, 8);
    const link = { enabled: true, url: `https://forms.${host}/s/${code}` };
    form.features = mergeFormSettings(form.features, { shortenedLink: link });
    return link;
  }

  /** Adds a question (after `insert_after_question_id`, else last): ./form-questions.ts. */
  addQuestion(form: FormRecord, input: QuestionInput): FormQuestionRecord {
    return addQuestion(form, this.#board(form), input, () => this.#store.newId());
  }

  /** Changes a question with what `input` sends: ./form-questions.ts. */
  updateQuestion(form: FormRecord, questionId: string, input: QuestionInput): FormQuestionRecord {
    return updateQuestion(form, questionId, input);
  }

  /** Removes a question nothing depends on: ./form-questions.ts. */
  deleteQuestion(form: FormRecord, questionId: string): void {
    deleteQuestion(form, questionId);
  }

  /** Adds a tag, with the text column of the form's board that records it. */
  addTag(form: FormRecord, name: string, userId: string): FormTagRecord {
    if (name.trim() === '') throw invalidArgument('A form tag name cannot be empty.');
    if (form.tags.some((tag) => tag.name === name))
      throw invalidArgument(`The form already has a tag named "${name}".`, { name });
    const column = this.#store.columns.create(this.#board(form), { title: name, type: 'text', userId });
    const tag: FormTagRecord = { id: this.#store.newId(), name, columnId: column.id, value: null };
    form.tags.push(tag);
    return tag;
  }

  /** The form's tag `tagId`, or RESOURCE_NOT_FOUND. */
  tag(form: FormRecord, tagId: string): FormTagRecord {
    const found = form.tags.find((tag) => tag.id === tagId);
    if (!found) throw engineError(ENGINE_ERROR_CODES.notFound, `Form tag ${tagId} was not found.`, { tag_id: tagId });
    return found;
  }

  /** Drops the questions and tags of `boardId`'s forms made from column `columnId` (the column is going). */
  dropColumn(boardId: string, columnId: string): void {
    for (const form of this.where((candidate) => candidate.boardId === boardId)) {
      form.questions = form.questions.filter((question) => question.columnId !== columnId);
      form.tags = form.tags.filter((tag) => tag.columnId !== columnId);
    }
  }

  /** Sets the value a tag records with each submission. */
  setTagValue(tag: FormTagRecord, value: string | null): FormTagRecord {
    tag.value = value;
    return tag;
  }

  /** Removes a tag, and its column when `deleteColumn` is set. */
  deleteTag(form: FormRecord, tag: FormTagRecord, deleteColumn: boolean, userId: string): void {
    form.tags = form.tags.filter((candidate) => candidate !== tag);
    const board = this.#board(form);
    const column = board.columns.find((candidate) => candidate.id === tag.columnId);
    if (deleteColumn && column) this.#store.columns.delete(board, column, userId);
  }

  #board(form: FormRecord): BoardRecord {
    const board = this.#store.boards.find(form.boardId);
    if (!board) throw new Error(`Form ${form.id} names unknown board ${form.boardId}`);
    return board;
  }
}
