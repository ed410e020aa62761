/**
 * Templates in the engine, against https://developer.monday.com/api-reference/reference/templates: installing makes
 * the boards (in a new folder for a template of several), the installation completes on the emulator's clock, its
 * record expires after an hour and is the caller's account's only; scopes and refusals.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { TEMPLATE_INSTALL_MS } from '../../../src/engine/store/templates.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from '../../engine-helpers.js';

const VERSION = '2026-10';
const STATUS = `query ($id: ID!) { template_installation_status(process_id: $id) {
  process_id status is_complete is_failed board_ids board_ids_map { source_board_id created_board_id }
} }`;

function engineAt(start = Date.UTC(2026, 10, 25, 9)) {
  let now = start;
  const engine = createEngine({ clock: { now: () => now } });
  return { engine, advance: (ms: number) => (now += ms) };
}

describe('templates', () => {
  it('installs a one-board template, in progress until the clock says it is done', async () => {
    const { engine, advance } = engineAt();
    const used = await run(
      engine,
      'mutation { use_template(template_id: 8901, destination_name: "Website relaunch", board_owner_ids: [502]) { process_id } }',
      {
        version: VERSION,
      },
    );
    const { process_id } = dataField<{ process_id: string }>(used, 'use_template');
    expect(process_id).toMatch(/^[0-9a-f]{32}$/);
    const pending = await run(engine, STATUS, { version: VERSION, variables: { id: process_id } });
    expect(dataField(pending, 'template_installation_status')).toEqual({
      process_id,
      status: 'IN_PROGRESS',
      is_complete: false,
      is_failed: false,
      board_ids: [],
      board_ids_map: [],
    });
    advance(TEMPLATE_INSTALL_MS);
    const done = dataField<{ status: string; board_ids: string[]; board_ids_map: unknown[] }>(
      await run(engine, STATUS, { version: VERSION, variables: { id: process_id } }),
      'template_installation_status',
    );
    expect(done.status).toBe('COMPLETE');
    const [boardId] = done.board_ids;
    expect(done.board_ids_map).toEqual([{ source_board_id: '8951', created_board_id: boardId }]);
    const board = engine.store.boards.find(boardId ?? '');
    expect(board).toMatchObject({ name: 'Website relaunch', accountId: '1001', workspaceId: '7001', folderId: null });
    expect(board?.ownerIds).toEqual(['501', '502']);
    expect(board?.columns.map((column) => column.id)).toEqual(['status', 'person', 'date4']);
    expect(board?.groups.map((group) => group.title)).toEqual(['To do', 'Done']);
  });

  it('puts a template of several boards in a new folder unless told not to', async () => {
    const { engine, advance } = engineAt();
    const used = await run(
      engine,
      'mutation { use_template(template_id: 8902, destination_workspace_id: 7002, destination_folder_name: "Spring launch") { process_id } }',
      {
        version: VERSION,
      },
    );
    const { process_id } = dataField<{ process_id: string }>(used, 'use_template');
    advance(TEMPLATE_INSTALL_MS);
    const status = dataField<{ board_ids: string[] }>(
      await run(engine, STATUS, { version: VERSION, variables: { id: process_id } }),
      'template_installation_status',
    );
    const boards = status.board_ids.map((id) => engine.store.boards.find(id));
    const folder = engine.store.workspaces.folders.find(boards[0]?.folderId ?? '');
    expect(folder).toMatchObject({ name: 'Spring launch', workspaceId: '7002' });
    expect(boards.map((board) => [board?.name, board?.folderId])).toEqual([
      ['Campaigns', folder?.id],
      ['Content calendar', folder?.id],
    ]);
    const flat = await run(
      engine,
      'mutation { use_template(template_id: 8902, skip_target_folder_creation: true) { process_id } }',
      { version: VERSION },
    );
    advance(TEMPLATE_INSTALL_MS);
    const flatStatus = dataField<{ board_ids: string[] }>(
      await run(engine, STATUS, {
        version: VERSION,
        variables: { id: dataField<{ process_id: string }>(flat, 'use_template').process_id },
      }),
      'template_installation_status',
    );
    expect(flatStatus.board_ids.map((id) => engine.store.boards.find(id)?.folderId)).toEqual([null, null]);
  });

  it('answers null for an unknown process, another account and after an hour', async () => {
    const { engine, advance } = engineAt();
    const used = await run(engine, 'mutation { use_template(template_id: 8901) { process_id } }', { version: VERSION });
    const id = dataField<{ process_id: string }>(used, 'use_template').process_id;
    expect(
      dataField(
        await run(engine, STATUS, { version: VERSION, variables: { id: 'nope' } }),
        'template_installation_status',
      ),
    ).toBeNull();
    const other = await run(engine, STATUS, { version: VERSION, variables: { id }, grant: globexGrant() });
    expect(dataField(other, 'template_installation_status')).toBeNull();
    advance(60 * 60 * 1000 + 1);
    expect(
      dataField(await run(engine, STATUS, { version: VERSION, variables: { id } }), 'template_installation_status'),
    ).toBeNull();
  });

  it('refuses an unknown template, a missing scope, strangers and unmodelled options, making nothing', async () => {
    const { engine } = engineAt();
    const boards = engine.store.boards.all().length;
    const cases: [string, string, ReturnType<typeof acmeGrant>?][] = [
      ['use_template(template_id: 1)', 'USER_UNAUTHORIZED'],
      ['use_template(template_id: 8901)', 'USER_UNAUTHORIZED', acmeGrant(['boards:write'])],
      ['use_template(template_id: 8901, board_owner_ids: [601])', 'RESOURCE_NOT_FOUND'],
      ['use_template(template_id: 8901, destination_workspace_id: 7003)', 'RESOURCE_NOT_FOUND'],
      [
        'use_template(template_id: 8901, destination_workspace_id: 7001, destination_folder_id: 7102)',
        'INVALID_ARGUMENT',
      ],
      ['use_template(template_id: 8901, callback_url_on_complete: "https://example.com/done")', 'NOT_MODELLED'],
    ];
    for (const [field, code, grant] of cases) {
      const body = await run(engine, `mutation { ${field} { process_id } }`, {
        version: VERSION,
        ...(grant ? { grant } : {}),
      });
      expect(errorCodes(body), field).toEqual([code]);
    }
    expect(engine.store.boards.all()).toHaveLength(boards);
    expect(engine.store.templates.installations.all()).toEqual([]);
  });
});
