/**
 * Request ids and error codes end to end, against the emulator over a real socket: every answer carries
 * `extensions.request_id` as the platform's do (https://developer.monday.com/api-reference/docs/error-handling),
 * and the client puts it on results, errors (and their messages) and `onResponse` events; the common error codes
 * arrive as their subclasses with `error.code`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  GraphQLResponseError,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  type PlatformError,
  type ResponseEvent,
} from '../../src/index.js';
import { clientFor, closeEmulators, DEMO_READ_ONLY_TOKEN, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

const API_VERSION = '2025-04';
const ID = /^[0-9a-f-]{36}$/;

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as PlatformError,
  );
}

describe('request ids from the emulator', () => {
  it('a result and its onResponse event carry the id; each request gets its own', async () => {
    const emulator = await startTestEmulator();
    const events: ResponseEvent[] = [];
    const client = clientFor(emulator, { apiVersion: API_VERSION, hooks: { onResponse: (e) => events.push(e) } });
    const first = await client.request('query Me { me { id } }');
    const second = await client.request('query Me { me { id } }');
    expect(first.requestId).toMatch(ID);
    expect(second.requestId).toMatch(ID);
    expect(second.requestId).not.toBe(first.requestId);
    expect(events.map((event) => event.requestId)).toEqual([first.requestId, second.requestId]);
  });

  it('errors carry the id in a field and in the message, with the class of their code', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator, { apiVersion: API_VERSION });
    const missing = await failure(
      client.request('mutation { create_item(board_id: 999999999, item_name: "x") { id } }'),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as GraphQLResponseError).code).toBe('RESOURCE_NOT_FOUND');
    expect(missing.requestId).toMatch(ID);
    expect(missing.message).toContain(`request id ${missing.requestId}`);

    const tooMany = await failure(
      client.request(`query { boards(ids: [${ROADMAP_BOARD_ID}]) { items_page(limit: 100000) { cursor } } }`),
    );
    expect(tooMany).toBeInstanceOf(InvalidArgumentError);
    expect(tooMany.requestId).toMatch(ID);

    const readOnly = clientFor(emulator, { apiVersion: API_VERSION, token: DEMO_READ_ONLY_TOKEN });
    const denied = await failure(
      readOnly.request(`mutation { create_item(board_id: ${ROADMAP_BOARD_ID}, item_name: "x") { id } }`),
    );
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied).toBeInstanceOf(GraphQLResponseError);
    expect(denied.requestId).toMatch(ID);

    const unknown = clientFor(emulator, { apiVersion: API_VERSION, token: 'not-a-token' });
    const unauthenticated = await failure(unknown.request('query Me { me { id } }'));
    expect(unauthenticated).toBeInstanceOf(AuthenticationError);
    expect(unauthenticated.requestId).toMatch(ID);
  });
});
