/**
 * The documented costs and budgets that bound bulk work, over a real socket: each top-level mutation costs 10,000
 * ("Each create_item mutation uses 10,000 complexity points",
 * https://developer.monday.com/apps/docs/development-best-practices), a personal token's reads and writes share
 * 10,000,000 a minute, and no single request may cost over 5,000,000
 * (https://developer.monday.com/api-reference/docs/rate-limits), refused as
 * https://developer.monday.com/api-reference/changelog/updated-complexity-error-format shows.
 *
 * The two pages disagree about the naive loop: at 10,000 a call a 10M budget lets about 1,000 `create_item` calls a
 * minute through, where the best-practices page says "~160 items per minute" (a figure that fits a budget of about
 * 1.6M). The emulator follows the rate-limits page's numbers; the test pins what they give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../src/testing/index.js';

async function post(emulator: TestEmulator, query: string) {
  const response = await fetch(`${emulator.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: emulator.token, 'content-type': 'application/json', 'api-version': '2026-10' },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    rateLimit: response.headers.get('ratelimit') ?? '',
    body: (await response.json()) as {
      data?: unknown;
      errors?: { message: string; extensions: Record<string, unknown> }[];
    },
  };
}

const remaining = (header: string) => Number(/"?complexityMinute"?;r=(\d+)/.exec(header)?.[1]);

describe('complexity budget and costs', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await createTestEmulator({ startTime: Date.UTC(2026, 10, 25, 9) });
  });
  afterAll(() => emulator.close());

  it('lets a naive create_item loop make 989 items a minute under the 10M budget, then refuses until the window resets', async () => {
    expect(emulator.limits.complexity).toEqual({ quota: 10_000_000, windowSeconds: 60 });
    let made = 0;
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    while (!refused && made < 2_000) {
      const answer = await post(emulator, `mutation { create_item(board_id: 3001, item_name: "Item ${made}") { id } }`);
      if (answer.status === 429) refused = answer;
      else made += 1;
    }
    // 10,000 for the mutation, 100 for the item it answers and 10 for its `id`: 10,110 a call, 989 in 10,000,000.
    expect(made).toBe(989);
    expect(refused?.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', limit: 'complexity' });
    await emulator.clock.advance('60s');
    expect((await post(emulator, 'mutation { create_item(board_id: 3001, item_name: "Next") { id } }')).status).toBe(
      200,
    );
  });

  it('refuses a request costlier than 5M unexecuted and uncharged, naming the cost and the cap', async () => {
    emulator.reset();
    // 495 x 10,110 = 5,004,450: just over the cap; 494 of them, 4,994,340, just under.
    const aliases = Array.from(
      { length: 495 },
      (_, index) => `a${index}: create_item(board_id: 3001, item_name: "x") { id }`,
    );
    const items = emulator.store.items.all().length;
    const answer = await post(emulator, `mutation { ${aliases.join(' ')} }`);
    expect(answer.status).toBe(200);
    expect(answer.body.errors?.[0]).toMatchObject({
      message: 'Max allowed complexity per request exceeded',
      extensions: { code: 'REQUEST_MAX_COMPLEXITY_EXCEEDED', cost: 5_004_450, max_complexity_per_request: 5_000_000 },
    });
    expect(answer.body.data).toBeUndefined();
    expect(emulator.store.items.all().length).toBe(items);
    expect(remaining(answer.rateLimit)).toBe(10_000_000);

    const fits = await post(emulator, `mutation { ${aliases.slice(0, 494).join(' ')} }`);
    expect(fits.status).toBe(200);
    expect(remaining(fits.rateLimit)).toBe(10_000_000 - 494 * 10_110);
  });
});
