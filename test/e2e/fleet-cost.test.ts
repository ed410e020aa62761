/**
 * Cost-aware throttling against the emulator's complexity budget. A document costing a third of the budget,
 * called in a loop by 3 processes sharing the account through a real redis-server, one attempt per call (so any
 * refusal would reach the caller): none does, and the emulator refuses nothing. Both shapes in which the
 * platform reports an exhausted budget are understood: `COMPLEXITY_BUDGET_EXHAUSTED` with `retry_in_seconds`,
 * and the older HTTP 200 `ComplexityException` with `status_code: 429` and the wait in its message.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from 'workspace-platform-emulator';
import { RateLimitError } from '../../src/index.js';
import type { WorkerConfig } from './fixtures/fleet-worker.js';
import { go, useFleetTestbed } from './fleet-harness.js';
import { clientFor, startTestEmulator } from './harness.js';

/** Asks for its own cost, so the first answer teaches it exactly. */
const DOCUMENT = '{ complexity { query } boards(limit: 5) { id name owner { account { slug } } } }';
const STYLES = ['graphql-error', 'complexity-exception'] as const;

const testbed = useFleetTestbed();

/** What the document costs, as the emulator charges it. */
async function costOfDocument(): Promise<number> {
  const emulator = await startTestEmulator();
  const { data } = await clientFor(emulator).request<{ complexity: { query: number } }>(DOCUMENT);
  return data.complexity.query;
}

describe('cost-aware throttling', () => {
  it.each(STYLES)(
    '3 processes loop a document costing a third of the budget: no budget error reaches them (%s)',
    async (style) => {
      const cost = await costOfDocument();
      const emulator = await startTestEmulator({
        limits: { complexity: { quota: 3 * cost, windowSeconds: 2 } },
        complexityErrorStyle: style,
      });
      const config: WorkerConfig = {
        baseUrl: emulator.baseUrl,
        token: DEMO_TOKEN,
        redisUrl: testbed.redis().url,
        library: 'redis',
        calls: 4,
        parallel: 1,
        document: DOCUMENT,
        retry: false,
      };
      const fleet = await testbed.startFleet([config, config, config]);
      go(fleet);
      const results = await Promise.all(fleet.map((worker) => worker.finished));
      console.log(
        `cost (${style}): 12 calls at ${cost} of a ${3 * cost} budget; ${emulator.stats.rejected429} refused`,
      );
      for (const result of results) {
        expect(result.code).toBe(0);
        expect(result.report?.failures).toEqual([]);
        expect(result.report?.ok).toBe(config.calls);
      }
      expect(emulator.stats.rejected429).toBe(0);
      expect(emulator.stats.executedQueries).toBe(12);
    },
    60_000,
  );

  it.each(STYLES)(
    'an exhausted budget in the %s shape is a RateLimitError with the wait, retried after it',
    async (style) => {
      const cost = await costOfDocument();
      const emulator = await startTestEmulator({
        limits: { complexity: { quota: cost, windowSeconds: 2 } },
        complexityErrorStyle: style,
      });
      const once = clientFor(emulator, { throttle: false, retry: false });
      await once.request(DOCUMENT);
      const error = await once.request(DOCUMENT).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).status).toBe(200);
      expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect((error as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(2);
      // With retries (and no throttle to hold it), the wait the error names is honoured and the call succeeds.
      const retrying = clientFor(emulator, { throttle: false });
      await expect(retrying.request(DOCUMENT)).resolves.toMatchObject({ status: 200 });
    },
    30_000,
  );
});
