/**
 * Helpers of the emulator server tests: start an emulator on an ephemeral port, and send raw requests.
 */
import { expect } from 'vitest';
import type { Engine } from '../src/engine/index.js';
import { DEMO_TOKEN, type Emulator, type EmulatorOptions } from '../src/index.js';
import { startEmulatorWith } from '../src/start.js';

export {
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
} from '../src/index.js';

/** A query every demo token may run. */
export const BOARDS_QUERY = 'query Boards { boards(limit: 2) { id name } }';

/** A mutation creating an item on the seed's roadmap board. */
export const CREATE_ITEM =
  'mutation Create($name: String!) { create_item(board_id: 3001, item_name: $name) { id name } }';

const running = new Set<Emulator>();

/** Starts an emulator on an ephemeral port; {@link closeTestEmulators} (or its own `close()`) stops it. */
export async function startTestEmulator(options: EmulatorOptions & { engine?: Engine } = {}): Promise<Emulator> {
  const { engine, ...rest } = options;
  const emulator = await startEmulatorWith({ port: 0, ...rest }, engine);
  running.add(emulator);
  return emulator;
}

/** Stops every emulator {@link startTestEmulator} started and not yet stopped here. Register it with `afterEach`. */
export async function closeTestEmulators(): Promise<void> {
  const all = [...running];
  running.clear();
  await Promise.all(all.map((emulator) => emulator.close()));
}

/** Resolves once `condition()` holds, polling every 5 ms; rejects after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Posts a GraphQL request with raw fetch (a string body is sent as is). */
export function postGraphQL(
  emulator: { baseUrl: string },
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v2',
): Promise<Response> {
  return fetch(`${emulator.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A GraphQL answer as the tests read it. */
export interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Posts `query` at API version `version` with `token` and returns the parsed answer; the HTTP status must be 200. */
export async function askGraphQL(
  emulator: { baseUrl: string },
  version: string,
  query: string,
  variables: Record<string, unknown> = {},
  token = DEMO_TOKEN,
): Promise<GraphQLBody> {
  const response = await postGraphQL(emulator, { query, variables }, { authorization: token, 'api-version': version });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphQLBody;
}

/** Creates an item named `name` with `token`, optionally with an Idempotency-Key. */
export function createItem(
  emulator: { baseUrl: string },
  token: string,
  name: string,
  key?: string,
): Promise<Response> {
  const headers: Record<string, string> = { authorization: token };
  if (key !== undefined) headers['idempotency-key'] = key;
  return postGraphQL(emulator, { query: CREATE_ITEM, variables: { name } }, headers);
}

/** Items in the store named `name`. */
export function itemsNamed(emulator: Emulator, name: string) {
  return emulator.store.items.all().filter((item) => item.name === name);
}
