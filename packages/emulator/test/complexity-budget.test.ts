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

async function post(emulator: TestEmulator, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${emulator.baseUrl}/v2`, {
    method: 'POST',
    headers: { authorization: emulator.token, 'content-type': 'application/json', 'api-version': '2026-10' },
    body: JSON.stringify({ query, variables }),
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

  // A subtree @include(if: false) or @skip(if: true) switches off is never run nor answered: it costs nothing, as
  // common GraphQL cost analyses (graphql-query-complexity) leave it out, and as the platform settles a query's
  // charge on what it really cost (https://developer.monday.com/api-reference/changelog/improved-api-complexity-calculation).
  describe('a subtree switched off by @include or @skip', () => {
    // 500 boards x 500 items x their column values: about 250M points, far over the 5M cap of one request.
    const HEAVY = 'boards(limit: 500) { items_page(limit: 500) { items { id column_values { id text } } } }';
    const costOf = async (query: string, variables?: Record<string, unknown>) => {
      const answer = await post(emulator, query, variables);
      expect(answer.body.errors).toBeUndefined();
      return (answer.body.data as { complexity: { query: number } }).complexity.query;
    };

    it('costs nothing, by a literal or a variable, on a field, an inline fragment or a fragment spread', async () => {
      emulator.reset();
      const bare = await costOf('query { complexity { query } }');
      const heavy = await post(emulator, `query { complexity { query } ${HEAVY} }`);
      expect(heavy.body.errors?.[0]?.extensions).toMatchObject({ code: 'REQUEST_MAX_COMPLEXITY_EXCEEDED' });
      expect(
        await costOf(
          `query { complexity { query } ${HEAVY.replace('boards(limit: 500)', 'boards(limit: 500) @include(if: false)')} }`,
        ),
      ).toBe(bare);
      expect(
        await costOf(
          `query { complexity { query } ${HEAVY.replace('boards(limit: 500)', 'boards(limit: 500) @skip(if: true)')} }`,
        ),
      ).toBe(bare);
      expect(
        await costOf(`query ($on: Boolean!) { complexity { query } ... @include(if: $on) { ${HEAVY} } }`, {
          on: false,
        }),
      ).toBe(bare);
      expect(
        await costOf(
          `query ($off: Boolean!) { complexity { query } ...Heavy @skip(if: $off) } fragment Heavy on Query { ${HEAVY} }`,
          {
            off: true,
          },
        ),
      ).toBe(bare);
    });

    it('is charged when the directive keeps it', async () => {
      emulator.reset();
      const light = 'boards(limit: 2) { id }';
      const plain = await costOf(`query { complexity { query } ${light} }`);
      expect(plain).toBeGreaterThan(await costOf('query { complexity { query } }'));
      expect(
        await costOf(`query ($on: Boolean!) { complexity { query } boards(limit: 2) @include(if: $on) { id } }`, {
          on: true,
        }),
      ).toBe(plain);
      expect(await costOf(`query { complexity { query } boards(limit: 2) @skip(if: false) { id } }`)).toBe(plain);
    });
  });

  // The items_page reference gives a default of 25 and a maximum of 500 for `limit`, and nothing below 1
  // (https://developer.monday.com/api-reference/reference/items-page): what the platform answers for
  // `items_page(limit: 0)` is unknown. The emulator refuses it (src/engine/page-limits.ts) and, until then, costs it
  // as an empty page: the page object alone, nothing for the items it would hold.
  it('costs items_page(limit: 0) as an empty page, and refuses it as INVALID_ARGUMENT', async () => {
    emulator.reset();
    const answer = await post(emulator, 'query { boards(ids: [3001]) { items_page(limit: 0) { items { id name } } } }');
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_ARGUMENT' });
    const spent = (query: string) => post(emulator, query).then((reply) => remaining(reply.rateLimit));
    emulator.reset();
    const withEmpty =
      10_000_000 - (await spent('query { boards(ids: [3001]) { items_page(limit: 0) { items { id } } } }'));
    emulator.reset();
    const withoutItems =
      10_000_000 - (await spent('query { boards(ids: [3001]) { items_page(limit: 0) { cursor } } }'));
    expect(withEmpty).toBe(withoutItems);
  });
});
