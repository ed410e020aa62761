/**
 * Forms where the emulator differed from https://developer.monday.com/api-reference/reference/form: the docs'
 * create_form example sends both `destination_folder_id` and `destination_folder_name`, and a form password needs
 * at least one character (any character).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { dataField, errorCodes, run } from '../../engine-helpers.js';

describe('forms as the docs describe them', () => {
  it('creates a form with both a folder id and a folder name, as the docs example does, in the folder given by id', async () => {
    const engine = createEngine();
    const folders = engine.store.workspaces.folders.all().length;
    const body = await run(
      engine,
      'mutation { create_form(board_kind: public, destination_folder_id: 7101, destination_folder_name: "Customer Feedback 2025", destination_name: "Customer Feedback Q4", destination_workspace_id: 7001) { boardId token } }',
      { version: '2026-10' },
    );
    const created = dataField<{ boardId: string; token: string }>(body, 'create_form');
    expect(engine.store.boards.find(created.boardId)).toMatchObject({ name: 'Customer Feedback Q4', folderId: '7101' });
    expect(engine.store.workspaces.folders.all()).toHaveLength(folders);
  });

  it('takes a password of any one character or more, and refuses an empty one', async () => {
    const engine = createEngine();
    const token = engine.store.forms.all()[0]?.token;
    const set = (password: string) =>
      run(
        engine,
        'mutation ($t: String!, $p: String!) { set_form_password(formToken: $t, input: { password: $p }) { id } }',
        {
          version: '2026-10',
          variables: { t: token, p: password },
        },
      );
    expect(errorCodes(await set(' '))).toEqual([]);
    expect(errorCodes(await set(''))).toEqual(['INVALID_ARGUMENT']);
  });
});
