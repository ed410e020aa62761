/**
 * Validates and normalises client and call options once, at the edge. Every problem is a
 * {@link PlatformConfigError} that names the option and says what to fix.
 */
import { API_VERSION_FORM_HINT, isApiVersion } from '../api-version-format.js';
import { API_VERSION } from '../version.js';
import { MAX_TIMER_DELAY_MS } from './constants.js';
import { isObject } from './object-reads.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry/retry-policy.js';
import { STORE_THROTTLE } from './throttle/throttle-store.js';
import type { ClientHooks, PlatformClientOptions, ThrottleOptions } from './types.js';
import { checkHeaders, checkOptions, describe, fail, type NumberBounds, type OptionCheck, refuse } from './validate.js';

/**
 * Default per-attempt timeout: 60 s, from sending the request to the last byte of the answer, so a
 * server that stalls or trickles its body cannot hold a call forever. It needs no AbortSignal per
 * request: one watchdog timer per client ends the attempts past their deadline. `0` turns it off.
 */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Default `maxResponseBytes`: 32 MiB (33,554,432 bytes). A larger answer is not buffered: the read
 * stops at the limit and the call fails with a `ResponseTooLargeError`.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Printable ASCII only: anything else (line breaks, controls, non-ASCII) breaks a header. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Client options after validation, defaults applied. The token is kept apart. */
export interface ResolvedClientOptions {
  /** Base URL without a trailing slash. */
  baseUrl: string;
  /** `{baseUrl}/v2`. */
  endpoint: string;
  apiVersion: string;
  fetch: typeof fetch;
  /** Extra headers, lower-case names. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Largest response body read, in bytes. */
  maxResponseBytes: number;
  retry: RetryPolicy;
  throttle: ThrottleOptions | false | undefined;
  hooks: ClientHooks;
}

/**
 * One refusal for every bad token (missing, blank, a line break or other non-printable), never showing it. A `Bearer `
 * prefix is named by the 401 that follows (./errors/error-factory.ts), not here: this check runs on every client, and
 * the size of a call's bundle holds a line (.size-limit.cjs).
 */
function checkToken(token: unknown): string {
  const fault =
    typeof token !== 'string'
      ? describe(token)
      : !PRINTABLE_ASCII.test(token)
        ? 'a character outside printable ASCII'
        : token.trim() === ''
          ? token === ''
            ? 'an empty string'
            : 'only spaces'
          : '';
  if (fault) refuse('token', 'a non-empty string of printable ASCII (an API or OAuth token)', token, fault);
  return (token as string).trim();
}

/**
 * One refusal for every bad base URL, saying what was wrong and never showing the value: a token pasted here by
 * mistake would reach the error and a log. A URL shows only its scheme (a short word), a string its length
 * (`test/unit/client-options.test.ts`: "never echoes a baseUrl").
 */
function checkBaseUrl(value: unknown): string {
  let url: URL | undefined;
  try {
    if (typeof value === 'string') url = new URL(value);
  } catch {
    // Not a URL: refused below.
  }
  const wrong = !url
    ? typeof value === 'string'
      ? `a string of ${value.length} characters that is not a URL`
      : describe(value)
    : !/^https?:$/.test(url.protocol)
      ? // Whatever precedes a colon parses as a scheme (`<token>:443`), so only a short word is shown.
        /^[a-z]{1,10}:$/.test(url.protocol)
        ? `'${url.protocol}'`
        : 'another scheme'
      : url.username || url.password
        ? 'a URL with credentials'
        : url.search || url.hash
          ? 'a URL with a query string or fragment'
          : '';
  if (wrong) {
    refuse(
      'baseUrl',
      "an http(s) URL such as 'https://api.example.com', without credentials (pass the token as `token`), query or fragment",
      value,
      wrong,
    );
  }
  // The client appends `/v2` itself; a base URL that already ends in it (`https://host/v2/`) means the same host.
  return `${(url as URL).origin}${(url as URL).pathname}`.replace(/(\/v2)?\/*$/, '');
}

/**
 * Checks an API version string has the platform's form (see ../api-version-format.ts). Here rather than in
 * ./validate.ts, which the on-demand error factory imports: a bundler that inlines the factory then wraps no more than
 * it needs in lazy initialisers.
 */
export function checkApiVersion(value: unknown, name: string): string {
  if (!isApiVersion(value)) {
    refuse(name, API_VERSION_FORM_HINT, value, typeof value === 'string' ? `'${value.slice(0, 40)}'` : undefined);
  }
  return value;
}

/** A timer's delay: [0, the longest setTimeout honours]. */
const DELAY: NumberBounds = [0, MAX_TIMER_DELAY_MS];

/** The retry options, each by its bounds. */
const RETRY_CHECKS: Record<keyof RetryPolicy, NumberBounds> = {
  maxAttempts: [1, 100, true],
  baseDelayMs: DELAY,
  maxDelayMs: DELAY,
  maxElapsedMs: [0, Number.MAX_SAFE_INTEGER],
  conflictDefaultSeconds: [0, MAX_TIMER_DELAY_MS / 1000],
};

/** Applies `override` to `base`: `false` makes one attempt, an object replaces the fields it sets. */
export function resolveRetry(base: RetryPolicy, override: unknown): RetryPolicy {
  if (override === undefined) return base;
  if (override === false) return { ...base, maxAttempts: 1 };
  // checkOptions sets every key of the table, which holds every field of a policy: unset ones take the base's.
  const policy = checkOptions<Partial<RetryPolicy>>(override, RETRY_CHECKS, 'retry option', 'retry');
  let key: keyof RetryPolicy;
  for (key in policy) policy[key] ??= base[key];
  return policy as RetryPolicy;
}

function checkStore(store: unknown): unknown {
  if (store === undefined) return store;
  // A store of this package carries its throttle factory; an app's own store gets it from defineThrottleStore.
  if (
    !isObject(store) ||
    ['acquire', 'settle', 'renew', STORE_THROTTLE].some((key) => typeof (store as never)[key] !== 'function')
  ) {
    refuse(
      'throttle.store',
      '`createRedisThrottleStore(redis)`, `createMemoryThrottleStore()` or `defineThrottleStore(store)`',
      store,
    );
  }
  return store;
}

/** The throttle options (the order of the unknown-option message). */
const THROTTLE_CHECKS: Record<keyof ThrottleOptions, OptionCheck> = {
  initialConcurrency: [1, 10_000, true],
  store: checkStore,
  leaseMs: [100, MAX_TIMER_DELAY_MS, true],
  queueTimeoutMs: DELAY,
};

function checkThrottle(value: unknown): ThrottleOptions | false | undefined {
  if (value === undefined || value === false) return value;
  checkOptions(value, THROTTLE_CHECKS, 'throttle option', 'throttle');
  return value as ThrottleOptions;
}

function checkHook(hook: unknown, name: string): unknown {
  if (hook !== undefined && typeof hook !== 'function') refuse(name, 'a function', hook);
  return hook;
}

const HOOK_CHECKS: Record<keyof ClientHooks, OptionCheck> = {
  onRequest: checkHook,
  onResponse: checkHook,
  onRetry: checkHook,
  onThrottle: checkHook,
  onWarning: checkHook,
};

function checkHooks(value: unknown): ClientHooks {
  if (value === undefined) return {};
  checkOptions(value, HOOK_CHECKS, 'hook', 'hooks', ' of functions');
  return value as ClientHooks;
}

function checkFetch(value: unknown): typeof fetch {
  if (value !== undefined) {
    if (typeof value !== 'function') refuse('fetch', 'a fetch function', value);
    return value as typeof fetch;
  }
  if (typeof globalThis.fetch !== 'function')
    fail('no global `fetch` in this runtime; pass one as the `fetch` option.');
  // Looked up on every call so a fetch installed later (polyfills, test interceptors) is honoured.
  return (input, init) => globalThis.fetch(input, init);
}

/** The client's options, checked in this order (also the order of the unknown-option message). */
const CLIENT_CHECKS: Record<keyof PlatformClientOptions, OptionCheck> = {
  token: checkToken,
  baseUrl: checkBaseUrl,
  apiVersion: (value, name) => (value === undefined ? API_VERSION : checkApiVersion(value, name)),
  fetch: checkFetch,
  headers: checkHeaders,
  timeoutMs: [0, MAX_TIMER_DELAY_MS, false, DEFAULT_TIMEOUT_MS],
  maxResponseBytes: [1, Number.MAX_SAFE_INTEGER, true, DEFAULT_MAX_RESPONSE_BYTES],
  retry: (value) => resolveRetry(DEFAULT_RETRY_POLICY, value),
  throttle: checkThrottle,
  hooks: checkHooks,
};

/** Validates client options; returns the token separately so it can be kept private. */
export function resolveClientOptions(options: unknown): { token: string; resolved: ResolvedClientOptions } {
  const { token, ...checked } = checkOptions<Omit<ResolvedClientOptions, 'endpoint'> & { token: string }>(
    options,
    CLIENT_CHECKS,
    'option',
    undefined,
    ' with at least `token` and `baseUrl`',
  );
  return { token, resolved: { ...checked, endpoint: `${checked.baseUrl}/v2` } };
}
