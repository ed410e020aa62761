/**
 * Type-level tests, checked by `npm run typecheck` (part of `npm test`). Nothing here runs:
 * each `@ts-expect-error` fails the build if the line it guards ever compiles, and each
 * `expectType<Equal<…>>` fails it if a type drifts.
 */
import type { AddFileToColumnDocument, BoardsQuery, CreateItemDocument } from '../../generated/graphql.js';
import { type ApiResult, PlatformClient, type RateLimitState } from '../../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

declare const client: PlatformClient;
declare const createItemDocument: typeof CreateItemDocument;
declare const addFileDocument: typeof AddFileToColumnDocument;

export async function boardsResultIsTyped(): Promise<void> {
  const res = await client.boards({ limit: 5 });
  const slug = res.data.boards?.[0]?.owner.account.slug;
  // The leaf is a non-null string: only the optional chain through the nullable list adds undefined.
  expectType<Equal<typeof slug, string | undefined>>();
  type Slug = NonNullable<NonNullable<BoardsQuery['boards']>[number]>['owner']['account']['slug'];
  expectType<Equal<Slug, string>>();
  // boards is a nullable list of nullable boards, as the platform's schema has it.
  expectType<Equal<BoardsQuery['boards'], Array<{ id: string; name: string; owner: { account: { slug: string } } } | null> | null>>();
  expectType<Equal<typeof res, ApiResult<BoardsQuery>>>();
  expectType<Equal<typeof client.rateLimit, RateLimitState | undefined>>();
}

export async function createItemVariablesAreChecked(): Promise<void> {
  const made = await client.createItem({ board_id: '3001', item_name: 'Launch' }, { idempotencyKey: 'k-1' });
  // create_item returns a nullable Item.
  expectType<Equal<typeof made.data.create_item, { id: string; name: string } | null>>();

  // @ts-expect-error a wrong variable name is a compile error
  await client.createItem({ board: '3001', item_name: 'Launch' });
  // @ts-expect-error a wrong variable type is a compile error
  await client.createItem({ board_id: '3001', item_name: 42 });
  // @ts-expect-error a missing required variable is a compile error
  await client.createItem({ board_id: '3001' });
  // @ts-expect-error list variables take arrays
  await client.boards({ ids: '3001' });
  // @ts-expect-error an unknown call option is a compile error
  await client.createItem({ board_id: '1', item_name: 'x' }, { idempotency: 'k' });
}

export async function requestTakesTypedDocuments(): Promise<void> {
  const made = await client.request(createItemDocument, { board_id: 1, item_name: 'Launch' });
  expectType<Equal<typeof made.data.create_item, { id: string; name: string } | null>>();
  // @ts-expect-error variables of a typed document are checked
  await client.request(createItemDocument, { board_id: 1 });
  // @ts-expect-error a document with required variables needs them
  await client.request(createItemDocument);
  await client.request(addFileDocument, { item_id: 1, column_id: 'files', file: new Blob(['x']) });
  // @ts-expect-error a File variable takes a Blob, not a path
  await client.request(addFileDocument, { item_id: 1, column_id: 'files', file: './report.pdf' });

  // A plain string document is untyped: any variables, data as a record.
  const loose = await client.request('query { me { id } }');
  expectType<Equal<typeof loose.data, Record<string, unknown>>>();
}

export function optionsAreChecked(): void {
  // @ts-expect-error the token is required
  new PlatformClient({ baseUrl: 'http://127.0.0.1:4010' });
  // @ts-expect-error retry takes options or false, not true
  new PlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:4010', retry: true });
}
