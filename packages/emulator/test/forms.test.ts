/**
 * Forms (2025-10 on) over a real socket: a form belongs to a board and is found by its token; its questions,
 * settings, password, short link and tags are kept and answered; another account's form is not found.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_FORM_TOKENS } from '../src/engine/store/seed-forms.js';
import { NEWEST_VERSION, versionsWith } from './published-versions.js';
import {
  askGraphQL,
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  type GraphQLBody,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = GraphQLBody;

/** Every version with `form`. */
const WITH_FORMS = versionsWith('Query.form');
const ACME_FORM = SEED_FORM_TOKENS.acme;

async function serve() {
  const emulator = await startTestEmulator();
  const post = async (
    version: string,
    query: string,
    variables: Record<string, unknown> = {},
    token = DEMO_TOKEN,
  ): Promise<Body> => {
    return askGraphQL(emulator, version, query, variables, token);
  };
  return { emulator, post };
}

/** `body.data[key]`, once the answer is known to hold no errors. */
function field<T>(body: Body, key: string): T {
  expect(body.errors).toBeUndefined();
  return body.data?.[key] as T;
}

const codes = (body: Body) => body.errors?.map((error) => error.extensions?.code);

/** Versions whose question options carry `value`, `position`, ... besides `label` (2026-07 on). */
const RICH_OPTIONS: ReadonlySet<string> = new Set(versionsWith('FormQuestionOption.position'));

const readForm = (version: string) => `query ($t: String!) { form(formToken: $t) {
  id token title description active isAnonymous builtWithAI ownerId
  questions { id title type required visible options { label ${RICH_OPTIONS.has(version) ? 'value position' : ''} } }
  tags { id name columnId }
  features { isInternal monday { itemGroupId includeNameQuestion } password { enabled } shortenedLink { enabled url }
    responseLimit { enabled limit } }
  appearance { primaryColor hideBranding showProgressBar submitButton { text } }
  accessibility { language }
} }`;
const READ_FORM = readForm('2026-10');

type Form = {
  id: number;
  title: string;
  description: string | null;
  active: boolean;
  isAnonymous: boolean;
  questions: { id: string; title: string; type: string; required: boolean; options: unknown }[];
  tags: { id: string; name: string; columnId: string }[];
  features: Record<string, Record<string, unknown>>;
  appearance: Record<string, unknown>;
};

describe('form', () => {
  it.each(WITH_FORMS)('answers the seeded form by its token at %s', async (version) => {
    const { post } = await serve();
    const form = field<Form>(await post(version, readForm(version), { t: ACME_FORM }), 'form');
    expect(form).toMatchObject({
      id: 7701,
      title: 'Feature requests',
      description: 'Tell the product team what to build next.',
      active: true,
      isAnonymous: false,
      tags: [],
      features: { isInternal: false, monday: { itemGroupId: 'topics' }, password: { enabled: false } },
      appearance: { primaryColor: null, hideBranding: false },
    });
    expect(form.questions.map((question) => [question.id, question.type])).toEqual([
      ['name', 'Name'],
      ['text', 'LongText'],
      ['7711', 'SingleSelect'],
    ]);
    const options = ['Web', 'Mobile', 'API'].map((label, position) =>
      RICH_OPTIONS.has(version) ? { label, value: label, position } : { label },
    );
    expect(form.questions[2]?.options).toEqual(options);
  });

  it('is not in 2025-04, which does not publish forms', async () => {
    const { post } = await serve();
    expect(codes(await post('2025-04', READ_FORM, { t: ACME_FORM }))).toContain('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers RESOURCE_NOT_FOUND for another account’s form, an unknown token and a deleted board’s form', async () => {
    const { post } = await serve();
    expect(codes(await post('2026-10', READ_FORM, { t: SEED_FORM_TOKENS.globex }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(codes(await post('2026-10', READ_FORM, { t: ACME_FORM }, DEMO_OTHER_ACCOUNT_TOKEN))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect(codes(await post('2026-10', READ_FORM, { t: 'nope' }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }, DEMO_READ_ONLY_TOKEN), 'form').id).toBe(7701);
    field(await post('2026-10', 'mutation { delete_board(board_id: 3001) { id } }'), 'delete_board');
    expect(codes(await post('2026-10', READ_FORM, { t: ACME_FORM }))).toEqual(['RESOURCE_NOT_FOUND']);
  });
});

describe('create_form', () => {
  const CREATE = `mutation ($w: ID!, $name: String, $folder: String, $owners: [ID!]) {
    create_form(destination_workspace_id: $w, destination_name: $name, destination_folder_name: $folder,
      board_kind: private, board_owner_ids: $owners) { boardId token }
  }`;

  it.each(WITH_FORMS)('makes a board in the workspace and a form on it at %s', async (version) => {
    const { emulator, post } = await serve();
    const created = field<{ boardId: string; token: string }>(
      await post(version, CREATE, { w: '7002', name: 'Event sign-up', folder: 'Forms', owners: ['502'] }),
      'create_form',
    );
    expect(created.token).toMatch(/^[0-9a-z]{18}$/);
    const board = emulator.store.boards.find(created.boardId);
    expect(board).toMatchObject({ name: 'Event sign-up', kind: 'private', workspaceId: '7002', accountId: '1001' });
    expect(board?.ownerIds).toEqual(['501', '502']);
    expect(emulator.store.workspaces.folders.find(board?.folderId ?? '')?.name).toBe('Forms');
    const form = field<Form>(await post(version, readForm(version), { t: created.token }), 'form');
    expect(form).toMatchObject({
      title: 'Event sign-up',
      active: true,
      features: { monday: { itemGroupId: 'topics' } },
    });
    expect(form.questions.map((question) => question.type)).toEqual(['Name']);
  });

  it('needs boards:write and the caller’s own workspace and users', async () => {
    const { emulator, post } = await serve();
    const before = emulator.store.boards.all().length;
    expect(codes(await post('2026-10', CREATE, { w: '7001' }, DEMO_READ_ONLY_TOKEN))).toEqual(['USER_UNAUTHORIZED']);
    expect(codes(await post('2026-10', CREATE, { w: '7003' }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(codes(await post('2026-10', CREATE, { w: '7001', name: ' ' }))).toEqual(['INVALID_ARGUMENT']);
    expect(codes(await post('2026-10', CREATE, { w: '7001', owners: ['601'] }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(emulator.store.boards.all().length).toBe(before);
  });
});

describe('form changes', () => {
  it('updates the title and description and reorders the questions', async () => {
    const { post } = await serve();
    const update = `mutation ($t: String!, $input: UpdateFormInput!) { update_form(formToken: $t, input: $input) {
      title description questions { id } } }`;
    const updated = field<{ title: string; questions: { id: string }[] }>(
      await post('2026-10', update, {
        t: ACME_FORM,
        input: {
          title: 'Ideas',
          description: 'Anything goes',
          questions: [{ id: '7711' }, { id: 'name' }, { id: 'text' }],
        },
      }),
      'update_form',
    );
    expect(updated).toEqual({
      title: 'Ideas',
      description: 'Anything goes',
      questions: [{ id: '7711' }, { id: 'name' }, { id: 'text' }],
    });
    const partial = await post('2026-10', update, { t: ACME_FORM, input: { questions: [{ id: 'name' }] } });
    expect(codes(partial)).toEqual(['INVALID_ARGUMENT']);
    const empty = await post('2026-10', update, {
      t: ACME_FORM,
      input: { title: '', questions: [{ id: 'name' }, { id: 'text' }, { id: '7711' }] },
    });
    expect(codes(empty)).toEqual(['INVALID_ARGUMENT']);
    const notAPage = await post('2026-10', update, {
      t: ACME_FORM,
      input: { title: 'Kept?', questions: [{ id: 'name' }, { id: 'text', page_block_id: '7711' }, { id: '7711' }] },
    });
    expect(codes(notAPage)).toEqual(['INVALID_ARGUMENT']);
    const unchanged = field<{ title: string; questions: { id: string }[] }>(
      await post('2026-10', 'query ($t: String!) { form(formToken: $t) { title questions { id } } }', { t: ACME_FORM }),
      'form',
    );
    expect(unchanged).toEqual({ title: 'Ideas', questions: [{ id: '7711' }, { id: 'name' }, { id: 'text' }] });
  });

  it.each([WITH_FORMS[0], NEWEST_VERSION])(
    'stores and answers settings, refusing what a form cannot keep, at %s',
    async (version) => {
      const { post } = await serve();
      const update = `mutation ($t: String!, $s: UpdateFormSettingsInput!) { update_form_settings(formToken: $t, settings: $s) {
      isAnonymous builtWithAI appearance { primaryColor showProgressBar submitButton { text } }
      features { responseLimit { enabled limit } monday { itemGroupId } } accessibility { language } } }`;
      const anonymous = version >= '2026-07';
      const settings = {
        ...(anonymous ? { is_anonymous: true } : {}),
        appearance: { primaryColor: '#00c875', showProgressBar: true, submitButton: { text: 'Send' } },
        features: { responseLimit: { enabled: true, limit: 500 }, monday: { itemGroupId: 'topics' } },
        accessibility: { language: 'fr' },
      };
      const answered = field(await post(version, update, { t: ACME_FORM, s: settings }), 'update_form_settings');
      const expected = {
        isAnonymous: anonymous,
        builtWithAI: false,
        appearance: { primaryColor: '#00c875', showProgressBar: true, submitButton: { text: 'Send' } },
        features: { responseLimit: { enabled: true, limit: 500 }, monday: { itemGroupId: 'topics' } },
        accessibility: { language: 'fr' },
      };
      expect(answered).toEqual(expected);
      for (const wrong of [
        { appearance: { primaryColor: 'green' } },
        { features: { responseLimit: { limit: 0 } } },
        { features: { monday: { itemGroupId: 'nope' } } },
        { features: { password: { enabled: true } } },
      ]) {
        const refused = await post(version, update, { t: ACME_FORM, s: wrong });
        expect(codes(refused)).toEqual(['INVALID_ARGUMENT']);
      }
      const read = await post(version, readForm(version), { t: ACME_FORM });
      expect(field<Form>(read, 'form')).toMatchObject({
        isAnonymous: anonymous,
        appearance: { primaryColor: '#00c875' },
      });
    },
  );

  it('refuses a settings group sent as null, naming its path, and keeps the group whole', async () => {
    const { post } = await serve();
    const update = `mutation ($t: String!, $s: UpdateFormSettingsInput!) { update_form_settings(formToken: $t, settings: $s) {
      appearance { submitButton { text } } features { responseLimit { enabled limit } } } }`;
    const before = field<Form>(await post('2026-10', readForm('2026-10'), { t: ACME_FORM }), 'form');
    for (const [path, wrong] of [
      ['appearance.text', { appearance: { text: null } }],
      ['appearance.submitButton', { appearance: { submitButton: null } }],
      ['features.responseLimit', { features: { responseLimit: null } }],
      ['features.password', { features: { password: null } }],
    ] as const) {
      const refused = await post('2026-10', update, { t: ACME_FORM, s: wrong });
      expect(codes(refused)).toEqual(['INVALID_ARGUMENT']);
      expect(refused.errors?.[0]?.message).toContain(path);
    }
    const after = field<Form>(await post('2026-10', readForm('2026-10'), { t: ACME_FORM }), 'form');
    expect(after).toEqual(before);
  });

  it('keeps a password only as a digest, switches the form off and on, and shortens its address', async () => {
    const { emulator, post } = await serve();
    const password = 'correct horse battery staple';
    const set = await post(
      '2026-10',
      'mutation ($t: String!, $p: String!) { set_form_password(formToken: $t, input: { password: $p }) { features { password { enabled } } } }',
      { t: ACME_FORM, p: password },
    );
    expect(field(set, 'set_form_password')).toEqual({ features: { password: { enabled: true } } });
    expect(JSON.stringify(set)).not.toContain(password);
    expect(JSON.stringify(emulator.store.forms.all())).not.toContain(password);

    expect(
      field(
        await post('2026-10', 'mutation ($t: String!) { deactivate_form(formToken: $t) }', { t: ACME_FORM }),
        'deactivate_form',
      ),
    ).toBe(true);
    expect(field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form').active).toBe(false);
    field(
      await post('2026-10', 'mutation ($t: String!) { activate_form(formToken: $t) }', { t: ACME_FORM }),
      'activate_form',
    );
    expect(field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form').active).toBe(true);

    const link = field<{ enabled: boolean; url: string }>(
      await post('2026-10', 'mutation ($t: String!) { shorten_form_url(formToken: $t) { enabled url } }', {
        t: ACME_FORM,
      }),
      'shorten_form_url',
    );
    expect(link).toEqual({
      enabled: true,
      url: expect.stringMatching(/^https:\/\/forms\.platform\.example\/s\/[0-9a-f]{8}$/),
    });
    expect(field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form').features.shortenedLink).toEqual(
      link,
    );
  });

  it('needs boards:write to change a form and finds no other account’s form', async () => {
    const { emulator, post } = await serve();
    const deactivate = 'mutation ($t: String!) { deactivate_form(formToken: $t) }';
    expect(codes(await post('2026-10', deactivate, { t: ACME_FORM }, DEMO_READ_ONLY_TOKEN))).toEqual([
      'USER_UNAUTHORIZED',
    ]);
    expect(codes(await post('2026-10', deactivate, { t: ACME_FORM }, DEMO_OTHER_ACCOUNT_TOKEN))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    expect(emulator.store.forms.byToken(ACME_FORM)?.active).toBe(true);
  });
});

describe('form questions', () => {
  const create = (version: string) => `mutation ($t: String!, $q: CreateQuestionInput!) {
    create_form_question(formToken: $t, question: $q) {
      id title type required visible description options { label ${RICH_OPTIONS.has(version) ? 'value visible' : ''} }
      settings { display optionsOrder checkedByDefault }
  } }`;
  const CREATE = create('2026-10');
  const UPDATE = `mutation ($t: String!, $id: String!, $q: UpdateQuestionInput!) {
    update_form_question(formToken: $t, questionId: $id, question: $q) { id title type required settings { display } } }`;
  const ORDER = 'query ($t: String!) { form(formToken: $t) { questions { id } } }';

  it.each(WITH_FORMS)('creates, updates and deletes a question at %s', async (version) => {
    const { post } = await serve();
    const created = field<{ id: string }>(
      await post(version, create(version), {
        t: ACME_FORM,
        q: {
          title: 'Team size',
          type: 'SingleSelect',
          required: true,
          options: [{ label: '1-10' }, RICH_OPTIONS.has(version) ? { label: '11+', value: 'large' } : { label: '11+' }],
          settings: { display: 'Dropdown', optionsOrder: 'Custom' },
        },
      }),
      'create_form_question',
    );
    expect(created).toEqual({
      id: expect.stringMatching(/^\d+$/),
      title: 'Team size',
      type: 'SingleSelect',
      required: true,
      visible: true,
      description: null,
      options: RICH_OPTIONS.has(version)
        ? [
            { label: '1-10', value: '1-10', visible: true },
            { label: '11+', value: 'large', visible: true },
          ]
        : [{ label: '1-10' }, { label: '11+' }],
      settings: { display: 'Dropdown', optionsOrder: 'Custom', checkedByDefault: null },
    });
    const updated = field(
      await post(version, UPDATE, {
        t: ACME_FORM,
        id: created.id,
        q: { type: 'MultiSelect', title: 'Team sizes', settings: { display: 'Vertical' } },
      }),
      'update_form_question',
    );
    expect(updated).toEqual({
      id: created.id,
      title: 'Team sizes',
      type: 'MultiSelect',
      required: true,
      settings: { display: 'Vertical' },
    });
    const order = field<{ questions: { id: string }[] }>(await post(version, ORDER, { t: ACME_FORM }), 'form');
    expect(order.questions.map((question) => question.id)).toEqual(['name', 'text', '7711', created.id]);
    const deleted = await post(
      version,
      'mutation ($t: String!, $id: String!) { delete_question(formToken: $t, questionId: $id) }',
      {
        t: ACME_FORM,
        id: created.id,
      },
    );
    expect(field(deleted, 'delete_question')).toBe(true);
    const again = await post(
      version,
      'mutation ($t: String!, $id: String!) { delete_question(formToken: $t, questionId: $id) }',
      {
        t: ACME_FORM,
        id: created.id,
      },
    );
    expect(codes(again)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('places a question from a board column after another, on a condition, and keeps what depends on it (2026-10)', async () => {
    const { post } = await serve();
    const fromColumn = field<{ id: string }>(
      await post('2026-10', CREATE, {
        t: ACME_FORM,
        q: { title: 'Due', type: 'Date', existing_column_id: 'date4', insert_after_question_id: 'name' },
      }),
      'create_form_question',
    );
    expect(fromColumn.id).toBe('date4');
    const conditional = field<{ id: string }>(
      await post('2026-10', CREATE, {
        t: ACME_FORM,
        q: {
          title: 'Which API?',
          type: 'ShortText',
          show_if_rules: {
            operator: 'OR',
            rules: [{ operator: 'OR', conditions: [{ building_block_id: '7711', operator: 'OR', values: ['API'] }] }],
          },
        },
      }),
      'create_form_question',
    );
    const order = field<{ questions: { id: string }[] }>(await post('2026-10', ORDER, { t: ACME_FORM }), 'form');
    expect(order.questions.map((question) => question.id)).toEqual(['name', 'date4', 'text', '7711', conditional.id]);
    const rules = await post(
      '2026-10',
      'query ($t: String!) { form(formToken: $t) { questions { id show_if_rules } } }',
      { t: ACME_FORM },
    );
    const withRules = field<{ questions: { id: string; show_if_rules: unknown }[] }>(rules, 'form').questions.at(-1);
    expect(JSON.parse(String(withRules?.show_if_rules))).toMatchObject({
      rules: [{ conditions: [{ building_block_id: '7711' }] }],
    });

    const dependedOn = await post(
      '2026-10',
      'mutation ($t: String!) { delete_question(formToken: $t, questionId: "7711") }',
      { t: ACME_FORM },
    );
    expect(codes(dependedOn)).toEqual(['INVALID_ARGUMENT']);
    for (const q of [
      { title: 'X', type: 'Date', existing_column_id: 'nope' },
      { title: 'X', type: 'Date', existing_column_id: 'date4' },
      { title: 'X', type: 'ShortText', insert_after_question_id: 'nope' },
      { title: 'X', type: 'ShortText', page_block_id: 'text' },
      { title: ' ', type: 'ShortText' },
    ]) {
      expect(codes(await post('2026-10', CREATE, { t: ACME_FORM, q }))).toEqual([
        expect.stringMatching(/INVALID_ARGUMENT|RESOURCE_NOT_FOUND/),
      ]);
    }
    expect(
      field<{ questions: unknown[] }>(await post('2026-10', ORDER, { t: ACME_FORM }), 'form').questions,
    ).toHaveLength(5);
  });
});

describe('form questions and the board’s columns', () => {
  it('drops a question made from a column when the column is deleted', async () => {
    const { post } = await serve();
    const before = field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form');
    expect(before.questions.map((question) => question.id)).toContain('text');
    field(
      await post('2026-10', 'mutation { delete_column(board_id: 3001, column_id: "text") { id } }'),
      'delete_column',
    );
    const after = field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form');
    expect(after.questions.map((question) => question.id)).toEqual(['name', '7711']);
  });
});

describe('form tags', () => {
  it('adds a tag with its column, and deletes both (2026-10)', async () => {
    const { emulator, post } = await serve();
    const tag = field<{ id: string; name: string; columnId: string }>(
      await post(
        '2026-10',
        'mutation ($t: String!) { create_form_tag(formToken: $t, tag: { name: "campaign" }) { id name columnId } }',
        { t: ACME_FORM },
      ),
      'create_form_tag',
    );
    const columns = () => emulator.store.boards.find('3001')?.columns ?? [];
    expect(columns().find((column) => column.id === tag.columnId)).toMatchObject({ title: 'campaign', type: 'text' });
    expect(field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form').tags).toEqual([tag]);
    const twice = await post(
      '2026-10',
      'mutation ($t: String!) { create_form_tag(formToken: $t, tag: { name: "campaign" }) { id } }',
      { t: ACME_FORM },
    );
    expect(codes(twice)).toEqual(['INVALID_ARGUMENT']);
    const removed = await post(
      '2026-10',
      'mutation ($t: String!, $id: String!) { delete_form_tag(formToken: $t, tagId: $id, options: { deleteAssociatedColumn: true }) }',
      { t: ACME_FORM, id: tag.id },
    );
    expect(field(removed, 'delete_form_tag')).toBe(true);
    expect(columns().some((column) => column.id === tag.columnId)).toBe(false);
    expect(field<Form>(await post('2026-10', READ_FORM, { t: ACME_FORM }), 'form').tags).toEqual([]);
  });

  it('sets a tag’s value with update_form_tag where a version has it (2025-10)', async () => {
    const { emulator, post } = await serve();
    const tag = field<{ id: string }>(
      await post(
        '2025-10',
        'mutation ($t: String!) { create_form_tag(formToken: $t, tag: { name: "source" }) { id } }',
        { t: ACME_FORM },
      ),
      'create_form_tag',
    );
    const set = await post(
      '2025-10',
      'mutation ($t: String!, $id: String!) { update_form_tag(formToken: $t, tagId: $id, tag: { value: "newsletter" }) }',
      { t: ACME_FORM, id: tag.id },
    );
    expect(field(set, 'update_form_tag')).toBe(true);
    expect(emulator.store.forms.byToken(ACME_FORM)?.tags[0]?.value).toBe('newsletter');
    const kept = emulator.store.boards.find('3001')?.columns.length;
    const removed = await post(
      '2025-10',
      'mutation ($t: String!, $id: String!) { delete_form_tag(formToken: $t, tagId: $id) }',
      {
        t: ACME_FORM,
        id: tag.id,
      },
    );
    expect(field(removed, 'delete_form_tag')).toBe(true);
    expect(emulator.store.boards.find('3001')?.columns.length).toBe(kept);
    const unknown = await post('2025-10', 'mutation ($t: String!) { delete_form_tag(formToken: $t, tagId: "1") }', {
      t: ACME_FORM,
    });
    expect(codes(unknown)).toEqual(['RESOURCE_NOT_FOUND']);
  });
});
