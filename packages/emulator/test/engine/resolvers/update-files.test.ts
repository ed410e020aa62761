/**
 * `add_file_to_update`: an uploaded file added to an update, answered as an Asset and listed by the update's
 * `assets` (rules in src/engine/resolvers/assets.ts;
 * https://developer.monday.com/api-reference/changelog/add_file_to_update-mutation).
 */
import { describe, expect, it } from 'vitest';
import type { EmulatorUpload } from '../../../src/contract.js';
import { createEngine, DEFAULT_SEED_FACTS } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run } from '../../engine-helpers.js';

const ADD =
  'mutation ($id: ID!, $file: File!) { add_file_to_update(update_id: $id, file: $file) { id name file_extension file_size uploaded_by { id } } }';
const REPORT: EmulatorUpload = {
  filename: 'weekly-report.pdf',
  contentType: 'application/pdf',
  bytes: new Uint8Array(2048),
};
const upload = (file: EmulatorUpload = REPORT) => new Map([['variables.file', file]]);

describe('add_file_to_update', () => {
  it('adds the file to the update, which lists it, and leaves the item’s column files alone', async () => {
    const engine = createEngine();
    const body = await run(engine, ADD, { version: '2026-10', variables: { id: '9003', file: null }, files: upload() });
    expect(body.errors).toBeUndefined();
    const asset = dataField<{ id: string }>(body, 'add_file_to_update');
    expect(asset).toMatchObject({
      name: 'weekly-report.pdf',
      file_extension: '.pdf',
      file_size: 2048,
      uploaded_by: { id: String(DEFAULT_SEED_FACTS.users.ada.id) },
    });
    const read = await run(
      engine,
      `{ updates(ids: [9003]) { assets { id name } } items(ids: [4000006]) { assets { id } } assets(ids: [${asset.id}]) { name } }`,
      { version: '2026-10' },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data?.updates).toEqual([{ assets: [{ id: asset.id, name: 'weekly-report.pdf' }] }]);
    // Item 4000006 keeps its seeded column file (7402); the update's file is not among its assets.
    expect(read.data?.items).toEqual([{ assets: [{ id: '7402' }] }]);
    expect(read.data?.assets).toEqual([{ name: 'weekly-report.pdf' }]);
  });

  it('adds a file to a reply as well, at an older version', async () => {
    const engine = createEngine();
    const body = await run(engine, ADD, { version: '2025-04', variables: { id: '9004', file: null }, files: upload() });
    expect(body.errors).toBeUndefined();
    const asset = dataField<{ id: string }>(body, 'add_file_to_update');
    // Reply.assets is in the schema from 2025-10 on, not at 2025-04: read it at 2026-10.
    const replies = await run(engine, '{ updates(ids: [9003]) { replies { id assets { id } } } }', {
      version: '2026-10',
    });
    expect(replies.errors).toBeUndefined();
    expect(replies.data?.updates).toEqual([{ replies: [{ id: '9004', assets: [{ id: asset.id }] }] }]);
  });

  it('refuses a token without updates:write, changing nothing', async () => {
    const engine = createEngine();
    const before = engine.store.assets.all().length;
    const body = await run(engine, ADD, {
      version: '2026-10',
      variables: { id: '9003', file: null },
      files: upload(),
      grant: acmeGrant(['updates:read', 'boards:write']),
    });
    expect(errorCodes(body)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.assets.all()).toHaveLength(before);
  });

  it('answers RESOURCE_NOT_FOUND for an unknown or another account’s update, and refuses a file given inline', async () => {
    const engine = createEngine();
    const before = engine.store.assets.all().length;
    for (const id of ['1', '9007']) {
      const body = await run(engine, ADD, { version: '2026-10', variables: { id, file: null }, files: upload() });
      expect(errorCodes(body)).toEqual(['RESOURCE_NOT_FOUND']);
    }
    const inline = await run(engine, 'mutation { add_file_to_update(update_id: 9003, file: "x") { id } }', {
      version: '2026-10',
    });
    expect(errorCodes(inline)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(engine.store.assets.all()).toHaveLength(before);
  });
});
