/**
 * Request ids: every JSON answer of POST /v2, success or error, carries a fresh `extensions.request_id`, as the
 * platform documents (https://developer.monday.com/api-reference/docs/error-handling), and the request record
 * keeps the id sent. A replayed idempotent answer keeps the id of the original.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/index.js';
import { createEngine } from '../src/engine/index.js';
import {
  BOARDS_QUERY,
  closeTestEmulators,
  createItem,
  DEMO_TOKEN,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function requestIdOf(res: Response): Promise<unknown> {
  const body = (await res.json()) as { extensions?: { request_id?: unknown } };
  return body.extensions?.request_id;
}

describe('request ids', () => {
  it('gives each answer a fresh id and writes it to the request record', async () => {
    const emu = await startTestEmulator();
    const first = await requestIdOf(await postGraphQL(emu, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN }));
    const second = await requestIdOf(await postGraphQL(emu, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN }));
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(emu.requests.map((record) => record.requestId)).toEqual([first, second]);
  });

  it.each([
    ['401 without a token', {}, { query: BOARDS_QUERY }, 401],
    ['415 for a text body', { authorization: DEMO_TOKEN, 'content-type': 'text/plain' }, 'x', 415],
    [
      '400 for an unknown version',
      { authorization: DEMO_TOKEN, 'api-version': '1999-01' },
      { query: BOARDS_QUERY },
      400,
    ],
    ['400 for a body that is no JSON', { authorization: DEMO_TOKEN }, '{not json', 400],
    ['200 with errors for an invalid document', { authorization: DEMO_TOKEN }, { query: '{ nope }' }, 200],
  ])('puts one on a %s', async (_name, headers, body, status) => {
    // Refusing versions it does not serve (rather than routing them with a warning) makes the unknown one a 400.
    const emu = await startTestEmulator({ versionRouting: 'refuse' });
    const res = await postGraphQL(emu, body, headers as Record<string, string>);
    expect(res.status).toBe(status);
    const id = await requestIdOf(res);
    expect(id).toMatch(UUID);
    expect(emu.requests[0]?.requestId).toBe(id);
  });

  it('puts one on a 413, a 429 and a 500', async () => {
    const base = createEngine();
    const engine: Engine = {
      ...base,
      prepare(request) {
        const operation = base.prepare(request);
        if (!operation.ok || request.operationName !== 'Crash') return operation;
        return {
          ...operation,
          execute: async () => {
            throw new Error('boom');
          },
        };
      },
    };
    const emu = await startTestEmulator({ engine, maxBodyBytes: 1_000, limits: { minuteRate: { quota: 3 } } });
    const auth = { authorization: DEMO_TOKEN };
    const tooLarge = await postGraphQL(emu, { query: BOARDS_QUERY, variables: { pad: 'x'.repeat(2_000) } }, auth);
    const crashed = await postGraphQL(emu, { query: 'query Crash { me { id } }', operationName: 'Crash' }, auth);
    await postGraphQL(emu, { query: BOARDS_QUERY }, auth);
    const limited = await postGraphQL(emu, { query: BOARDS_QUERY }, auth);
    expect([tooLarge.status, crashed.status, limited.status]).toEqual([413, 500, 429]);
    const ids = [await requestIdOf(tooLarge), await requestIdOf(crashed), await requestIdOf(limited)];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps the original id on a replayed answer, in the body and in the record', async () => {
    const emu = await startTestEmulator();
    const original = await createItem(emu, DEMO_TOKEN, 'Replayed id', 'replay-id-key');
    const replay = await createItem(emu, DEMO_TOKEN, 'Replayed id', 'replay-id-key');
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    const id = await requestIdOf(original);
    expect(id).toMatch(UUID);
    expect(await requestIdOf(replay)).toBe(id);
    expect(emu.requests.map((record) => [record.replayed, record.requestId])).toEqual([
      [false, id],
      [true, id],
    ]);
  });

  it('sends none in the HTML of an injected http-error, and records none', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'http-error', status: 503 }] });
    const res = await postGraphQL(emu, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('<html>');
    expect(emu.requests[0]?.requestId).toBeUndefined();
  });
});
