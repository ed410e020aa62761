/**
 * Fault injection, probed with raw fetch: each fault kind, each way of selecting requests, and
 * changing the rules while running.
 */
import { parseList } from 'structured-headers';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator, FaultRule } from '../src/index.js';
import {
  BOARDS_QUERY,
  closeTestEmulators,
  createItem,
  DEMO_TOKEN,
  itemsNamed,
  postGraphQL,
  startTestEmulator,
} from './server-helpers.js';

afterEach(closeTestEmulators);

const query = (emu: Emulator) => postGraphQL(emu, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN });

/** Status of each of `count` sequential queries (0 when the connection failed). */
async function statuses(emu: Emulator, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++)
    out.push(
      await query(emu).then(
        (res) => res.status,
        () => 0,
      ),
    );
  return out;
}

describe('fault kinds', () => {
  it('latency delays the answer by at least the given time', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'latency', ms: 120 }] });
    const started = performance.now();
    expect((await query(emu)).status).toBe(200);
    // A lower bound, which a loaded machine cannot break (the answer cannot come before its delay); a few ms of slack
    // for timers that fire a little early.
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(emu.requests[0]?.fault).toBe('latency');
  });

  it('http-error answers 502 with an HTML body without executing', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'http-error' }] });
    const res = await createItem(emu, DEMO_TOKEN, 'Never made');
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<html>');
    expect(itemsNamed(emu, 'Never made')).toHaveLength(0);
  });

  it('http-error takes another status', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'http-error', status: 504 }] });
    expect((await query(emu)).status).toBe(504);
  });

  it('drop-before-execute closes the connection and runs nothing', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'drop-before-execute' }] });
    await expect(createItem(emu, DEMO_TOKEN, 'Dropped early')).rejects.toThrow();
    expect(itemsNamed(emu, 'Dropped early')).toHaveLength(0);
    expect(emu.stats.dropped).toBe(1);
    expect(emu.requests[0]).toMatchObject({ outcome: 'dropped', executed: false, fault: 'drop-before-execute' });
  });

  it('drop-after-execute commits the mutation and closes the connection unanswered', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'drop-after-execute' }] });
    await expect(createItem(emu, DEMO_TOKEN, 'Dropped late')).rejects.toThrow();
    expect(itemsNamed(emu, 'Dropped late')).toHaveLength(1);
    expect(emu.stats.executedMutations).toBe(1);
    expect(emu.requests[0]).toMatchObject({ outcome: 'dropped', executed: true, status: 0 });
  });

  it('reset-mid-body sends the headers and half the body, then resets', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'reset-mid-body' }] });
    const res = await query(emu);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(emu.requests[0]).toMatchObject({ outcome: 'reset', executed: true });
  });

  it('respond answers exactly what it is given', async () => {
    const emu = await startTestEmulator({
      faults: [
        {
          kind: 'respond',
          status: 429,
          headers: { 'retry-after': '3600' },
          body: '{"errors":[{"message":"slow down"}]}',
        },
      ],
    });
    const res = await query(emu);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(await res.json()).toEqual({ errors: [{ message: 'slow down' }] });
    expect(emu.stats.executedQueries).toBe(0);
  });

  it('respond with first: 1 gives one call the answer of a field the emulator does not model (see COVERAGE.md)', async () => {
    // The coverage table's advice for an answer only the platform can give (here a language model's text).
    const canned = { data: { run_prompt: { __typename: 'RunPromptResult' } }, extensions: { request_id: 'recorded' } };
    const emu = await startTestEmulator();
    emu.setFaults([{ first: 1, kind: 'respond', status: 200, body: JSON.stringify(canned) }]);
    const prompt = 'mutation Ask { run_prompt(prompt: "Summarise the board") { __typename } }';
    const res = await postGraphQL(emu, { query: prompt }, { authorization: DEMO_TOKEN });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(canned);
    expect(emu.stats.executedMutations).toBe(0);
    // The rule is spent: the next request runs on the emulator's data.
    const after = await query(emu);
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data?: { boards?: unknown[] } }).data?.boards?.length).toBeGreaterThan(0);
  });

  it('malformed-rate-limit-headers sends headers no structured-field parser accepts', async () => {
    const emu = await startTestEmulator({ faults: [{ kind: 'malformed-rate-limit-headers' }] });
    const res = await query(emu);
    expect(res.status).toBe(200);
    expect(() => parseList(res.headers.get('ratelimit')!)).toThrow();
    expect(() => parseList(res.headers.get('ratelimit-policy')!)).toThrow();
    expect(((await res.json()) as { account_id: number }).account_id).toBe(1001);
  });
});

describe('selecting requests', () => {
  const error = { kind: 'http-error', status: 503 } as const;

  it('nth, every and first pick requests by their position', async () => {
    const cases: [FaultRule, number[]][] = [
      [{ ...error, nth: [2, 4] }, [200, 503, 200, 503, 200]],
      [{ ...error, every: 2 }, [200, 503, 200, 503, 200]],
      [{ ...error, first: 2 }, [503, 503, 200, 200, 200]],
    ];
    const emu = await startTestEmulator();
    for (const [rule, expected] of cases) {
      emu.setFaults([rule]);
      expect(await statuses(emu, 5)).toEqual(expected);
    }
  });

  it('probability draws from a seeded generator, the same way every time', async () => {
    const emu = await startTestEmulator();
    emu.setFaults([{ ...error, probability: 0.5, seed: 42 }]);
    const first = await statuses(emu, 12);
    emu.setFaults([{ ...error, probability: 0.5, seed: 42 }]);
    expect(await statuses(emu, 12)).toEqual(first);
    expect(first).toContain(200);
    expect(first).toContain(503);
  });

  it('mutationsOnly leaves queries alone', async () => {
    const emu = await startTestEmulator({ faults: [{ ...error, mutationsOnly: true }] });
    expect((await query(emu)).status).toBe(200);
    expect((await createItem(emu, DEMO_TOKEN, 'Refused')).status).toBe(503);
  });

  it('matches by route', async () => {
    const emu = await startTestEmulator({ faults: [{ ...error, route: 'GET /v2/get_schema' }] });
    expect((await query(emu)).status).toBe(200);
    const schema = await fetch(`${emu.baseUrl}/v2/get_schema?format=sdl`);
    expect(schema.status).toBe(503);
    emu.setFaults([{ kind: 'drop-before-execute', route: 'GET /v2/get_schema', first: 1 }]);
    await expect(fetch(`${emu.baseUrl}/v2/get_schema`)).rejects.toThrow();
    expect((await fetch(`${emu.baseUrl}/v2/get_schema`)).status).toBe(200);
  });

  it('reset() keeps the rules but counts requests from one again', async () => {
    const emu = await startTestEmulator({ faults: [{ ...error, nth: [2] }] });
    expect(await statuses(emu, 2)).toEqual([200, 503]);
    emu.reset();
    expect(await statuses(emu, 3)).toEqual([200, 503, 200]);
    expect(emu.requests).toHaveLength(3);
  });

  it('setFaults([]) turns every fault off', async () => {
    const emu = await startTestEmulator({ faults: [error] });
    expect((await query(emu)).status).toBe(503);
    emu.setFaults([]);
    expect((await query(emu)).status).toBe(200);
  });
});
