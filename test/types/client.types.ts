/**
 * Type-level tests, checked by `npm run typecheck` (part of `npm test`). Nothing here runs:
 * each `@ts-expect-error` fails the build if the line it guards ever compiles, and each
 * `expectType<Equal<…>>` fails it if a type drifts.
 */
import type {
  AddFileToColumnDocument,
  BoardItemsDocument,
  BoardItemsQuery,
  BoardsQuery,
  CreateItemDocument,
} from '../../generated/graphql.js';
import {
  type ApiResult,
  type ColumnValueError,
  type DailyLimitError,
  GraphQLResponseError,
  type HttpError,
  isApiVersion,
  type NetworkError,
  type NotFoundError,
  type OAuthError,
  type OAuthStateMismatchError,
  PlatformClient,
  type RateLimitError,
  type RateLimitPolicy,
  type RateLimitState,
  type RedirectError,
  type ThrottleQueueTimeoutError,
  type UnsupportedApiVersionError,
} from '../../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

declare const client: PlatformClient;
declare const createItemDocument: typeof CreateItemDocument;
declare const addFileDocument: typeof AddFileToColumnDocument;
declare const boardItemsDocument: typeof BoardItemsDocument;
declare const state: RateLimitState;

export async function boardsResultIsTyped(): Promise<void> {
  const res = await client.boards({ limit: 5 });
  const slug = res.data.boards?.[0]?.owner.account.slug;
  // The leaf is a non-null string: only the optional chain through the nullable list adds undefined.
  expectType<Equal<typeof slug, string | undefined>>();
  type Slug = NonNullable<NonNullable<BoardsQuery['boards']>[number]>['owner']['account']['slug'];
  expectType<Equal<Slug, string>>();
  // boards is a nullable list of nullable boards, as the platform's schema has it.
  expectType<
    Equal<
      BoardsQuery['boards'],
      Array<{ id: string; name: string; owner: { account: { slug: string } } } | null> | null
    >
  >();
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

export function knownRateLimitPoliciesAreNamedAndOptional(): void {
  // The platform's three policies are named keys (autocomplete) and may be missing from a response.
  expectType<Equal<typeof state.policies.minuteRate, RateLimitPolicy | undefined>>();
  expectType<Equal<typeof state.policies.concurrency, RateLimitPolicy | undefined>>();
  expectType<Equal<typeof state.policies.complexityMinute, RateLimitPolicy | undefined>>();
  // @ts-expect-error a policy can be missing: reading it needs `?.`
  void state.policies.minuteRate.remaining;
  // @ts-expect-error so does a misspelt name, which is no known key
  void state.policies.minuteRat.remaining;
  // Other policies a server declares are still there, by name.
  expectType<Equal<(typeof state.policies)['dailyRate'], RateLimitPolicy | undefined>>();
  const left: number | undefined = state.policies.minuteRate?.remaining;
  void left;
}

export function graphQLErrorDataIsTypedByTheDocument(error: unknown): void {
  // Untyped where nothing says what the call was.
  expectType<Equal<GraphQLResponseError['data'], unknown>>();
  if (error instanceof GraphQLResponseError) {
    // Typed from the document the failed call ran.
    const partial = error.dataOf(boardItemsDocument);
    expectType<Equal<typeof partial, BoardItemsQuery | undefined>>();
    void partial?.boards?.[0]?.items_page.cursor;
  }
  const typed = new GraphQLResponseError<BoardsQuery>('failed', { errors: [], data: { boards: null } });
  expectType<Equal<typeof typed.data, BoardsQuery | undefined>>();
  // @ts-expect-error partial data must have the document's shape
  new GraphQLResponseError<BoardsQuery>('failed', { errors: [], data: { board: [] } });
}

export function errorClassesHaveLiteralNames(): void {
  expectType<Equal<NetworkError['name'], 'NetworkError'>>();
  expectType<Equal<HttpError['name'], 'HttpError' | 'RedirectError' | 'ResponseTooLargeError'>>();
  expectType<Equal<RedirectError['name'], 'RedirectError'>>();
  expectType<Equal<RateLimitError['name'], 'RateLimitError' | 'DailyLimitError'>>();
  expectType<Equal<DailyLimitError['name'], 'DailyLimitError'>>();
  expectType<Equal<ThrottleQueueTimeoutError['name'], 'ThrottleQueueTimeoutError'>>();
  expectType<Equal<UnsupportedApiVersionError['name'], 'UnsupportedApiVersionError'>>();
  expectType<
    Equal<
      GraphQLResponseError['name'],
      'GraphQLResponseError' | 'NotFoundError' | 'PermissionDeniedError' | 'InvalidArgumentError' | 'ColumnValueError'
    >
  >();
  expectType<Equal<NotFoundError['name'], 'NotFoundError'>>();
  expectType<Equal<ColumnValueError['name'], 'ColumnValueError'>>();
  expectType<Equal<OAuthStateMismatchError['name'], 'OAuthStateMismatchError'>>();
  expectType<Equal<OAuthError['name'], 'OAuthError' | 'OAuthStateMismatchError' | 'OAuthConfigError'>>();
}

export function apiVersionIsAQuarterMonth(fromEnvironment: string): void {
  new PlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:4010', apiVersion: '2026-10' });
  new PlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:4010', apiVersion: '2027-01' });
  // @ts-expect-error a month that names no version (versions are quarterly) does not compile
  new PlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:4010', apiVersion: '2026-11' });
  // @ts-expect-error nor does a name that is no version
  new PlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:4010', apiVersion: 'latest' });
  // A version read at run time passes isApiVersion first.
  if (isApiVersion(fromEnvironment))
    new PlatformClient({ token: 't', baseUrl: 'http://127.0.0.1:4010', apiVersion: fromEnvironment });
}
