/**
 * Idempotency end to end: every mutation carries an Idempotency-Key kept across retries, a replay is
 * reported and never executes twice, a concurrent duplicate waits out the 409 and resolves from the
 * cache, and a conflict that outlasts the bounded waits surfaces as IdempotencyConflictError.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IdempotencyConflictError, NetworkError, type RetryEvent } from '../../src/index.js';
import {
  clientFor,
  closeEmulators,
  graphqlRequests,
  itemsNamed,
  ROADMAP_BOARD_ID,
  settle,
  startTestEmulator,
  waitFor,
} from './harness.js';

afterEach(closeEmulators);

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Idempotency-Key', () => {
  it('a mutation sends a generated UUID v4 key and reports it; a query sends none', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const created = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Keyed' });
    await client.boards({ limit: 1 });
    const [mutation, query] = graphqlRequests(emulator);
    expect(mutation?.kind).toBe('mutation');
    expect(mutation?.headers['idempotency-key']).toMatch(UUID_V4);
    expect(created.idempotencyKey).toBe(mutation?.headers['idempotency-key']);
    expect(query?.kind).toBe('query');
    expect(query?.headers).not.toHaveProperty('idempotency-key');
  });

  it('each call gets its own key', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const first = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'One' });
    const second = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Two' });
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
    expect(emulator.stats.executedMutations).toBe(2);
  });

  it('a retried mutation keeps its key on every attempt', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'http-error', status: 503, first: 2 }] });
    const client = clientFor(emulator, { retry: { baseDelayMs: 5 } });
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Retried with one key' });
    const keys = graphqlRequests(emulator).map((record) => record.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys)).toEqual(new Set([result.idempotencyKey]));
    expect(itemsNamed(emulator, 'Retried with one key')).toHaveLength(1);
  });
});

describe('replay', () => {
  it('the same key twice: the second is replayed with the same item and executes nothing', async () => {
    const emulator = await startTestEmulator();
    const client = clientFor(emulator);
    const idempotencyKey = 'e2e-replay-key-0001';
    const variables = { board_id: ROADMAP_BOARD_ID, item_name: 'Made once' };
    const first = await client.createItem(variables, { idempotencyKey });
    const second = await client.createItem(variables, { idempotencyKey });
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.data.create_item?.id).toBe(first.data.create_item?.id);
    expect(second.idempotencyKey).toBe(idempotencyKey);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(emulator.stats.executedMutations).toBe(1);
    expect(emulator.stats.replayed).toBe(1);
    expect(emulator.mutations).toHaveLength(1);
    expect(itemsNamed(emulator, 'Made once')).toHaveLength(1);
  });

  it('a mutation whose answer is lost after it ran is retried and resolves from the cache', async () => {
    const emulator = await startTestEmulator({ faults: [{ kind: 'drop-after-execute', first: 1 }] });
    const retries: RetryEvent[] = [];
    const client = clientFor(emulator, {
      retry: { baseDelayMs: 5 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Answer lost' });
    expect(result.replayed).toBe(true);
    expect(retries.map((event) => event.reason)).toEqual(['network']);
    expect(itemsNamed(emulator, 'Answer lost').map((item) => item.id)).toEqual([result.data.create_item?.id]);
    expect(emulator.stats.executedMutations).toBe(1);
  });
});

describe('concurrent duplicates (409)', () => {
  it('a duplicate sent while the first runs waits Retry-After and resolves replayed', async () => {
    const emulator = await startTestEmulator({
      idempotency: { retryAfterSeconds: 1 },
      faults: [{ kind: 'latency', ms: 700, nth: [1] }],
    });
    const idempotencyKey = 'e2e-concurrent-key-0001';
    const variables = { board_id: ROADMAP_BOARD_ID, item_name: 'Concurrent duplicate' };
    // Two clients: the duplicate comes from another process retrying, not from this client's own queue.
    const retries: RetryEvent[] = [];
    const firstClient = clientFor(emulator);
    const secondClient = clientFor(emulator, { hooks: { onRetry: (event) => retries.push(event) } });
    const first = firstClient.createItem(variables, { idempotencyKey });
    // Its complexity is charged once it holds the key and is inside its latency: only then can a duplicate conflict.
    await waitFor(() => emulator.stats.inFlight === 1 && emulator.requests[0]?.complexity !== undefined);
    const second = await secondClient.createItem(variables, { idempotencyKey });
    const firstResult = await first;

    expect(firstResult.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.data.create_item?.id).toBe(firstResult.data.create_item?.id);
    expect(emulator.stats.rejected409).toBeGreaterThanOrEqual(1);
    expect(retries.length).toBe(emulator.stats.rejected409);
    for (const event of retries) expect(event).toMatchObject({ reason: 'idempotency-conflict', delayMs: 1_000 });
    const conflict = graphqlRequests(emulator).find((record) => record.status === 409);
    expect(conflict?.idempotencyKey).toBe(idempotencyKey);
    expect(emulator.stats.executedMutations).toBe(1);
    expect(itemsNamed(emulator, 'Concurrent duplicate')).toHaveLength(1);
  });

  it('a mutation that times out while still running is retried through the 409 and runs once', async () => {
    const emulator = await startTestEmulator({
      idempotency: { retryAfterSeconds: 1 },
      faults: [{ kind: 'latency', ms: 800, nth: [1] }],
    });
    const retries: RetryEvent[] = [];
    const client = clientFor(emulator, {
      timeoutMs: 300,
      retry: { baseDelayMs: 5 },
      hooks: { onRetry: (event) => retries.push(event) },
    });
    const result = await client.createItem({ board_id: ROADMAP_BOARD_ID, item_name: 'Slow but once' });
    expect(result.replayed).toBe(true);
    expect(retries[0]?.reason).toBe('timeout');
    expect(retries.map((event) => event.reason)).toContain('idempotency-conflict');
    expect(itemsNamed(emulator, 'Slow but once').map((item) => item.id)).toEqual([result.data.create_item?.id]);
    expect(emulator.mutations).toHaveLength(1);
    // The first attempt's connection closed (client timeout) before its mutation finished executing;
    // the running totals must still count that execution.
    expect(emulator.stats.executedMutations).toBe(1);
  });

  it('a conflict that outlasts the bounded waits rejects with IdempotencyConflictError', async () => {
    const emulator = await startTestEmulator({
      idempotency: { retryAfterSeconds: 1 },
      faults: [{ kind: 'latency', ms: 20_000, nth: [1] }],
    });
    const idempotencyKey = 'e2e-stuck-key-0001';
    const variables = { board_id: ROADMAP_BOARD_ID, item_name: 'Stuck duplicate' };
    const stuck = new AbortController();
    const first = settle(clientFor(emulator).createItem(variables, { idempotencyKey, signal: stuck.signal }));
    await waitFor(() => emulator.stats.inFlight === 1 && emulator.requests[0]?.complexity !== undefined);

    const client = clientFor(emulator, { retry: { maxAttempts: 3 } });
    const { error } = await settle(client.createItem(variables, { idempotencyKey }));
    expect(error).toBeInstanceOf(IdempotencyConflictError);
    const conflict = error as IdempotencyConflictError;
    expect(conflict.status).toBe(409);
    expect(conflict.retryAfterSeconds).toBe(1);
    expect(conflict.idempotencyKey).toBe(idempotencyKey);
    expect(emulator.stats.rejected409).toBe(3);
    expect(emulator.stats.executedMutations).toBe(0);

    stuck.abort();
    const { error: abortError } = await first;
    expect(abortError).toBeInstanceOf(NetworkError);
    expect((abortError as NetworkError).aborted).toBe(true);
  });
});
