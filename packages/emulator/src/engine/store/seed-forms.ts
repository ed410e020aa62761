/**
 * The default seed's forms: 7701 on acme's roadmap board (3001), with a name, a notes and a choice question, and
 * 7702 on globex's board (3003). Tokens are fixed so tests and the corpus can name them.
 */
import { newQuestion } from './form-questions.js';
import type { FormQuestionRecord, FormRecord } from './form-records.js';
import { defaultFormSettings } from './form-settings.js';

/** Tokens of the seeded forms. */
export const SEED_FORM_TOKENS = { acme: 'a1c2e3f4a5c6e7f8a9c0', globex: 'b1d2f3a4b5d6f7a8b9d0' } as const;

const T0 = '2024-09-02T09:00:00Z';

function form(
  id: string,
  token: string,
  accountId: string,
  boardId: string,
  ownerId: string,
  title: string,
  questions: FormQuestionRecord[],
  fields: Partial<FormRecord> = {},
): FormRecord {
  return {
    id,
    token,
    accountId,
    boardId,
    ownerId,
    title,
    description: null,
    active: true,
    isAnonymous: false,
    builtWithAI: false,
    type: null,
    questions,
    tags: [],
    ...defaultFormSettings('topics'),
    passwordDigest: null,
    createdAt: T0,
    ...fields,
  };
}

/** A fresh copy of the seeded forms. */
export function seedForms(): FormRecord[] {
  const options = ['Web', 'Mobile', 'API'].map((label, position) => ({
    label,
    value: label,
    visible: true,
    active: true,
    position,
  }));
  return [
    form(
      '7701',
      SEED_FORM_TOKENS.acme,
      '1001',
      '3001',
      '501',
      'Feature requests',
      [
        newQuestion('name', 'Name', 'Name', { required: true }),
        newQuestion('text', 'LongText', 'What would you like?', { columnId: 'text', required: true }),
        newQuestion('7711', 'SingleSelect', 'Where?', { options }),
      ],
      { description: 'Tell the product team what to build next.' },
    ),
    form('7702', SEED_FORM_TOKENS.globex, '2002', '3003', '601', 'Minion applications', [
      newQuestion('name', 'Name', 'Name', { required: true }),
    ]),
  ];
}
