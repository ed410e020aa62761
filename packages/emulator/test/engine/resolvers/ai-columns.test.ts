/**
 * AI column configuration in the engine, against https://developer.monday.com/api-reference/reference/ai-column:
 * each block's target kinds and sources, the documented error codes, the configuration kept on the column (and
 * replaced, and removed), and no AI output ever.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { acmeGrant, dataField, errorCodes, run, snapshot } from '../../engine-helpers.js';

const VERSION = '2026-10';
type Engine = ReturnType<typeof createEngine>;
const go = (engine: Engine, query: string, variables?: Record<string, unknown>) =>
  run(engine, query, { version: VERSION, ...(variables ? { variables } : {}) });
const column = (engine: Engine, boardId: string, columnId: string) =>
  engine.store.boards.find(boardId)?.columns.find((candidate) => candidate.id === columnId);

describe('AI columns', () => {
  it('keeps a categorize block on a status column, with run_backfill defaulting to true', async () => {
    const engine = createEngine();
    const body = await go(
      engine,
      'mutation { configure_categorize_ai_column(board_id: 3001, column_id: "status", source_type: column, source_column_id: "text", additional_instructions: "Urgent or not") { column_id } }',
    );
    expect(dataField(body, 'configure_categorize_ai_column')).toEqual({ column_id: 'status' });
    expect(column(engine, '3001', 'status')?.ai).toEqual({
      block: 'categorize',
      settings: { source_type: 'column', source_column_id: 'text', additional_instructions: 'Urgent or not' },
      runBackfill: true,
      configuredById: '501',
      configuredAt: expect.any(String),
    });
  });

  it('replaces the block on the next configure call, and remove takes it off', async () => {
    const engine = createEngine();
    await go(
      engine,
      'mutation { configure_summarize_ai_column(board_id: 3001, column_id: "text", source_type: thread) { column_id } }',
    );
    const translated = await go(
      engine,
      'mutation { configure_translate_ai_column(board_id: 3001, column_id: "text", source_type: item_name, target_language: spanish, extra_settings: { run_backfill: false }) { column_id } }',
    );
    expect(errorCodes(translated)).toEqual([]);
    expect(column(engine, '3001', 'text')?.ai).toMatchObject({
      block: 'translate',
      settings: { source_type: 'item_name', target_language: 'spanish' },
      runBackfill: false,
    });
    const removed = await go(
      engine,
      'mutation { remove_ai_from_column(board_id: 3001, column_id: "text") { column_id success } }',
    );
    expect(dataField(removed, 'remove_ai_from_column')).toEqual({ column_id: 'text', success: true });
    expect(column(engine, '3001', 'text')?.ai).toBeUndefined();
    // Removing again is no error.
    expect(
      errorCodes(await go(engine, 'mutation { remove_ai_from_column(board_id: 3001, column_id: "text") { success } }')),
    ).toEqual([]);
  });

  it('checks ai_query references to the item name, board columns and subitem columns', async () => {
    const engine = createEngine();
    await go(
      engine,
      'mutation { create_column(board_id: 3004, title: "Pitch", column_type: text, id: "pitch") { id } }',
    );
    const ok = await go(
      engine,
      'mutation { configure_write_me_ai_column(board_id: 3004, column_id: "pitch", ai_query: "Pitch {pulse.name} with {pulse.numbers} and {pulse.subitem.status}", tone: friendly, length: paragraph) { column_id } }',
    );
    expect(errorCodes(ok)).toEqual([]);
    const cases: [string, string][] = [
      ['Rate it', 'EMPTY_QUERY_FIELDS'],
      ['Rate {pulse.nope}', 'INVALID_COLUMN_REFERENCE'],
      ['Rate {pulse.subitem.nope}', 'INVALID_COLUMN_REFERENCE'],
      [`{pulse.name}${'x'.repeat(3000)}`, 'QUERY_TOO_LONG'],
    ];
    for (const [query, code] of cases) {
      const body = await go(
        engine,
        'mutation ($q: String!) { configure_open_block_ai_column(board_id: 3001, column_id: "numbers", ai_query: $q) { column_id } }',
        { q: query },
      );
      expect(errorCodes(body)).toEqual([code]);
    }
    // Board 3001 has no subitems board, so a subitem reference names nothing.
    const noSubitems = await go(
      engine,
      'mutation { configure_open_block_ai_column(board_id: 3001, column_id: "numbers", ai_query: "{pulse.subitem.status}") { column_id } }',
    );
    expect(errorCodes(noSubitems)).toEqual(['INVALID_COLUMN_REFERENCE']);
  });

  it('answers the documented codes for targets, sources and instructions, changing nothing', async () => {
    const engine = createEngine();
    const before = snapshot(engine);
    const cases: [string, string][] = [
      ['configure_summarize_ai_column(board_id: 3001, column_id: "nope", source_type: thread)', 'INVALID_COLUMN_ID'],
      [
        'configure_summarize_ai_column(board_id: 3001, column_id: "status", source_type: thread)',
        'INVALID_COLUMN_TYPE',
      ],
      [
        'configure_translate_ai_column(board_id: 3001, column_id: "text", source_type: thread, target_language: french)',
        'INVALID_SOURCE_TYPE',
      ],
      [
        'configure_improve_text_ai_column(board_id: 3001, column_id: "text", source_type: column)',
        'MISSING_SOURCE_COLUMN_ID',
      ],
      [
        'configure_improve_text_ai_column(board_id: 3001, column_id: "text", source_type: column, source_column_id: "text")',
        'SELF_REFERENCING_COLUMN',
      ],
      [
        'configure_improve_text_ai_column(board_id: 3001, column_id: "text", source_type: column, source_column_id: "nope")',
        'INVALID_SOURCE_COLUMN_ID',
      ],
      [
        'configure_extract_ai_column(board_id: 3001, column_id: "date4", source_type: item_name, entity_type: custom)',
        'MISSING_CUSTOM_INSTRUCTIONS',
      ],
      [
        'configure_categorize_ai_column(board_id: 3003, column_id: "status", source_type: item_name)',
        'RESOURCE_NOT_FOUND',
      ],
      [
        'configure_person_assignment_ai_column(board_id: 3001, column_id: "text", source_type: thread, groups: [])',
        'INVALID_COLUMN_TYPE',
      ],
    ];
    for (const [field, code] of cases) {
      expect(errorCodes(await go(engine, `mutation { ${field} { column_id } }`)), field).toEqual([code]);
    }
    const long = await go(
      engine,
      'mutation ($text: String) { configure_summarize_ai_column(board_id: 3001, column_id: "text", source_type: thread, additional_instructions: $text) { column_id } }',
      { text: 'x'.repeat(5001) },
    );
    expect(errorCodes(long)).toEqual(['INSTRUCTIONS_TOO_LONG']);
    expect(snapshot(engine)).toBe(before);
    const readOnly = await run(
      engine,
      'mutation { remove_ai_from_column(board_id: 3001, column_id: "text") { success } }',
      { version: VERSION, grant: acmeGrant(['boards:read']) },
    );
    expect(errorCodes(readOnly)).toEqual(['USER_UNAUTHORIZED']);
  });

  it('assigns people from groups of the account users only, and writes no value into any item', async () => {
    const engine = createEngine();
    const make = await go(
      engine,
      'mutation { create_column(board_id: 3001, title: "Owner", column_type: people, id: "owner") { id } }',
    );
    expect(errorCodes(make)).toEqual([]);
    const values = JSON.stringify(engine.store.items.all().map((item) => item.values));
    const ok = await go(
      engine,
      'mutation { configure_person_assignment_ai_column(board_id: 3001, column_id: "owner", source_type: item_name, groups: [{ description: "Frontend", user_ids: [501, 502] }]) { column_id } }',
    );
    expect(dataField(ok, 'configure_person_assignment_ai_column')).toEqual({ column_id: 'owner' });
    const stranger = await go(
      engine,
      'mutation { configure_person_assignment_ai_column(board_id: 3001, column_id: "owner", source_type: item_name, groups: [{ description: "x", user_ids: [601] }]) { column_id } }',
    );
    expect(errorCodes(stranger)).toEqual(['RESOURCE_NOT_FOUND']);
    expect(JSON.stringify(engine.store.items.all().map((item) => item.values))).toBe(values);
  });
});
