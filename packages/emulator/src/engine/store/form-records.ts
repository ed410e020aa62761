/**
 * The records of the form family (a form, its questions and tags), below both the family (./forms.ts) and the
 * question rules (./form-questions.ts), which read and change them.
 */
import type { SettingsTree } from './form-settings.js';

/** One choice of a select question (`FormQuestionOption`). */
export interface FormQuestionOptionRecord {
  label: string;
  value: string;
  visible: boolean;
  active: boolean;
  position: number;
}

/** A question of a form (`FormQuestion`). */
export interface FormQuestionRecord {
  id: string;
  /** A `FormQuestionType` value (`ShortText`, `SingleSelect`, `PAGE_BLOCK`, ...). */
  type: string;
  title: string;
  description: string | null;
  required: boolean;
  visible: boolean;
  options: FormQuestionOptionRecord[] | null;
  /** The question's type-specific settings, as `FormQuestionSettings` answers them. */
  settings: SettingsTree | null;
  /** The conditions for showing the question, as sent (`ShowIfRulesInput`). */
  show_if_rules: unknown;
  /** The PAGE_BLOCK question this one is on, if any. */
  page_block_id: string | null;
  /** The board column the question was made from, if any. */
  columnId: string | null;
}

/** A tag of a form: a value recorded into a column of the form's board (`FormTag`). */
export interface FormTagRecord {
  id: string;
  name: string;
  columnId: string;
  /** The value recorded with each submission (update_form_tag, up to 2026-07). */
  value: string | null;
}

/** A form. */
export interface FormRecord {
  id: string;
  token: string;
  accountId: string;
  boardId: string;
  ownerId: string;
  title: string;
  description: string | null;
  active: boolean;
  isAnonymous: boolean;
  builtWithAI: boolean;
  /** The form's kind, which the emulator does not distinguish. */
  type: string | null;
  questions: FormQuestionRecord[];
  tags: FormTagRecord[];
  accessibility: SettingsTree;
  appearance: SettingsTree;
  features: SettingsTree;
  /** Digest of the password set with set_form_password; null when none. */
  passwordDigest: string | null;
  createdAt: string;
}
