/**
 * `create_project`: what the docs give is modelled (Enterprise plans only, the name, the place); an Enterprise
 * account's project answers NOT_MODELLED, since the platform's project template is not documented. In the engine and
 * over a real socket.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { acmeGrant, errorCodes, globexGrant, run } from './engine-helpers.js';
import { askGraphQL, closeTestEmulators, DEMO_OTHER_ACCOUNT_TOKEN, startTestEmulator } from './server-helpers.js';

afterEach(closeTestEmulators);

const VERSION = '2026-04';
const project = (input: string) =>
  `mutation { create_project(input: { ${input} }) { success message process_id error } }`;

describe('create_project', () => {
  it('refuses an account not on an Enterprise plan, a blank name and a place not the caller’s', async () => {
    const engine = createEngine();
    const boards = engine.store.boards.all().length;
    const cases: [string, ReturnType<typeof acmeGrant>, string][] = [
      ['name: "Launch", board_kind: public', acmeGrant(), 'USER_UNAUTHORIZED'],
      ['name: "Launch", board_kind: public', acmeGrant(['boards:read']), 'USER_UNAUTHORIZED'],
      ['name: " ", board_kind: public', globexGrant(), 'INVALID_ARGUMENT'],
      ['name: "Launch", board_kind: public, workspace_id: "7001"', globexGrant(), 'RESOURCE_NOT_FOUND'],
      ['name: "Launch", board_kind: public, folder_id: "7101"', globexGrant(), 'RESOURCE_NOT_FOUND'],
    ];
    for (const [input, grant, code] of cases) {
      expect(errorCodes(await run(engine, project(input), { version: VERSION, grant })), input).toEqual([code]);
    }
    const refused = await run(engine, project('name: "Launch", board_kind: public'), { version: VERSION });
    expect(refused.errors?.[0]?.message).toMatch(/Enterprise plans; this account is on pro plan/);
    expect(engine.store.boards.all().length).toBe(boards);
  });

  it('answers NOT_MODELLED for an Enterprise account’s project (globex), over a socket', async () => {
    const emulator = await startTestEmulator();
    const answer = await askGraphQL(
      emulator,
      VERSION,
      project('name: "Launch", board_kind: public, workspace_id: "7003"'),
      {},
      DEMO_OTHER_ACCOUNT_TOKEN,
    );
    expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['NOT_MODELLED']);
    expect(answer.data?.create_project).toBeNull();
  });
});
