import { describe, expect, it } from 'vitest';
import type { EmulatorUpload } from '../src/contract.js';
import { createEngine, DEFAULT_SEED_FACTS } from '../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from './engine-helpers.js';

const { boards, users } = DEFAULT_SEED_FACTS;
const roadmap = boards.roadmap.id;
const fixedClock = { now: () => Date.parse('2024-10-01T12:00:00Z') };
const CREATE = `mutation ($board: ID!, $name: String!, $values: JSON, $group: String, $labels: Boolean) {
  create_item(board_id: $board, item_name: $name, column_values: $values, group_id: $group, create_labels_if_missing: $labels) {
    id name created_at group { id } board { id } column_values(ids: ["status", "numbers"]) { id text }
  }
}`;

describe('engine mutations', () => {
  it('create_item adds an item to the store and returns it', async () => {
    const engine = createEngine({ clock: fixedClock });
    const values = JSON.stringify({ status: { label: 'Done' }, numbers: '5' });
    const body = await run(engine, CREATE, {
      variables: { board: roadmap, name: 'Launch party', values, group: 'later' },
    });
    expect(body.errors).toBeUndefined();
    const created = body.data?.create_item as { id: string };
    expect(created).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'Launch party',
      created_at: '2024-10-01T12:00:00.000Z',
      group: { id: 'later' },
      board: { id: roadmap },
      column_values: [
        { id: 'status', text: 'Done' },
        { id: 'numbers', text: '5' },
      ],
    });
    expect(engine.store.items.created).toBe(1);
    expect(engine.store.items.find(created.id)).toMatchObject({
      boardId: roadmap,
      groupId: 'later',
      creatorId: String(users.ada.id),
    });
    expect(engine.store.items.onBoard(roadmap).map((item) => item.name)).toContain('Launch party');
  });

  it('refuses unknown boards, other accounts, bad JSON and unknown labels, creating nothing', async () => {
    const engine = createEngine();
    const attempt = (variables: Record<string, unknown>, grant = acmeGrant()) =>
      run(engine, CREATE, { variables: { board: roadmap, name: 'x', ...variables }, grant });
    expect(errorCodes(await attempt({ board: '999' }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await attempt({}, globexGrant()))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await attempt({ group: 'nope' }))).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await attempt({ values: '{not json' }))).toEqual(['INVALID_COLUMN_VALUE']);
    expect(errorCodes(await attempt({ values: '{"status":"Shipped"}' }))).toEqual(['ColumnValueException']);
    // An unknown column id is the platform's InvalidColumnIdException
    // (https://developer.monday.com/api-reference/docs/error-handling).
    expect(errorCodes(await attempt({ values: '{"missing_col":"x"}' }))).toEqual(['InvalidColumnIdException']);
    expect(errorCodes(await attempt({}, acmeGrant(['boards:read'])))).toEqual(['USER_UNAUTHORIZED']);
    const labelsBefore = JSON.stringify(engine.store.boards.find(roadmap)?.columns[0]?.settings);
    const halfBad = await attempt({ values: '{"status":"Shipped","numbers":"many"}', labels: true });
    expect(errorCodes(halfBad)).toEqual(['ColumnValueException']);
    expect(JSON.stringify(engine.store.boards.find(roadmap)?.columns[0]?.settings)).toBe(labelsBefore);
    const failed = await attempt({ board: '999' });
    expect(failed.data).toEqual({ create_item: null });
    expect(engine.store.items.created).toBe(0);
  });

  it('creates a missing status label when asked', async () => {
    const engine = createEngine();
    const body = await run(engine, CREATE, {
      variables: { board: roadmap, name: 'x', values: '{"status":"Shipped"}', labels: true },
    });
    expect(dataField<{ column_values: unknown[] }>(body, 'create_item').column_values[0]).toEqual({
      id: 'status',
      text: 'Shipped',
    });
  });

  it('places an item relative to another', async () => {
    const engine = createEngine();
    await run(
      engine,
      `mutation { create_item(board_id: ${roadmap}, item_name: "Wedge", relative_to: 4000001, position_relative_method: after_at) { id } }`,
    );
    const names = engine.store.items.active(roadmap).map((item) => item.name);
    expect(names.slice(0, 3)).toEqual(['Public launch', 'Wedge', 'Pricing page']);
  });

  it('changes column values and archives or deletes items', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      `mutation {
        a: change_column_value(board_id: ${roadmap}, item_id: 4000001, column_id: "text", value: "\\"hello\\"") { id }
        b: change_multiple_column_values(board_id: ${roadmap}, item_id: 4000001, column_values: "{\\"date4\\":{\\"date\\":\\"2025-01-02\\"},\\"status\\":{\\"index\\":2}}") { column_values(ids: ["text", "date4", "status"]) { text } }
        c: change_simple_column_value(board_id: ${roadmap}, item_id: 4000002, column_id: "numbers", value: "42") { id }
        d: archive_item(item_id: 4000003) { id state }
        e: delete_item(item_id: 4000004) { id state }
      }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.b).toEqual({ column_values: [{ text: 'Stuck' }, { text: 'hello' }, { text: '2025-01-02' }] });
    expect(engine.store.items.find('4000002')?.values.numbers).toBe('42');
    expect(engine.store.items.find('4000003')?.state).toBe('archived');
    expect(engine.store.items.find('4000004')?.state).toBe('deleted');
    const again = await run(engine, 'mutation { delete_item(item_id: 4000004) { id } }');
    expect(errorCodes(again)).toEqual(['RESOURCE_NOT_FOUND']);
    const wrongBoard = await run(
      engine,
      `mutation { change_column_value(board_id: ${boards.bugs.id}, item_id: 4000001, column_id: "text", value: "1") { id } }`,
    );
    expect(errorCodes(wrongBoard)).toEqual(['RESOURCE_NOT_FOUND']);
  });

  it('records a multipart upload from request.files in the store', async () => {
    const engine = createEngine();
    const upload: EmulatorUpload = {
      filename: 'spec.pdf',
      contentType: 'application/pdf',
      bytes: new Uint8Array(1234),
    };
    const body = await run(
      engine,
      'mutation ($file: File!) { add_file_to_column(item_id: 4000001, column_id: "files", file: $file) { id name file_extension file_size uploaded_by { id } } }',
      { variables: { file: null }, files: new Map([['variables.file', upload]]) },
    );
    expect(body.errors).toBeUndefined();
    const asset = body.data?.add_file_to_column as { id: string };
    expect(asset).toMatchObject({
      name: 'spec.pdf',
      file_extension: '.pdf',
      file_size: 1234,
      uploaded_by: { id: String(users.ada.id) },
    });
    expect(engine.store.assets.find(asset.id)).toMatchObject({
      itemId: '4000001',
      columnId: 'files',
      contentType: 'application/pdf',
      size: 1234,
    });
    const read = await run(
      engine,
      '{ items(ids: [4000001]) { column_values(ids: ["files"]) { text } assets { name } } }',
    );
    expect(read.data?.items).toEqual([{ column_values: [{ text: 'spec.pdf' }], assets: [{ name: 'spec.pdf' }] }]);
  });

  it('refuses a File given inline or a non-file column', async () => {
    const engine = createEngine();
    const seededAssets = engine.store.assets.all().length;
    const inline = await run(
      engine,
      'mutation { add_file_to_column(item_id: 4000001, column_id: "files", file: "x") { id } }',
    );
    expect(errorCodes(inline)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const upload: EmulatorUpload = { filename: 'a.txt', contentType: 'text/plain', bytes: new Uint8Array(3) };
    const wrongColumn = await run(
      engine,
      'mutation ($f: File!) { add_file_to_column(item_id: 4000001, column_id: "text", file: $f) { id } }',
      {
        files: new Map([['variables.f', upload]]),
      },
    );
    expect(errorCodes(wrongColumn)).toEqual(['INVALID_COLUMN_VALUE']);
    const badPath = await run(
      engine,
      'mutation ($f: File!) { add_file_to_column(item_id: 4000001, column_id: "files", file: $f) { id } }',
      {
        files: new Map([['query.f', upload]]),
      },
    );
    expect(errorCodes(badPath)).toEqual(['BAD_USER_INPUT']);
    expect(engine.store.assets.all()).toHaveLength(seededAssets);
  });
});
