/**
 * Idempotency of mutations, probed with raw fetch: replay without re-execution, scope per token,
 * 409 for a duplicate in flight, queries unaffected, expiry, and failures not cached.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator, EmulatorOptions } from '../../src/emulator/index.js';
import {
  BOARDS_QUERY,
  createItem,
  DEMO_TOKEN,
  itemsNamed,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  emulator = await startTestEmulator(options);
  return emulator;
}

describe('idempotency', () => {
  it('replays a repeated key from the cache without executing again', async () => {
    const emu = await start();
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
    const emu = await start();
    emu.registerToken('second-token', { kind: 'personal', accountId: 1001, userId: 502, scopes: ['boards:write', 'boards:read'] });
    await createItem(emu, DEMO_TOKEN, 'Scoped', 'shared-key');
    const other = await createItem(emu, 'second-token', 'Scoped', 'shared-key');
    expect(other.headers.get('idempotency-replayed')).toBeNull();
    await createItem(emu, DEMO_TOKEN, 'Scoped', 'another-key');
    expect(itemsNamed(emu, 'Scoped')).toHaveLength(3);
  });

  it('ignores the header on queries', async () => {
    const emu = await start();
    const headers = { authorization: DEMO_TOKEN, 'idempotency-key': 'query-key' };
    await postGraphQL(emu, { query: BOARDS_QUERY }, headers);
    const second = await postGraphQL(emu, { query: BOARDS_QUERY }, headers);
    expect(second.headers.get('idempotency-replayed')).toBeNull();
    expect(emu.stats.executedQueries).toBe(2);
  });

  it('answers 409 with Retry-After to a duplicate while the first is still running', async () => {
    const emu = await start({ faults: [{ kind: 'latency', ms: 400, nth: [1] }], idempotency: { retryAfterSeconds: 2 } });
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
    const emu = await start({ idempotency: { ttlMs: 150 } });
    await createItem(emu, DEMO_TOKEN, 'Expiring', 'ttl-key');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const later = await createItem(emu, DEMO_TOKEN, 'Expiring', 'ttl-key');
    expect(later.headers.get('idempotency-replayed')).toBeNull();
    expect(itemsNamed(emu, 'Expiring')).toHaveLength(2);
  });

  it('does not cache a failed first attempt', async () => {
    const emu = await start({ faults: [{ kind: 'http-error', status: 503, nth: [1] }] });
    const failed = await createItem(emu, DEMO_TOKEN, 'After failure', 'fail-key');
    expect(failed.status).toBe(503);
    const retry = await createItem(emu, DEMO_TOKEN, 'After failure', 'fail-key');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(itemsNamed(emu, 'After failure')).toHaveLength(1);
  });

  it('replays a mutation whose answer was lost after it executed', async () => {
    const emu = await start({ faults: [{ kind: 'drop-after-execute', nth: [1] }] });
    await expect(createItem(emu, DEMO_TOKEN, 'Lost answer', 'lost-key')).rejects.toThrow();
    expect(itemsNamed(emu, 'Lost answer')).toHaveLength(1);
    const retry = await createItem(emu, DEMO_TOKEN, 'Lost answer', 'lost-key');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(itemsNamed(emu, 'Lost answer')).toHaveLength(1);
    expect(emu.stats.executedMutations).toBe(1);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
