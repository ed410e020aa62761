/**
 * Validates and normalises client and call options once, at the edge. Every problem is a
 * {@link PlatformConfigError} that names the option and says what to fix.
 */
import { API_VERSION } from '../version.js';
import { MAX_TIMER_DELAY_MS } from './constants.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { STORE_THROTTLE } from './throttle-store.js';
import type { ClientHooks, RetryOptions, ThrottleOptions } from './types.js';
import { checkApiVersion, checkHeaders, checkNumber, describe, fail, isObject, rejectUnknownKeys } from './validate.js';

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

const CLIENT_KEYS = [
  'token',
  'baseUrl',
  'apiVersion',
  'fetch',
  'headers',
  'timeoutMs',
  'maxResponseBytes',
  'retry',
  'throttle',
  'hooks',
];
const HOOK_KEYS = ['onRequest', 'onResponse', 'onRetry', 'onThrottle'];

/** True when `text` is printable ASCII: anything else (line breaks, controls, non-ASCII) breaks a header. */
function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

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

function checkBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    fail(`\`baseUrl\` must be an http(s) URL such as 'https://api.example.com'; got ${describe(value)}.`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`\`baseUrl\` is not a valid URL: '${value.slice(0, 200)}'. Use e.g. 'https://api.example.com'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`\`baseUrl\` must use http or https; got '${url.protocol}'.`);
  }
  if (url.username || url.password) fail('`baseUrl` must not carry credentials; pass the token as `token`.');
  if (url.search || url.hash) fail('`baseUrl` must not have a query string or fragment.');
  // The client appends `/v2` itself; a base URL that already ends in it (`https://host/v2`) means the same host.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '').replace(/\/v2$/, '');
}

/** Bounds of each retry option: [min, max, whole number]. */
const RETRY_LIMITS: Record<keyof RetryPolicy, [number, number, boolean?]> = {
  maxAttempts: [1, 100, true],
  baseDelayMs: [0, MAX_TIMER_DELAY_MS],
  maxDelayMs: [0, MAX_TIMER_DELAY_MS],
  maxElapsedMs: [0, Number.MAX_SAFE_INTEGER],
  conflictDefaultSeconds: [0, MAX_TIMER_DELAY_MS / 1000],
};

/** Applies `override` to `base`: `false` makes one attempt, an object replaces the fields it sets. */
export function resolveRetry(base: RetryPolicy, override: RetryOptions | false | undefined): RetryPolicy {
  if (override === undefined) return base;
  if (override === false) return { ...base, maxAttempts: 1 };
  if (!isObject(override)) fail(`\`retry\` must be an object of retry options or false; got ${describe(override)}.`);
  const known = Object.keys(RETRY_LIMITS);
  rejectUnknownKeys(override, known, 'retry option');
  const policy = { ...base };
  for (const key of known as (keyof RetryPolicy)[]) {
    const [min, max, integer] = RETRY_LIMITS[key];
    policy[key] = checkNumber(override[key], `retry.${key}`, { min, max, integer }) ?? base[key];
  }
  return policy;
}

function checkThrottle(value: unknown): ThrottleOptions | false | undefined {
  if (value === undefined || value === false) return value;
  if (!isObject(value)) fail(`\`throttle\` must be an object of throttle options or false; got ${describe(value)}.`);
  rejectUnknownKeys(value, ['initialConcurrency', 'store', 'leaseMs', 'queueTimeoutMs'], 'throttle option');
  checkNumber(value.queueTimeoutMs, 'throttle.queueTimeoutMs', { min: 0, max: MAX_TIMER_DELAY_MS });
  checkNumber(value.initialConcurrency, 'throttle.initialConcurrency', { min: 1, max: 10_000, integer: true });
  checkNumber(value.leaseMs, 'throttle.leaseMs', { min: 100, max: MAX_TIMER_DELAY_MS, integer: true });
  const { store } = value;
  if (store !== undefined) {
    const methods = ['acquire', 'settle', 'renew'];
    if (!isObject(store) || methods.some((name) => typeof (store as Record<string, unknown>)[name] !== 'function')) {
      fail('`throttle.store` must be a throttle store such as `createRedisStore(redis)` or `createMemoryStore()`.');
    }
    if (typeof (store as Record<PropertyKey, unknown>)[STORE_THROTTLE] !== 'function') {
      fail(
        '`throttle.store` is not marked as a throttle store: pass your own store through `defineThrottleStore(store)`.',
      );
    }
  }
  return value as ThrottleOptions;
}

function checkHooks(value: unknown): ClientHooks {
  if (value === undefined) return {};
  if (!isObject(value)) fail(`\`hooks\` must be an object of functions; got ${describe(value)}.`);
  rejectUnknownKeys(value, HOOK_KEYS, 'hook');
  for (const [key, hook] of Object.entries(value)) {
    if (hook !== undefined && typeof hook !== 'function') fail(`\`hooks.${key}\` must be a function.`);
  }
  return value as ClientHooks;
}

function checkFetch(value: unknown): typeof fetch {
  if (value !== undefined) {
    if (typeof value !== 'function') fail(`\`fetch\` must be a fetch function; got ${describe(value)}.`);
    return value as typeof fetch;
  }
  if (typeof globalThis.fetch !== 'function')
    fail('no global `fetch` in this runtime; pass one as the `fetch` option.');
  // Looked up on every call so a fetch installed later (polyfills, test interceptors) is honoured.
  return (input, init) => globalThis.fetch(input, init);
}

/** Validates client options; returns the token separately so it can be kept private. */
export function resolveClientOptions(options: unknown): { token: string; resolved: ResolvedClientOptions } {
  if (!isObject(options))
    fail(`options must be an object with at least \`token\` and \`baseUrl\`; got ${describe(options)}.`);
  rejectUnknownKeys(options, CLIENT_KEYS, 'option');
  const { token } = options;
  if (typeof token !== 'string' || token.trim() === '') {
    fail(
      `\`token\` must be a non-empty string (a personal API token or an OAuth access token); got ${token === '' ? 'an empty string' : describe(token)}.`,
    );
  }
  if (!isPrintableAscii(token)) {
    fail(
      '`token` may hold printable ASCII only; it contains a line break, a control or a non-ASCII character. Check how it was read.',
    );
  }
  const baseUrl = checkBaseUrl(options.baseUrl);
  const apiVersion = options.apiVersion === undefined ? API_VERSION : checkApiVersion(options.apiVersion, 'apiVersion');
  return {
    token: token.trim(),
    resolved: {
      baseUrl,
      endpoint: `${baseUrl}/v2`,
      apiVersion,
      fetch: checkFetch(options.fetch),
      headers: checkHeaders(options.headers, 'headers'),
      timeoutMs: checkNumber(options.timeoutMs, 'timeoutMs', { min: 0, max: MAX_TIMER_DELAY_MS }) ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes:
        checkNumber(options.maxResponseBytes, 'maxResponseBytes', {
          min: 1,
          max: Number.MAX_SAFE_INTEGER,
          integer: true,
        }) ?? DEFAULT_MAX_RESPONSE_BYTES,
      retry: resolveRetry(DEFAULT_RETRY_POLICY, options.retry as RetryOptions | false | undefined),
      throttle: checkThrottle(options.throttle),
      hooks: checkHooks(options.hooks),
    },
  };
}
