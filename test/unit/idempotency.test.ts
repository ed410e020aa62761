/**
 * The idempotency rule: which calls carry a key, which key, and which may be sent again; and the UUID
 * v4 a generated key is, with or without `crypto.randomUUID`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeyFor, isRepeatable, randomUuid } from '../../src/client/request/idempotency.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('idempotency rule', () => {
  it('gives a mutation the caller key or a fresh UUID v4, and a query none', () => {
    expect(idempotencyKeyFor('mutation', 'mine')).toBe('mine');
    const generated = idempotencyKeyFor('mutation', undefined);
    expect(generated).toMatch(UUID_V4);
    expect(idempotencyKeyFor('mutation', undefined)).not.toBe(generated);
    expect(idempotencyKeyFor('query', 'mine')).toBeUndefined();
  });

  it('lets a query or a keyed mutation be sent again, never an unkeyed mutation', () => {
    expect(isRepeatable('query', undefined)).toBe(true);
    expect(isRepeatable('mutation', 'k')).toBe(true);
    expect(isRepeatable('mutation', undefined)).toBe(false);
  });

  it('builds a UUID v4 from getRandomValues where randomUUID is missing (a page over plain HTTP)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes) });
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const id = randomUuid();
      expect(id).toMatch(UUID_V4);
      seen.add(id);
    }
    expect(seen.size).toBe(200);
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(randomUuid()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
