/**
 * Helpers of the emulator server tests: start an emulator on an ephemeral port, and send raw requests.
 */
import { type Emulator, type EmulatorOptions, startEmulator } from '../../src/emulator/index.js';

export {
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
} from '../../src/emulator/index.js';

/** A query every demo token may run. */
export const BOARDS_QUERY = 'query Boards { boards(limit: 2) { id name } }';

/** A mutation creating an item on the seed's roadmap board. */
export const CREATE_ITEM = 'mutation Create($name: String!) { create_item(board_id: 3001, item_name: $name) { id name } }';

/** Starts an emulator on an ephemeral port. */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ port: 0, ...options });
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

/** Creates an item named `name` with `token`, optionally with an Idempotency-Key. */
export function createItem(emulator: { baseUrl: string }, token: string, name: string, key?: string): Promise<Response> {
  const headers: Record<string, string> = { authorization: token };
  if (key !== undefined) headers['idempotency-key'] = key;
  return postGraphQL(emulator, { query: CREATE_ITEM, variables: { name } }, headers);
}

/** Items in the store named `name`. */
export function itemsNamed(emulator: Emulator, name: string) {
  return emulator.store.items().filter((item) => item.name === name);
}
