/**
 * The in-memory store forgets an account idle for `FLEET_STATE_TTL_MS`, as the Redis store's keys expire, so a
 * process that meets many accounts (one client per tenant) does not keep them all forever.
 */
import { describe, expect, it } from 'vitest';
import { FLEET_STATE_TTL_MS } from '../../src/client/throttle/fleet-state.js';
import { AccountStates } from '../../src/client/throttle/memory-store.js';

describe('AccountStates (the memory store accounts)', () => {
  it('drops accounts idle for the state TTL and keeps the ones in use', () => {
    const accounts = new AccountStates();
    for (let index = 0; index < 1000; index += 1) accounts.stateOf(`tenant-${index}`, 0);
    const busy = accounts.stateOf('busy', 0);
    busy.concurrency = 7;
    accounts.stateOf('busy', FLEET_STATE_TTL_MS - 1);
    expect(accounts.size).toBe(1001);
    // Idle accounts are looked for once a minute.
    const later = FLEET_STATE_TTL_MS + 60_000;
    expect(accounts.stateOf('busy', later)).toBe(busy);
    expect(accounts.size).toBe(1);
    // A forgotten account starts afresh.
    expect(accounts.stateOf('tenant-3', later).learned).toBe(false);
    expect(accounts.size).toBe(2);
  });
});

describe('the former name', () => {
  it('createMemoryStore is createMemoryThrottleStore, through the 0.x line', async () => {
    const { createMemoryStore, createMemoryThrottleStore } = await import('../../src/index.js');
    expect(createMemoryStore).toBe(createMemoryThrottleStore);
  });
});
