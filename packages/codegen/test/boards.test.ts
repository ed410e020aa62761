/**
 * `workspace-platform-codegen --board`, in-process against the emulator over a socket: a board with a column of
 * every kind create_column makes is generated (every kind, labels, the linked board, what the mirror shows; keys
 * from titles, ids on collision), the committed type-test fixture is what the command generates (never hand-edited),
 * `--offline` regenerates from the saved structure, and `--check` exits 0 on an unchanged board and 1 with one line
 * per change of each kind (column added, removed, retyped, retitled; label added, removed, renamed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, type Emulator, startEmulator } from 'workspace-platform-emulator';
import { COLUMN_KINDS, PlatformClient } from 'workspace-platform-sdk';
import {
  createColumn,
  createLaunchBoards,
  deleteColumn,
  NOT_CREATABLE,
  retitleColumn,
  setStatusLabels,
} from '../../../test/e2e/typed-boards-setup.js';
import { columnKeys, lowerCamelCase } from '../src/boards/keys.js';
import { app, codegen } from './scratch-app.js';

const FIXTURE = join(import.meta.dirname, '..', '..', '..', 'test', 'types', 'boards');
const OUTPUT = 'src/launch.generated.ts';

let emulator: Emulator;
let client: PlatformClient;
let env: NodeJS.ProcessEnv;
let boards: { launch: string; partners: string };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl });
  env = { WORKSPACE_PLATFORM_BASE_URL: emulator.baseUrl, WORKSPACE_PLATFORM_TOKEN: DEMO_TOKEN };
  boards = await createLaunchBoards(client);
});
afterAll(() => emulator.close());

const generate = (dir: string, ...extra: string[]) =>
  codegen(dir, ['--board', `${boards.launch}:Launch`, '--output', OUTPUT, ...extra], env);

describe('workspace-platform-codegen --board', () => {
  it('generates every kind the SDK reads, with labels, the linked board and what the mirror shows', async () => {
    const dir = app({});
    const run = await generate(dir);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('wrote src/launch.generated.ts and launch.generated.boards.json (Launch)');
    const source = readFileSync(join(dir, OUTPUT), 'utf8');
    for (const kind of COLUMN_KINDS.filter((kind) => !NOT_CREATABLE.includes(kind))) {
      expect(source, kind).toContain(`kind: '${kind}'`);
    }
    expect(source).toContain('export const LaunchBoard = {');
    expect(source).toContain('export type LaunchItem = BoardItem<typeof LaunchBoard>;');
    expect(source).toContain('export type LaunchValues = BoardValues<typeof LaunchBoard>;');
    expect(source).toContain(
      "stage: { id: 'c_status', title: 'Stage', kind: 'status', labels: [{ id: 0, name: 'Working on it' }, { id: 1, name: 'Done' }, { id: 2, name: 'Stuck' }] },",
    );
    expect(source).toContain(
      "platforms: { id: 'c_dropdown', title: 'Platforms', kind: 'dropdown', labels: [{ id: 1, name: 'Web' }, { id: 2, name: 'Mobile' }, { id: 3, name: 'Desktop' }] },",
    );
    expect(source).toContain(
      `partners: { id: 'c_board_relation', title: 'Partners', kind: 'board_relation', linkedBoardIds: ['${boards.partners}'] },`,
    );
    expect(source).toContain(
      "partnerStatus: { id: 'c_mirror', title: 'Partner status', kind: 'mirror', mirror: { relationColumnId: 'c_board_relation', shownColumnIds: ['partner_status'] } },",
    );
    expect(source).toContain("dueDate: { id: 'c_date', title: 'Due date', kind: 'date' },");
    const saved = JSON.parse(readFileSync(join(dir, 'src/launch.generated.boards.json'), 'utf8'));
    expect(saved.boards[0]).toMatchObject({
      typeName: 'Launch',
      structure: { id: boards.launch, name: 'Launch plan' },
    });
  });

  it('names the types after the board when no name is given, and refuses a name that is not one', async () => {
    const dir = app({});
    expect(await codegen(dir, ['--board', boards.partners, '--output', OUTPUT], env)).toMatchObject({ code: 0 });
    expect(readFileSync(join(dir, OUTPUT), 'utf8')).toContain('export const PartnersBoard = {');
    const wrong = await codegen(dir, ['--board', `${boards.partners}:lower`, '--output', OUTPUT], env);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('"lower" cannot name a board\'s types');
  });

  it('needs the base URL and token, and never prints the token', async () => {
    const dir = app({});
    const run = await codegen(dir, ['--board', boards.launch, '--output', OUTPUT], {});
    expect(run.code).toBe(1);
    expect(run.err).toContain('Set WORKSPACE_PLATFORM_BASE_URL');
    const missing = await codegen(dir, ['--board', '999999', '--output', OUTPUT], env);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Board 999999 does not exist');
    expect(`${run.err}${missing.err}`).not.toContain(DEMO_TOKEN);
  });

  it('regenerates offline from the saved structure, the same file', async () => {
    const dir = app({});
    await generate(dir);
    const first = readFileSync(join(dir, OUTPUT), 'utf8');
    const offline = await codegen(dir, ['--output', OUTPUT, '--offline'], {});
    expect(offline).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(join(dir, OUTPUT), 'utf8')).toBe(first);
  });

  it('keys: titles in lowerCamelCase, the column id when a title collides or makes no identifier', () => {
    expect(lowerCamelCase('Due date')).toBe('dueDate');
    expect(lowerCamelCase('  Owner ID / e-mail ')).toBe('ownerIdEMail');
    const keys = columnKeys([
      { id: 'status', title: 'Status' },
      { id: 'status_1', title: 'Status' },
      { id: 'numbers', title: '2026 budget' },
      { id: 'text', title: '✓' },
      { id: 'date4', title: 'Due date' },
    ]);
    expect([...keys.values()]).toEqual(['status', 'status_1', 'numbers', 'text', 'dueDate']);
  });
});

describe('workspace-platform-codegen --board --check', () => {
  it('exits 0 while the board is unchanged, and 1 with one line per change of each kind', async () => {
    const dir = app({});
    await generate(dir);
    const unchanged = await generate(dir, '--check');
    expect(unchanged).toMatchObject({ code: 0, err: '' });
    expect(unchanged.out).toContain('1 board(s) unchanged');

    await createColumn(client, boards.launch, { title: 'Priority', kind: 'numbers', id: 'priority' });
    await deleteColumn(client, boards.launch, 'c_week');
    await deleteColumn(client, boards.launch, 'c_rating');
    await createColumn(client, boards.launch, { title: 'rating column', kind: 'text', id: 'c_rating' });
    await retitleColumn(client, boards.launch, 'c_numbers', 'Budget (EUR)');
    await setStatusLabels(client, boards.launch, 'c_status', { 0: 'Working on it', 1: 'Finished', 5: 'Blocked' });

    const changed = await generate(dir, '--check');
    expect(changed.code).toBe(1);
    const board = `Board "Launch plan" (${boards.launch})`;
    expect(changed.err.split('\n')).toEqual([
      `${board}, column "Budget" (c_numbers): retitled to "Budget (EUR)"`,
      `${board}, column "rating column" (c_rating): retyped from rating to text`,
      `${board}, column "Stage" (c_status): label "Done" renamed to "Finished"`,
      `${board}, column "Stage" (c_status): label "Stuck" removed`,
      `${board}, column "Stage" (c_status): label "Blocked" added`,
      `${board}, column "week column" (c_week): removed`,
      `${board}, column "Priority" (priority): added, a numbers column`,
      'workspace-platform-codegen: 7 change(s); run workspace-platform-codegen without --check and commit the result.',
    ]);

    expect((await generate(dir)).code).toBe(0);
    expect(await generate(dir, '--check')).toMatchObject({ code: 0, err: '' });
  });

  it('says when the generated file was edited or is not what the saved structure generates', async () => {
    const dir = app({});
    await generate(dir);
    const path = join(dir, OUTPUT);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, readFileSync(path, 'utf8').replace("'Working on it'", "'Working'"));
    const run = await generate(dir, '--check');
    expect(run.code).toBe(1);
    expect(run.err).toContain('src/launch.generated.ts is not what launch.generated.boards.json generates');
  });
});

describe('the type tests fixture (test/types/boards)', () => {
  it('is what the command generates for the Launch board on a fresh emulator', async () => {
    const fresh = await startEmulator({ port: 0 });
    try {
      const freshClient = new PlatformClient({ token: DEMO_TOKEN, baseUrl: fresh.baseUrl });
      const made = await createLaunchBoards(freshClient);
      const dir = app({});
      const run = await codegen(dir, ['--board', `${made.launch}:Launch`, '--output', OUTPUT], {
        WORKSPACE_PLATFORM_BASE_URL: fresh.baseUrl,
        WORKSPACE_PLATFORM_TOKEN: DEMO_TOKEN,
      });
      expect(run.code).toBe(0);
      for (const file of ['launch.generated.ts', 'launch.generated.boards.json']) {
        expect(readFileSync(join(dir, 'src', file), 'utf8'), file).toBe(readFileSync(join(FIXTURE, file), 'utf8'));
      }
    } finally {
      await fresh.close();
    }
  });
});
