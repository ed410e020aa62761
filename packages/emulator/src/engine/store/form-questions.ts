/**
 * The questions of a form: create_form_question, update_form_question and delete_question (2025-10).
 *
 * Rule map (https://developer.monday.com/api-reference/reference/form, .../forms-other-types):
 * - ids come from the store's counter, or are the id of the board column a question is made from
 *   (`existing_column_id`, one question a column): {@link addQuestion}
 * - `insert_after_question_id` places a new question; `page_block_id` names a PAGE_BLOCK question of the form
 *   ({@link pageBlockOf}); `show_if_rules` conditions name other questions of the form
 * - a question another question depends on (its page, or a condition) is not deleted: {@link deleteQuestion}
 * - `FormQuestionSettingsInput` is kept as `FormQuestionSettings` names it (`labelLimitCount` → `label_limit_count`)
 * Pinned by packages/emulator/test/forms.test.ts.
 */
import { ENGINE_ERROR_CODES, engineError, invalidArgument } from '../errors.js';
import type { FormQuestionRecord, FormRecord } from './form-records.js';
import { mergeFormSettings, type SettingsTree } from './form-settings.js';
import type { BoardRecord } from './records.js';

/** A question as create_form_question and update_form_question send it (`CreateQuestionInput`). */
export interface QuestionInput {
  type: string;
  title?: string | null;
  description?: string | null;
  required?: boolean | null;
  visible?: boolean | null;
  options?: readonly { label: string; value?: string | null; visible?: boolean | null }[] | null;
  /** `FormQuestionSettingsInput`. */
  settings?: object | null;
  show_if_rules?: { rules: readonly { conditions: readonly { building_block_id: string }[] }[] } | null;
  page_block_id?: string | null;
  existing_column_id?: string | null;
  insert_after_question_id?: string | null;
}

/** Every field of `FormQuestionSettings`, unset. */
const UNSET_QUESTION_SETTINGS: Readonly<SettingsTree> = Object.fromEntries(
  [
    'checkedByDefault',
    'defaultCurrentDate',
    'default_answer',
    'display',
    'includeTime',
    'label_limit_count',
    'label_limit_count_enabled',
    'limit',
    'locationAutofilled',
    'optionsOrder',
    'prefill',
    'prefixAutofilled',
    'prefixPredefined',
    'skipValidation',
  ].map((field) => [field, null]),
);

/**
 * `FormQuestionSettingsInput` merged into a question's settings, as `FormQuestionSettings` names them
 * (`labelLimitCount` → `label_limit_count`; a prefill without `lookup` looks up `''`, the output's field being non-null).
 */
function questionSettings(input: object | null | undefined, current: SettingsTree | null): SettingsTree | null {
  if (input === null || input === undefined) return current;
  const { labelLimitCount, prefill, prefixPredefined, ...rest } = input as SettingsTree;
  const renamed: SettingsTree = { ...rest };
  if (prefixPredefined !== undefined && prefixPredefined !== null) {
    const sent = prefixPredefined as SettingsTree;
    renamed.prefixPredefined = { enabled: sent.enabled, prefix: sent.prefix ?? null };
  }
  if (labelLimitCount !== undefined) renamed.label_limit_count = labelLimitCount;
  if (prefill !== undefined && prefill !== null) {
    const sent = prefill as SettingsTree;
    renamed.prefill = { enabled: sent.enabled, lookup: sent.lookup ?? '', source: sent.source ?? null };
  }
  return mergeFormSettings(current ?? UNSET_QUESTION_SETTINGS, renamed);
}

/** The question ids the conditions of `rules` (`ShowIfRulesInput`, as sent) name. */
function conditionIds(rules: unknown): string[] {
  const list = (rules as QuestionInput['show_if_rules'])?.rules ?? [];
  return list.flatMap((rule) => rule.conditions.map((condition) => condition.building_block_id));
}

/** Adds a question to `form` on `board` (after `insert_after_question_id`, else last); ids from `newId`. */
/** A question record with every optional part unset, then `fields` (the store's default question, the seed's). */
export function newQuestion(
  id: string,
  type: string,
  title: string,
  fields: Partial<FormQuestionRecord> = {},
): FormQuestionRecord {
  return {
    id,
    type,
    title,
    description: null,
    required: false,
    visible: true,
    options: null,
    settings: null,
    show_if_rules: null,
    page_block_id: null,
    columnId: null,
    ...fields,
  };
}

export function addQuestion(
  form: FormRecord,
  board: BoardRecord,
  input: QuestionInput,
  newId: () => string,
): FormQuestionRecord {
  const columnId = input.existing_column_id ?? null;
  if (columnId !== null && !board.columns.some((column) => column.id === columnId))
    throw invalidArgument(`The form's board has no column "${columnId}".`, { existing_column_id: columnId });
  if (columnId !== null && form.questions.some((question) => question.columnId === columnId))
    throw invalidArgument(`A question of this form is already made from column "${columnId}".`, {
      existing_column_id: columnId,
    });
  const title = input.title ?? '';
  if (title.trim() === '') throw invalidArgument('A question title cannot be empty.');
  const question = newQuestion(columnId ?? newId(), input.type, title, {
    description: input.description ?? null,
    required: input.required ?? false,
    visible: input.visible ?? true,
    settings: questionSettings(input.settings, null),
    columnId,
  });
  applyQuestion(form, question, input);
  const after = input.insert_after_question_id;
  const at = after === null || after === undefined ? form.questions.length : questionIndex(form, after) + 1;
  form.questions.splice(at, 0, question);
  return question;
}

/** Changes a question of `form` with what `input` sends. */
export function updateQuestion(form: FormRecord, questionId: string, input: QuestionInput): FormQuestionRecord {
  const question = form.questions[questionIndex(form, questionId)] as FormQuestionRecord;
  if (input.title !== null && input.title !== undefined && input.title.trim() === '')
    throw invalidArgument('A question title cannot be empty.');
  const next = { ...question, type: input.type };
  if (input.title !== null && input.title !== undefined) next.title = input.title;
  if (input.description !== undefined) next.description = input.description ?? null;
  if (input.required !== null && input.required !== undefined) next.required = input.required;
  if (input.visible !== null && input.visible !== undefined) next.visible = input.visible;
  next.settings = questionSettings(input.settings, question.settings);
  applyQuestion(form, next, input);
  Object.assign(question, next);
  return question;
}

/** Removes a question; one another question shows itself on (`show_if_rules`), or a page holding questions, stays. */
export function deleteQuestion(form: FormRecord, questionId: string): void {
  const index = questionIndex(form, questionId);
  const dependent = form.questions.find(
    (question) => question.page_block_id === questionId || conditionIds(question.show_if_rules).includes(questionId),
  );
  if (dependent)
    throw invalidArgument(`Question "${dependent.id}" depends on question "${questionId}"; change it first.`, {
      question_id: questionId,
    });
  form.questions.splice(index, 1);
}

/** Options, page and conditions of a question being created or changed, checked against the form. */
function applyQuestion(form: FormRecord, question: FormQuestionRecord, input: QuestionInput): void {
  if (input.options !== null && input.options !== undefined) {
    if (input.options.some((option) => option.label.trim() === ''))
      throw invalidArgument('An option label cannot be empty.');
    question.options = input.options.map((option, position) => ({
      label: option.label,
      value: option.value ?? option.label,
      visible: option.visible ?? true,
      active: true,
      position,
    }));
  }
  if (input.page_block_id !== undefined) question.page_block_id = pageBlockOf(form, input.page_block_id);
  if (input.show_if_rules !== undefined) {
    for (const id of conditionIds(input.show_if_rules)) {
      if (id === question.id) throw invalidArgument('A question cannot be shown on a condition on itself.');
      questionIndex(form, id);
    }
    question.show_if_rules = input.show_if_rules ?? null;
  }
}

/** `id` when it names a PAGE_BLOCK question of the form; null stays null. */
export function pageBlockOf(form: FormRecord, id: string | null): string | null {
  if (id === null) return null;
  const page = form.questions.find((question) => question.id === id);
  if (page?.type !== 'PAGE_BLOCK')
    throw invalidArgument(`page_block_id "${id}" is not a PAGE_BLOCK question of this form.`, { page_block_id: id });
  return id;
}

/** The position of question `questionId` in `form`, or RESOURCE_NOT_FOUND. */
function questionIndex(form: FormRecord, questionId: string): number {
  const index = form.questions.findIndex((question) => question.id === questionId);
  if (index < 0)
    throw engineError(ENGINE_ERROR_CODES.notFound, `Question "${questionId}" was not found on this form.`, {
      question_id: questionId,
    });
  return index;
}
