/**
 * 1,000 concurrent requests, queries and keyed mutations mixed, over real sockets: every one answered
 * 200 without a GraphQL error, and every mutation executed exactly once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { BOARDS_QUERY, createItem, DEMO_TOKEN, itemsNamed, postGraphQL, startTestEmulator } from './server-helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({
    limits: {
      minuteRate: { quota: 100_000 },
      concurrency: { quota: 100_000 },
      complexity: { quota: 1_000_000_000 },
    },
  });
});
afterAll(() => emulator.close());

it('serves 1,000 concurrent requests without an error', async () => {
  const requests = Array.from({ length: 1000 }, (_, i) =>
    i % 4 === 0
      ? createItem(emulator, DEMO_TOKEN, 'Load test item', `load-${i}`)
      : postGraphQL(emulator, { query: BOARDS_QUERY }, { authorization: DEMO_TOKEN }),
  );
  const answers = await Promise.all(requests);
  const bodies = (await Promise.all(answers.map((res) => res.json()))) as { errors?: unknown; account_id?: number }[];
  expect(answers.filter((res) => res.status !== 200)).toHaveLength(0);
  expect(bodies.filter((body) => body.errors !== undefined || body.account_id !== 1001)).toHaveLength(0);
  expect(itemsNamed(emulator, 'Load test item')).toHaveLength(250);
  expect(emulator.stats).toMatchObject({
    received: 1000,
    answered: 1000,
    executedMutations: 250,
    executedQueries: 750,
    dropped: 0,
  });
});
