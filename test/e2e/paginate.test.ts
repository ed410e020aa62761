/**
 * paginate against the emulator over a real socket, with the example app's generated document:
 * 1,200 matching items in pages of 500 with a filter and an order; an early exit sends one request; `max`
 * stops the requests; `signal` stops it; an expired cursor is a CursorExpiredError.
 */

import { parse } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from 'workspace-platform-emulator';
import { FilteredBoardItemsDocument, type ItemsQuery } from '../../examples/app/src/platform.generated.js';
import {
  API_VERSION,
  BoardItemsDocument,
  CursorExpiredError,
  NetworkError,
  PlatformConfigError,
  paginate,
} from '../../src/index.js';
import { clientFor, closeEmulators, graphqlRequests, ROADMAP_BOARD_ID, startTestEmulator } from './harness.js';

afterEach(closeEmulators);

/** Adds `count` items named `Load n` to the roadmap board: odd ones Done (label 1), estimate n. */
function addItems(emulator: Emulator, count: number): void {
  const board = emulator.store.boards.find(ROADMAP_BOARD_ID);
  if (!board) throw new Error('the seed has no roadmap board');
  for (let n = 0; n < count; n += 1) {
    emulator.store.items.create({
      board,
      groupId: 'topics',
      name: `Load ${n}`,
      creatorId: '1',
      columnValues: { status: { index: n % 2 }, numbers: n },
      createLabelsIfMissing: false,
    });
  }
}

const DONE_BY_ESTIMATE: ItemsQuery = {
  rules: [
    { column_id: 'name', operator: 'starts_with', compare_value: 'Load ' },
    { column_id: 'status', operator: 'any_of', compare_value: [1] },
  ],
  order_by: [{ column_id: 'numbers', direction: 'desc' }],
};

const estimateOf = (item: { column_values: { id: string; text: string | null }[] }) =>
  Number(item.column_values.find((value) => value.id === 'numbers')?.text);

describe('paginate', () => {
  it('pages 1,200 filtered, ordered items in pages of 500, each page an ApiResult', async () => {
    const emulator = await startTestEmulator();
    addItems(emulator, 2_400);
    const bodies: { variables: Record<string, unknown> }[] = [];
    const client = clientFor(emulator, {
      fetch: (input, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return fetch(input, init);
      },
    });
    const variables = { board: ROADMAP_BOARD_ID, limit: 500, query_params: DONE_BY_ESTIMATE };
    const sizes: number[] = [];
    const estimates: number[] = [];
    for await (const page of paginate(client, FilteredBoardItemsDocument, variables).pages()) {
      sizes.push(page.items.length);
      estimates.push(...page.items.map(estimateOf));
      expect(page.status).toBe(200);
      expect(page.apiVersion).toBe(API_VERSION); // the version the example app's documents were generated for
      expect(page.rateLimit.policies.minuteRate?.remaining).toBeTypeOf('number');
    }
    expect(sizes).toEqual([500, 500, 200]);
    expect(estimates).toEqual(Array.from({ length: 1_200 }, (_, i) => 2_399 - 2 * i));
    expect(graphqlRequests(emulator)).toHaveLength(3);
    // The first page sends the query; the next ones only the cursor, which remembers it.
    expect(bodies.map((body) => [body.variables.query_params !== null, typeof body.variables.cursor])).toEqual([
      [true, 'undefined'],
      [false, 'string'],
      [false, 'string'],
    ]);
  });

  it('sends exactly one request when the loop breaks on the first page', async () => {
    const emulator = await startTestEmulator();
    addItems(emulator, 1_200);
    const client = clientFor(emulator);
    let seen = 0;
    for await (const _item of paginate(client, FilteredBoardItemsDocument, {
      board: ROADMAP_BOARD_ID,
      limit: 500,
      query_params: DONE_BY_ESTIMATE,
    })) {
      seen += 1;
      if (seen === 500) break;
    }
    // Nothing in flight after the break, so nothing more can reach the emulator: one request recorded.
    expect(client.throttleState?.inFlight).toBe(0);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  });

  it("pages a group's items_page given as a plain string document", async () => {
    const emulator = await startTestEmulator();
    addItems(emulator, 700);
    const query = `query GroupItems($board: ID!, $cursor: String) {
      boards(ids: [$board]) { groups(ids: ["topics"]) { items_page(limit: 300, cursor: $cursor) { cursor items { id name } } } }
    }`;
    const names: string[] = [];
    for await (const item of paginate(clientFor(emulator), query, { board: ROADMAP_BOARD_ID }))
      names.push((item as { name: string }).name);
    const inGroup = emulator.store.items.active(ROADMAP_BOARD_ID, 'topics').map((item) => item.name);
    expect(names).toEqual(inGroup);
    expect(names.length).toBeGreaterThan(700);
    expect(graphqlRequests(emulator)).toHaveLength(Math.ceil(inGroup.length / 300));
  });

  it('stops at max items without asking for another page', async () => {
    const emulator = await startTestEmulator();
    addItems(emulator, 1_200);
    const items = [];
    for await (const item of paginate(
      clientFor(emulator),
      BoardItemsDocument,
      { ids: [ROADMAP_BOARD_ID], limit: 500 },
      { max: 700 },
    )) {
      items.push(item);
    }
    expect(items).toHaveLength(700);
    expect(graphqlRequests(emulator)).toHaveLength(2);
  });

  it('stops with an aborted NetworkError when the signal aborts between pages', async () => {
    const emulator = await startTestEmulator();
    addItems(emulator, 1_200);
    const controller = new AbortController();
    const pages = paginate(
      clientFor(emulator),
      BoardItemsDocument,
      { ids: [ROADMAP_BOARD_ID], limit: 500 },
      { signal: controller.signal },
    ).pages();
    expect((await pages.next()).value?.items).toHaveLength(500);
    controller.abort();
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).aborted).toBe(true);
    expect(graphqlRequests(emulator)).toHaveLength(1);
  });

  it('retries a failed page like any call and goes through the throttle', async () => {
    const emulator = await startTestEmulator({
      faults: [{ route: 'POST /v2', nth: [2], kind: 'http-error', status: 503 }],
      limits: { concurrency: { quota: 1 } },
    });
    addItems(emulator, 1_200);
    const retries: string[] = [];
    const client = clientFor(emulator, {
      retry: { baseDelayMs: 10 },
      hooks: { onRetry: (event) => retries.push(event.reason) },
    });
    let count = 0;
    for await (const _item of paginate(client, BoardItemsDocument, { ids: [ROADMAP_BOARD_ID], limit: 500 })) count += 1;
    expect(count).toBe(emulator.store.items.active(ROADMAP_BOARD_ID).length);
    expect(retries).toEqual(['server-error']);
    expect(graphqlRequests(emulator).map((record) => record.status)).toEqual([200, 503, 200, 200]);
    expect(emulator.stats.maxConcurrent).toBe(1);
  });

  it('turns an expired cursor into a CursorExpiredError', async () => {
    let offset = 0; // the emulator's clock, moved by the test instead of waiting
    const emulator = await startTestEmulator({ cursorTtlMs: 50, now: () => Date.now() + offset });
    addItems(emulator, 1_200);
    const pages = paginate(clientFor(emulator), FilteredBoardItemsDocument, {
      board: ROADMAP_BOARD_ID,
      limit: 500,
      query_params: DONE_BY_ESTIMATE,
    }).pages();
    expect((await pages.next()).value?.items).toHaveLength(500);
    offset += 120; // past the cursor's 50 ms lifetime
    const error = await pages.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect((error as CursorExpiredError).message).toMatch(/cursor has expired.*start the listing again/i);
    expect((error as CursorExpiredError).errors[0]?.extensions?.code).toBe('CURSOR_EXPIRED');
    expect(graphqlRequests(emulator)).toHaveLength(2); // not retried
  });
});

/** A filtered items_page whose filter variable is `$${'{name}'}` and whose cursor variable is `$${'{cursor}'}`. */
const filteredBy = (
  name: string,
  cursor = 'cursor',
) => `query Filtered($board: ID!, $${cursor}: String, $${name}: ItemsQuery) {
  boards(ids: [$board]) { items_page(limit: 500, cursor: $${cursor}, query_params: $${name}) { cursor items { id column_values(ids: ["numbers"]) { id text } } } }
}`;

describe('paginate finds the filter variable in the document itself', () => {
  // The API refuses a cursor beside `query_params` (the cursor carries the query): pages after the first must clear
  // whatever variable the document binds to `query_params`, whatever its name; a one-page board never shows it.
  const namings: [string, unknown][] = [
    ['a string naming it $filter', filteredBy('filter')],
    ['a string naming it $query', filteredBy('query')],
    ['a string naming it $query and its cursor $after', filteredBy('query', 'after')],
    ["another generator's AST naming it $filter", parse(filteredBy('filter'))],
  ];
  it.each(namings)('pages %s past the first page', async (_name, document) => {
    const emulator = await startTestEmulator();
    addItems(emulator, 2_400);
    const variableName = String(
      /query_params: \$(\w+)/.exec(typeof document === 'string' ? document : filteredBy('filter'))?.[1],
    );
    const estimates: number[] = [];
    for await (const item of paginate(clientFor(emulator), document as string, {
      board: ROADMAP_BOARD_ID,
      [variableName]: DONE_BY_ESTIMATE,
    })) {
      estimates.push(estimateOf(item as { column_values: { id: string; text: string | null }[] }));
    }
    expect(estimates).toEqual(Array.from({ length: 1_200 }, (_, i) => 2_399 - 2 * i));
    expect(graphqlRequests(emulator).map((record) => record.status)).toEqual([200, 200, 200]);
  });

  it('refuses at the start, unsent, a filter written inline, which no later page could clear', async () => {
    const emulator = await startTestEmulator();
    const inline = `query ($board: ID!, $cursor: String, $rules: [ItemsQueryRule!]) {
      boards(ids: [$board]) { items_page(limit: 500, cursor: $cursor, query_params: { rules: $rules }) { cursor items { id } } }
    }`;
    expect(() => paginate(clientFor(emulator), inline, { board: ROADMAP_BOARD_ID })).toThrow(PlatformConfigError);
    expect(() => paginate(clientFor(emulator), inline, { board: ROADMAP_BOARD_ID })).toThrow(/query_params.*variable/);
    expect(graphqlRequests(emulator)).toHaveLength(0);
  });
});
