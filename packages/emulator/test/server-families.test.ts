/** The workspace-level families over a real socket: scopes of the demo tokens, account isolation, and state. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeTestEmulators,
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

type Body = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };

async function post(
  baseUrl: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Body> {
  const response = await postGraphQL({ baseUrl }, { query, variables }, { authorization: token });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

describe('families over HTTP', () => {
  it('refuses workspaces, teams and webhooks to a token without their scopes, and still answers the rest', async () => {
    const emulator = await startTestEmulator();
    const body = await post(
      emulator.baseUrl,
      DEMO_READ_ONLY_TOKEN,
      'query Mixed { me { id } workspaces { id } teams { id } webhooks(board_id: 3001) { id } }',
    );
    expect(body.data?.me).toEqual({ id: '501' });
    expect(body.data?.workspaces).toBeNull();
    expect(body.errors?.map((error) => error.extensions?.code)).toEqual([
      'USER_UNAUTHORIZED',
      'USER_UNAUTHORIZED',
      'USER_UNAUTHORIZED',
    ]);
  });

  it('keeps each account to its own workspaces, docs and webhooks', async () => {
    const emulator = await startTestEmulator();
    const query = 'query Mine { workspaces { id } docs { id } tags { id } }';
    const acme = await post(emulator.baseUrl, DEMO_TOKEN, query);
    const globex = await post(emulator.baseUrl, DEMO_OTHER_ACCOUNT_TOKEN, query);
    expect(acme.data).toEqual({
      workspaces: [{ id: '7001' }, { id: '7002' }],
      docs: [{ id: '7601' }, { id: '7602' }],
      tags: [{ id: '7301' }, { id: '7302' }],
    });
    expect(globex.data).toEqual({ workspaces: [{ id: '7003' }], docs: [{ id: '7603' }], tags: [{ id: '7304' }] });
    const steal = await post(
      emulator.baseUrl,
      DEMO_OTHER_ACCOUNT_TOKEN,
      'mutation Steal { delete_webhook(id: 7501) { id } }',
    );
    expect(steal.errors?.[0]?.extensions?.code).toBe('RESOURCE_NOT_FOUND');
    expect(emulator.store.webhooks.find('7501')).toBeDefined();
  });

  it('keeps what a mutation created for the next request', async () => {
    const emulator = await startTestEmulator();
    const made = await post(
      emulator.baseUrl,
      DEMO_TOKEN,
      'mutation Make($name: String!) { create_folder(name: $name, workspace_id: 7002) { id } }',
      {
        name: 'Press kits',
      },
    );
    const id = (made.data?.create_folder as { id: string } | undefined)?.id;
    expect(id).toMatch(/^\d+$/);
    const listed = await post(
      emulator.baseUrl,
      DEMO_TOKEN,
      'query List { folders(workspace_ids: [7002]) { id name } }',
    );
    expect(listed.data?.folders).toContainEqual({ id, name: 'Press kits' });
  });
});
