/**
 * {@link PlatformClient}: the typed client of the Workspace Platform GraphQL API. It owns the validated
 * options, the private token, the throttle and the latest rate-limit state; the request pipeline,
 * retry policy, errors and parsing live in small modules beside it.
 *
 * What is a method and what is a free function, one rule: a method sends one GraphQL operation
 * (`request`, and the built-ins `boards` and `createItem`, shorthands for `request` with a built-in
 * document) or reads the client's own state (`rateLimit`, `throttleState`, `apiVersion`). Everything
 * else takes the client as its first argument: another endpoint (`getSchema`), a walk of many calls
 * (`paginate`, the bulk functions), a check built on calls (`apiVersionStatus`, `dailyLimitStatus`). A free
 * function costs an app's bundle nothing until the app imports it (./calls/, ../bulk/).
 */
import {
  BoardsDocument,
  type BoardsQuery,
  type BoardsQueryVariables,
  CreateItemDocument,
  type CreateItemMutation,
  type CreateItemMutationVariables,
} from '../../generated/graphql.js';
import { resolveCallOptions } from './call-options.js';
import { registerContext } from './client-context.js';
import type { PipelineContext } from './context.js';
import { createRedactor } from './errors/redact.js';
import { callHook } from './hooks.js';
import { type ResolvedClientOptions, resolveClientOptions } from './options.js';
import { DeadlineWatchdog } from './request/attempt-deadline.js';
import { executeOperation } from './request/pipeline.js';
import { requestHeaders } from './request/request-headers.js';
import type { StoreThrottleFactory } from './throttle/fleet-throttle.js';
import { createThrottle, type Throttle } from './throttle/throttle.js';
import { STORE_THROTTLE } from './throttle/throttle-store.js';
import type {
  ApiResult,
  CallOptions,
  DocumentInput,
  PlatformClientOptions,
  RateLimitState,
  ThrottleEvent,
  ThrottleOptions,
  ThrottleState,
} from './types.js';

/**
 * The arguments after the document: variables are required when the operation has required
 * variables, optional otherwise.
 */
export type RequestArgs<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: TVariables, options?: CallOptions]
    : [variables: TVariables, options?: CallOptions];

/**
 * Typed client of the Workspace Platform GraphQL API.
 *
 * Every call resolves to an {@link ApiResult} (data, rate-limit state, replay flag, status, headers)
 * or rejects with a {@link PlatformError} subclass. Mutations always carry an Idempotency-Key, so
 * retries (network errors, timeouts, 5xx, 429, 409) can never run them twice.
 *
 * Its methods send one GraphQL operation each; what does more than that (`paginate`, `getSchema`,
 * `apiVersionStatus`, `dailyLimitStatus`) is a function that takes the client, so an app's bundle holds only
 * what it imports.
 *
 * @example
 * ```ts
 * const client = new PlatformClient({ token, baseUrl: 'https://api.example.com' });
 * const { data, rateLimit } = await client.boards({ limit: 5 });
 * ```
 */
export class PlatformClient {
  readonly #options: ResolvedClientOptions;
  readonly #context: PipelineContext;
  #rateLimit: RateLimitState | undefined;

  /** Validates `options`; throws {@link PlatformConfigError} saying what to fix. */
  constructor(options: PlatformClientOptions) {
    const { token, resolved } = resolveClientOptions(options);
    this.#options = resolved;
    const onThrottle = resolved.hooks.onThrottle;
    const authorization = `Bearer ${token}`;
    this.#context = {
      options: resolved,
      authorization,
      headers: requestHeaders(resolved, authorization),
      defaultCall: resolveCallOptions(undefined, resolved),
      redact: createRedactor(token),
      deadlines: new DeadlineWatchdog(),
      throttle: buildThrottle(resolved, token, onThrottle ? (event) => callHook(onThrottle, event) : undefined),
      onRateLimit: (state) => {
        this.#rateLimit = state;
      },
    };
    registerContext(this, this.#context);
  }

  /**
   * The client's own throttle line, for a batch job's progress: calls queued, requests in flight, what holds the
   * line and until when, per policy. Undefined with `throttle: false` (nothing is ever held) and with a
   * `throttle.store` (the line is shared in the store).
   */
  get throttleState(): ThrottleState | undefined {
    return this.#context.throttle.state?.();
  }

  /** Rate-limit state of the latest API response (success or error); undefined before the first. */
  get rateLimit(): RateLimitState | undefined {
    return this.#rateLimit;
  }

  /** The `API-Version` this client sends. */
  get apiVersion(): string {
    return this.#options.apiVersion;
  }

  /** The base URL this client talks to (without a trailing slash). */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /**
   * Runs any GraphQL operation: a string, a codegen `TypedDocumentString`, or a `TypedDocumentNode`.
   * Typed documents type `variables` and `data`. Pass `operationName` to choose in a document
   * holding several operations.
   */
  request<TResult = Record<string, unknown>, TVariables = Record<string, unknown>>(
    document: DocumentInput<TResult, TVariables>,
    ...args: RequestArgs<TVariables>
  ): Promise<ApiResult<TResult>> {
    return executeOperation<TResult>(this.#context, document, ...(args as [unknown, unknown]));
  }

  /** Lists boards (the built-in `Boards` query): by `ids`, or the first `limit`. */
  boards(variables?: BoardsQueryVariables, options?: CallOptions): Promise<ApiResult<BoardsQuery>> {
    return executeOperation<BoardsQuery>(this.#context, BoardsDocument, variables ?? {}, options);
  }

  /**
   * Creates an item on a board (the built-in `CreateItem` mutation). Sent with an Idempotency-Key
   * (yours, or a generated UUID v4) that stays the same on every retry.
   */
  createItem(variables: CreateItemMutationVariables, options?: CallOptions): Promise<ApiResult<CreateItemMutation>> {
    return executeOperation<CreateItemMutation>(this.#context, CreateItemDocument, variables, options);
  }

  /** A token-free description for logs. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#options.baseUrl, apiVersion: this.#options.apiVersion };
  }
}

/**
 * The client's throttle: local, or the one its `throttle.store` makes (keyed by the base URL and a hash of the
 * token: see `defineThrottleStore`). A hold longer than `retry.maxDelayMs` lets one probe request through after
 * that long.
 */
function buildThrottle(
  resolved: ResolvedClientOptions,
  token: string,
  onThrottle: ((event: ThrottleEvent) => void) | undefined,
): Throttle {
  const probeAfterMs = Math.max(1, resolved.retry.maxDelayMs);
  const throttle = resolved.throttle;
  const store = throttle ? (throttle.store as { [STORE_THROTTLE]?: StoreThrottleFactory } | undefined) : undefined;
  return store?.[STORE_THROTTLE]
    ? store[STORE_THROTTLE]({
        throttle: throttle as ThrottleOptions,
        token,
        baseUrl: resolved.baseUrl,
        probeAfterMs,
        onThrottle,
      })
    : createThrottle(throttle, onThrottle, probeAfterMs);
}
