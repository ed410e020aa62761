/**
 * Public types of the client: options, results, rate-limit state and hooks.
 * Behaviour lives beside this file; this one only names the shapes.
 */

import type { ApiVersionName } from '../api-version-format.js';
import type { DocumentTypeDecoration, TypedDocumentAst } from './documents/typed-document.js';
import type { ThrottleStore } from './throttle/throttle-store.js';

/**
 * A GraphQL document: a string, a codegen `TypedDocumentString` (a `String` subclass), or a
 * `TypedDocumentNode` / `DocumentNode` AST. Typed documents type the result and variables.
 */
export type DocumentInput<TResult = Record<string, unknown>, TVariables = Record<string, unknown>> =
  | string
  | TypedDocumentAst<TResult, TVariables>
  | (DocumentTypeDecoration<TResult, TVariables> & string)
  // biome-ignore lint/complexity/noBannedTypes: codegen's TypedDocumentString is a String subclass.
  | (DocumentTypeDecoration<TResult, TVariables> & String);

/** One rate-limit policy, joined by name from the `RateLimit-Policy` and `RateLimit` headers. */
export interface RateLimitPolicy {
  /** Policy name, e.g. `minuteRate`, `concurrency`, `complexityMinute`. */
  name: string;
  /** `q`: the quota of the policy. */
  quota?: number;
  /** `w`: the window in seconds. */
  window?: number;
  /** `qu`: the quota unit, e.g. `requests`, `concurrent-requests`, `content-bytes`. */
  unit?: string;
  /** `r`: what is left of the quota. */
  remaining?: number;
  /** `t`: seconds until the quota resets. */
  resetSeconds?: number;
}

/**
 * The policies of one response, by name. The platform's three are named, so they autocomplete and a
 * strict build asks for `?.` (any of them can be missing from a response); a policy the server adds
 * later is still there, by its name: `policies['newPolicy']`.
 */
export interface RateLimitPolicies {
  /** Requests per window (`minuteRate`, 60 s on the platform). */
  minuteRate?: RateLimitPolicy;
  /** Requests in flight at once (`concurrency`). */
  concurrency?: RateLimitPolicy;
  /** The complexity budget per window (`complexityMinute`). */
  complexityMinute?: RateLimitPolicy;
  /**
   * The daily call quota (`daily`), when the server reports it in its headers. The platform resets it at midnight
   * UTC; an exhausted one makes calls fail with `DailyLimitError`.
   */
  daily?: RateLimitPolicy;
  /** Any other policy the server declares. */
  [name: string]: RateLimitPolicy | undefined;
}

/** Rate-limit state parsed from one response. A missing or malformed header leaves its part empty. */
export interface RateLimitState {
  /** Policies by name. */
  policies: RateLimitPolicies;
}

/** What every successful call resolves to. */
export interface ApiResult<T> {
  /** The operation's typed result. */
  data: T;
  /**
   * The `API-Version` the call was sent with: the version a generated document carries, else the client's
   * `apiVersion`. The built-in calls (`client.boards()`, ...) and generated documents carry their own version, so
   * for them this is that version, not the client's `apiVersion` option.
   */
  apiVersion: string;
  /**
   * The API version that answered, as the server says in its `API-Version` response header. It differs from
   * {@link ApiResult.apiVersion} when the server routed the call: a deprecated version is answered by its announced
   * successor, an unknown one by the current version (a warning in {@link ApiResult.warnings} says so too).
   * Undefined only when the response carries no such header (or one that is not a `YYYY-MM` version).
   */
  answeredApiVersion?: string;
  /** `account_id` from the top level of the response body, when present. */
  accountId?: number;
  /** Rate-limit state of this response. */
  rateLimit: RateLimitState;
  /** True when the server answered from its idempotency cache (`Idempotency-Replayed: true`). */
  replayed: boolean;
  /** The `Idempotency-Key` sent with a mutation (the same on every retry). Absent for queries. */
  idempotencyKey?: string;
  /** HTTP status of the final response. */
  status: number;
  /** Headers of the final response. */
  headers: Headers;
  /** The id the server gave the request (`extensions.request_id` of the response), when it sent one. */
  requestId?: string;
  /**
   * What the server warned about (`extensions.warnings`): a deprecated or unknown version it routed, a deprecated
   * field the operation used. Empty when there were none. Warnings never fail a call. At most
   * `MAX_KEPT_WARNINGS`, the first ones; {@link ApiResult.omittedWarnings} counts the rest.
   */
  warnings: readonly ApiWarning[];
  /** How many warnings the response held beyond those in `warnings` (0 for nearly every response). */
  omittedWarnings: number;
}

/** What a warning is about. */
export type ApiWarningKind =
  /** The version sent is deprecated: another version answered. */
  | 'deprecated-version'
  /** The version sent is unknown to the server: another version answered. */
  | 'unknown-version'
  /** The operation uses a field, argument or enum value the schema marks deprecated. */
  | 'deprecated-field'
  /** Anything else the server warned about. */
  | 'other';

/** One warning of a response (`extensions.warnings`, in the platform's shape). */
export interface ApiWarning {
  /** The server's message, for a person. */
  message: string;
  /** What the warning is about, from its code. */
  kind: ApiWarningKind;
  /** The server's `extensions.code`, e.g. `deprecatedField`. */
  code?: string;
  /** Where in the operation, when the warning is about part of it. */
  locations?: {
    /** The line in the operation's text, from 1. */
    line: number;
    /** The column in that line, from 1. */
    column: number;
  }[];
  /** The operation kind and response names down to the element, e.g. `['query', 'boards', 'owner']`. */
  path?: string[];
  /** Everything the server attached (`code`, `typeName`, `fieldName`, `requested_version`, ...). */
  extensions: Readonly<Record<string, unknown>>;
}

/** The event of the `onWarning` hook: one warning of one successful call. */
export interface WarningEvent {
  /** Operation name, when the document has one. */
  operationName?: string;
  /** The `API-Version` the call sent. */
  apiVersion: string;
  /** The warning. */
  warning: ApiWarning;
}

/** Why the client is about to try a call again. */
export type RetryReason = 'network' | 'timeout' | 'server-error' | 'rate-limited' | 'idempotency-conflict';

/** Retry behaviour. Every field has a safe default. */
export interface RetryOptions {
  /** Attempts in all, the first included. Default 4. */
  maxAttempts?: number;
  /** First backoff step in milliseconds (capped exponential, full jitter). Default 300. */
  baseDelayMs?: number;
  /**
   * The longest single wait in milliseconds. A server asking for longer (`Retry-After`, `t`, the daily limit's
   * reset) gets no retry: the error surfaces at once. A call's turn in the throttle's own line is not bounded by
   * it (see `throttle.queueTimeoutMs`). Default 30 000.
   */
  maxDelayMs?: number;
  /** Total time in milliseconds one call may spend waiting between attempts. Default 60 000. */
  maxElapsedMs?: number;
  /** Seconds to wait on a 409 without a valid `Retry-After`. Default 1. */
  conflictDefaultSeconds?: number;
}

/** Client-side throttling driven by the parsed rate-limit state. */
export interface ThrottleOptions {
  /**
   * Upper bound on requests in flight when the server declares no `concurrency` quota. Default 16.
   * Until the first response arrives the client sends one request alone, to learn the quotas.
   */
  initialConcurrency?: number;
  /**
   * Where the throttle keeps the account's rate-limit state. Default: nowhere shared (this client counts alone).
   * Give every client of an account the same store, e.g. `createRedisThrottleStore(redis)` from
   * `workspace-platform-sdk/redis`, and they share its quotas: across processes, hosts and restarts.
   */
  store?: ThrottleStore;
  /**
   * With a store: how long a request's slot stays taken unless its process renews it (it does, a third of this
   * apart, while the request runs). A process that dies mid-request frees its slots within this. Default 10 000.
   */
  leaseMs?: number;
  /**
   * The longest a call waits in this client's line, in milliseconds, while the throttle paces the calls ahead of
   * it within the server's quotas; past it the call fails with `ThrottleQueueTimeoutError`, never sent. Default: no
   * limit (a batch of any size finishes). A call's own `queueTimeoutMs` or `signal` bounds it too. A server's demand
   * to wait (a 429's `Retry-After`, the daily limit) is bounded by `retry.maxDelayMs` instead.
   */
  queueTimeoutMs?: number;
}

/** Headers as given in options: a `Headers`, pairs, or a plain record. */
export type HeadersInput = Headers | [string, string][] | Record<string, string>;

/** Options of {@link PlatformClient}. Invalid values fail at construction with a message that says what to fix. */
export interface PlatformClientOptions {
  /** Personal API token or OAuth access token. Never printed, logged or serialised. */
  token: string;
  /** API host, e.g. `https://api.example.com` or a local emulator's `baseUrl`. http(s) only; `/v2` is appended (a `baseUrl` that already ends in `/v2` is taken as the same host). */
  baseUrl: string;
  /**
   * `API-Version` header value: a year and a quarter month (`'2026-10'`), so `'2026-11'` does not compile; a string
   * read at run time passes {@link isApiVersion} first. Defaults to {@link API_VERSION}.
   */
  apiVersion?: ApiVersionName;
  /** A fetch implementation. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: HeadersInput;
  /**
   * Per-attempt timeout in milliseconds, from sending the request to the last byte of the answer; a
   * timed-out attempt is ended and retried like a network error. Default 60 000 ({@link DEFAULT_TIMEOUT_MS});
   * `0` turns it off.
   */
  timeoutMs?: number;
  /**
   * Largest response body the client reads, in bytes. A larger one is not buffered: reading stops at
   * the limit (or at once, when its Content-Length says so) and the call fails with a
   * `ResponseTooLargeError`. Default 32 MiB ({@link DEFAULT_MAX_RESPONSE_BYTES}).
   */
  maxResponseBytes?: number;
  /** Retry policy, or `false` to make every call a single attempt. */
  retry?: RetryOptions | false;
  /** Throttling, or `false` to send every request at once. */
  throttle?: ThrottleOptions | false;
  /** Observability hooks. Errors thrown by hooks are ignored. */
  hooks?: ClientHooks;
}

/** Options of one call. */
export interface CallOptions {
  /** Idempotency key for a mutation; generated (UUID v4) when omitted. Ignored for queries. */
  idempotencyKey?: string;
  /** Cancels the call, including any wait between attempts. */
  signal?: AbortSignal;
  /** Extra headers for this call. */
  headers?: HeadersInput;
  /** Selects the operation in a document holding several. */
  operationName?: string;
  /** Per-attempt timeout for this call, overriding the client's. */
  timeoutMs?: number;
  /** Retry policy for this call, overriding the client's; `false` for a single attempt. */
  retry?: RetryOptions | false;
  /**
   * The longest this call waits in the client's throttle line, in milliseconds, overriding the client's
   * `throttle.queueTimeoutMs` (default: no limit).
   */
  queueTimeoutMs?: number;
}

/** Options of {@link getSchema}. */
export interface GetSchemaOptions<F extends 'sdl' | 'json' = 'sdl' | 'json'> {
  /** `sdl` for SDL text, `json` for the introspection object. Default `sdl`. */
  format?: F;
  /** Schema version, `YYYY-MM`. Defaults to the client's API version. */
  version?: string;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/** Passed to {@link ClientHooks.onRequest} before each attempt is sent. */
export interface RequestEvent {
  /** Name of the operation being sent, when the document names it. */
  operationName?: string;
  /** Kind of the operation executed: only mutations carry an `Idempotency-Key`. */
  kind: 'query' | 'mutation' | 'subscription';
  /** 1 for the first attempt. */
  attempt: number;
  /** The endpoint the request goes to, `{baseUrl}/v2`. */
  url: string;
  /** Request headers with `Authorization` redacted. */
  headers: Record<string, string>;
  /** The mutation's `Idempotency-Key`, the same on every attempt; absent for queries. */
  idempotencyKey?: string;
}

/** Passed to {@link ClientHooks.onResponse} after each attempt that got a response. */
export interface ResponseEvent {
  /** Name of the operation, when the document names it. */
  operationName?: string;
  /** The attempt this response answers, 1 for the first. */
  attempt: number;
  /** HTTP status of the response, success or error. */
  status: number;
  /** Milliseconds from sending the request to reading the whole response. */
  durationMs: number;
  /** Rate-limit state parsed from this response. */
  rateLimit: RateLimitState;
  /** True when the server answered from its idempotency cache (a mutation already executed). */
  replayed: boolean;
  /** The id the server gave the request (`extensions.request_id` of the response), when it sent one. */
  requestId?: string;
}

/** Passed to {@link ClientHooks.onRetry} before the client waits and tries again. */
export interface RetryEvent {
  /** Name of the operation, when the document names it. */
  operationName?: string;
  /** The attempt that failed. */
  attempt: number;
  /** Why the attempt is retried. */
  reason: RetryReason;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** The failure being retried (token redacted, like every error). */
  error: Error;
  /** The id the server gave the failed request (`extensions.request_id`), when it sent one. */
  requestId?: string;
}

/** Passed to {@link ClientHooks.onThrottle} when a request is held back before being sent. */
export interface ThrottleEvent {
  /** Name of the operation held back, when the document names it. */
  operationName?: string;
  /**
   * Why it waits: the concurrency cap (`policy: 'concurrency'` once the server declared it), an exhausted quota (or
   * a complexity budget below the request's cost; `policy` names it: `minuteRate`, `complexityMinute`), a shared
   * pause after a 429 (`backoff`), or the spent daily quota (`daily-limit`, until its reset). A call is reported
   * when it joins the line and again whenever a different limit takes over holding it. With a store, also
   * `store-unavailable` (the store failed: this client goes on alone, on a share of the quota) and
   * `store-rejoined` (the store answers again); these hold nothing.
   */
  reason: 'concurrency' | 'quota-exhausted' | 'backoff' | 'daily-limit' | 'store-unavailable' | 'store-rejoined';
  /** The policy that caused the wait, when one did. */
  policy?: string;
  /** Planned wait in milliseconds; absent when waiting for a slot to free. */
  delayMs?: number;
}

/** One limit's part in a {@link ThrottleState}. */
export interface ThrottlePolicyState {
  /** Calls waiting in line because of this limit right now (all of them while it holds the head; else 0). */
  queued: number;
  /** Requests in flight that count against it. */
  inFlight: number;
  /** What is left of it by the throttle's conservative count, when known. */
  remaining?: number;
  /** When it next lets a call go (epoch milliseconds), while it holds calls for a time; absent otherwise. */
  nextSlotAt?: number;
}

/**
 * A snapshot of the client's own throttle, for a batch job's progress: how many calls wait, how many are out,
 * what holds the line and until when. Reading it changes nothing.
 */
export interface ThrottleState {
  /** Calls waiting in line. */
  queued: number;
  /** Requests sent and not yet answered. */
  inFlight: number;
  /** Requests this client lets out at once now (1 until the first answer teaches the quotas). */
  concurrencyLimit: number;
  /** What holds the line now, when something does; `until` is absent when only a finished request frees a slot. */
  heldBy?: {
    /** The concurrency cap, an exhausted quota, a shared pause after a 429, or the spent daily quota. */
    reason: 'concurrency' | 'quota-exhausted' | 'backoff' | 'daily-limit';
    /** The policy that holds it, when one does (`concurrency`, `minuteRate`, `complexityMinute`, ...). */
    policy?: string;
    /** When it frees the line (epoch milliseconds). */
    until?: number;
  };
  /** Each limit the server declared (and `daily` while the daily limit holds calls), by policy name. */
  policies: Record<string, ThrottlePolicyState>;
}

/**
 * Typed observability hooks. Each is called synchronously; what it throws is ignored. No event ever
 * holds the token.
 */
export interface ClientHooks {
  /** Called before each attempt is sent, retries included. */
  onRequest?(event: RequestEvent): void;
  /** Called after each attempt that got a response, whatever its status. */
  onResponse?(event: ResponseEvent): void;
  /** Called when an attempt failed and the client is about to wait and try again. */
  onRetry?(event: RetryEvent): void;
  /** Called when the client-side throttle holds a request back before sending it. */
  onThrottle?(event: ThrottleEvent): void;
  /**
   * Called once per warning of a successful response (a routed version, a deprecated field), for at most
   * `MAX_KEPT_WARNINGS` of them: the result's `omittedWarnings` counts the rest.
   */
  onWarning?(event: WarningEvent): void;
}
