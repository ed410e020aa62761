/**
 * create_column's `defaults` in the forms the columns reference documents ("Create a status or dropdown column with
 * custom labels", https://developer.monday.com/api-reference/reference/columns): a status column's labels as
 * `{"labels": {"1": "text", ...}}`, a dropdown's as `{"settings": {"labels": [{"id": 1, "name": "text"}, ...]}}`.
 * Labels sent in a documented form are applied, so a value naming one is then accepted; a form the emulator cannot
 * read is refused, never silently dropped.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { run } from './engine-helpers.js';

async function createColumn(engine: ReturnType<typeof createEngine>, type: string, defaults: unknown) {
  return run(
    engine,
    `mutation ($defaults: JSON) { create_column(board_id: 3001, id: "made", title: "Made", column_type: ${type}, defaults: $defaults) { id settings_str } }`,
    { variables: { defaults: JSON.stringify(defaults) } },
  );
}

async function write(engine: ReturnType<typeof createEngine>, value: string) {
  const item = engine.store.items.onBoard('3001')[0];
  return run(
    engine,
    `mutation { change_simple_column_value(board_id: 3001, item_id: ${item?.id}, column_id: "made", value: "${value}") { id } }`,
  );
}

const codes = (body: { errors?: readonly { extensions?: Record<string, unknown> }[] }) =>
  (body.errors ?? []).map((error) => error.extensions?.code);

describe("create_column's defaults, in each kind's documented form", () => {
  it('applies a dropdown\'s {"settings":{"labels":[{id, name}]}}, so writing a label then works', async () => {
    const engine = createEngine();
    const made = await createColumn(engine, 'dropdown', { settings: { labels: [{ id: 1, name: 'Cookie' }] } });
    expect(made.errors).toBeUndefined();
    const settings = JSON.parse((made.data as { create_column: { settings_str: string } }).create_column.settings_str);
    expect(settings.labels).toEqual([{ id: 1, name: 'Cookie' }]);
    expect(settings).not.toHaveProperty('settings');
    expect((await write(engine, 'Cookie')).errors).toBeUndefined();
  });

  it('applies a status column\'s {"labels":{"1": text}}', async () => {
    const engine = createEngine();
    const made = await createColumn(engine, 'status', { labels: { 1: 'Information technology', 2: 'Other' } });
    expect(made.errors).toBeUndefined();
    expect((await write(engine, 'Other')).errors).toBeUndefined();
  });

  it('reads the settings wrapper for a status column too', async () => {
    const engine = createEngine();
    const made = await createColumn(engine, 'status', { settings: { labels: { 3: 'Queued' } } });
    expect(made.errors).toBeUndefined();
    expect((await write(engine, 'Queued')).errors).toBeUndefined();
  });

  it('refuses dropdown labels it cannot read, rather than dropping them', async () => {
    const engine = createEngine();
    expect(codes(await createColumn(engine, 'dropdown', { settings: { labels: [{ id: 1 }] } }))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    expect(codes(await createColumn(engine, 'dropdown', { settings: { labels: 'Cookie' } }))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    expect(
      codes(
        await createColumn(engine, 'dropdown', {
          settings: {
            labels: [
              { id: 1, name: 'A' },
              { id: 1, name: 'B' },
            ],
          },
        }),
      ),
    ).toEqual(['INVALID_ARGUMENT']);
    expect(engine.store.boards.find('3001')?.columns.some((column) => column.id === 'made')).toBe(false);
  });
});
