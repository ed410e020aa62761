/**
 * Idempotency of mutations, probed with raw fetch: replay without re-execution, scope per token,
 * 409 for a duplicate in flight, queries unaffected, expiry, and failures not cached.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/index.js';
import {
  BOARDS_QUERY,
  closeTestEmulators,
  createItem,
  DEMO_TOKEN,
  itemsNamed,
  postGraphQL,
  startTestEmulator,
  waitFor,
} from './server-helpers.js';

afterEach(closeTestEmulators);

describe('idempotency', () => {
  it('replays a repeated key from the cache without executing again', async () => {
    const emu = await startTestEmulator();
    const first = await createItem(emu, DEMO_TOKEN, 'Once only', 'key-1');
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const again = await createItem(emu, DEMO_TOKEN, 'Once only', 'key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.headers.get('ratelimit')).toMatch(/minuteRate/);
    expect(await again.text()).toBe(firstBody);
    expect(JSON.parse(firstBody).account_id).toBe(1001);
    expect(itemsNamed(emu, 'Once only')).toHaveLength(1);
    expect(emu.stats.executedMutations).toBe(1);
    expect(emu.stats.replayed).toBe(1);
    expect(emu.requests.at(-1)).toMatchObject({ replayed: true, executed: false, idempotencyKey: 'key-1' });
  });

  it('executes each distinct key, and scopes keys to the token', async () => {
    const emu = await startTestEmulator();
    emu.registerToken('second-token', {
      kind: 'personal',
      accountId: 1001,
      userId: 502,
      scopes: ['boards:write', 'boards:read'],
    });
    await createItem(emu, DEMO_TOKEN, 'Scoped', 'shared-key');
    const other = await createItem(emu, 'second-token', 'Scoped', 'shared-key');
    expect(other.headers.get('idempotency-replayed')).toBeNull();
    await createItem(emu, DEMO_TOKEN, 'Scoped', 'another-key');
    expect(itemsNamed(emu, 'Scoped')).toHaveLength(3);
  });

  it('ignores the header on queries', async () => {
    const emu = await startTestEmulator();
    const headers = { authorization: DEMO_TOKEN, 'idempotency-key': 'query-key' };
    await postGraphQL(emu, { query: BOARDS_QUERY }, headers);
    const second = await postGraphQL(emu, { query: BOARDS_QUERY }, headers);
    expect(second.headers.get('idempotency-replayed')).toBeNull();
    expect(emu.stats.executedQueries).toBe(2);
  });

  it('answers 409 with Retry-After to a duplicate while the first is still running', async () => {
    // The duplicate must reach the server while the first still runs: a second leaves room on a loaded machine.
    const emu = await startTestEmulator({
      faults: [{ kind: 'latency', ms: 1_000, nth: [1] }],
      idempotency: { retryAfterSeconds: 2 },
    });
    const slow = createItem(emu, DEMO_TOKEN, 'In flight', 'busy-key');
    await waitFor(() => emu.stats.inFlight === 1 && emu.requests[0]?.complexity !== undefined);
    const duplicate = await createItem(emu, DEMO_TOKEN, 'In flight', 'busy-key');
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('retry-after')).toBe('2');
    const body = (await duplicate.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await slow).status).toBe(200);
    const retry = await createItem(emu, DEMO_TOKEN, 'In flight', 'busy-key');
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(itemsNamed(emu, 'In flight')).toHaveLength(1);
    expect(emu.stats.rejected409).toBe(1);
  });

  it('forgets a key once its time to live has passed', async () => {
    let now = 1_000_000;
    const emu = await startTestEmulator({ idempotency: { ttlMs: 150 }, now: () => now });
    await createItem(emu, DEMO_TOKEN, 'Expiring', 'ttl-key');
    now += 149;
    expect((await createItem(emu, DEMO_TOKEN, 'Expiring', 'ttl-key')).headers.get('idempotency-replayed')).toBe('true');
    now += 1;
    const later = await createItem(emu, DEMO_TOKEN, 'Expiring', 'ttl-key');
    expect(later.headers.get('idempotency-replayed')).toBeNull();
    expect(itemsNamed(emu, 'Expiring')).toHaveLength(2);
  });

  it('does not cache a failed first attempt', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'http-error', status: 503, nth: [1] }] });
    const failed = await createItem(emu, DEMO_TOKEN, 'After failure', 'fail-key');
    expect(failed.status).toBe(503);
    const retry = await createItem(emu, DEMO_TOKEN, 'After failure', 'fail-key');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(itemsNamed(emu, 'After failure')).toHaveLength(1);
  });

  it('replays a mutation whose answer was lost after it executed', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'drop-after-execute', nth: [1] }] });
    await expect(createItem(emu, DEMO_TOKEN, 'Lost answer', 'lost-key')).rejects.toThrow();
    expect(itemsNamed(emu, 'Lost answer')).toHaveLength(1);
    const retry = await createItem(emu, DEMO_TOKEN, 'Lost answer', 'lost-key');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(itemsNamed(emu, 'Lost answer')).toHaveLength(1);
    expect(emu.stats.executedMutations).toBe(1);
  });

  it('releases the key when answering fails unexpectedly, so a retry runs instead of meeting 409 forever', async () => {
    const base = createEngine();
    let prepared = 0;
    const engine: Engine = {
      ...base,
      prepare(request) {
        const operation = base.prepare(request);
        if (!operation.ok || ++prepared > 1) return operation;
        // A body JSON cannot encode: the server throws after executing, before it could cache the answer.
        return { ...operation, execute: async () => ({ data: { unserialisable: 1n } }) };
      },
    };
    const emu = await startTestEmulator({ engine });
    const failed = await createItem(emu, DEMO_TOKEN, 'After a crash', 'crash-key');
    expect(failed.status).toBe(500);
    const retry = await createItem(emu, DEMO_TOKEN, 'After a crash', 'crash-key');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(itemsNamed(emu, 'After a crash')).toHaveLength(1);
    expect(emu.stats.rejected409).toBe(0);
  });
});
