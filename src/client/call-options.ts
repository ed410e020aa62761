/**
 * Validates the options of one call (and of getSchema) and merges them over the client's. Every
 * problem is a `PlatformConfigError`; nothing is sent.
 */
import { MAX_TIMER_DELAY_MS } from './constants.js';
import { checkApiVersion, type ResolvedClientOptions, resolveRetry } from './options.js';
import type { RetryPolicy } from './retry/retry-policy.js';
import type { CallOptions, GetSchemaOptions } from './types.js';
import { checkHeaders, checkOptions, checkSignal, type OptionCheck, refuse } from './validate.js';

const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A call's options, checked in this order (also the order of the unknown-option message). */
const CALL_CHECKS: Record<keyof CallOptions, OptionCheck> = {
  idempotencyKey: (value) =>
    value === undefined || (typeof value === 'string' && IDEMPOTENCY_KEY.test(value))
      ? value
      : refuse('idempotencyKey', '1-255 visible ASCII characters, e.g. a UUID', value),
  signal: checkSignal,
  headers: checkHeaders,
  operationName: (value) =>
    value === undefined || (typeof value === 'string' && OPERATION_NAME.test(value))
      ? value
      : refuse('operationName', "a GraphQL name such as 'Boards'", value),
  timeoutMs: [0, MAX_TIMER_DELAY_MS],
  // Checked against the client's policy by resolveRetry, below.
  retry: (value) => value,
  queueTimeoutMs: [0, MAX_TIMER_DELAY_MS],
};

/** getSchema's options. */
const SCHEMA_CHECKS: Record<keyof GetSchemaOptions, OptionCheck> = {
  format: (value) =>
    value === undefined || value === 'sdl' || value === 'json' ? value : refuse('format', "'sdl' or 'json'", value),
  version: (value, name) => (value === undefined ? value : checkApiVersion(value, name)),
  signal: checkSignal,
};

/** The options of one call after validation, merged with the client's. */
export interface ResolvedCallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** The call's extra headers, lower-case names (empty when none). */
  headers: Record<string, string>;
  operationName?: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** The longest the call waits in the throttle's line; undefined: no limit. */
  queueTimeoutMs?: number;
}

/**
 * Validates the options of one call and merges them over the client's. Every field is present (undefined when
 * unset), so each resolved call has the same shape.
 */
export function resolveCallOptions(options: unknown, client: ResolvedClientOptions): ResolvedCallOptions {
  // No options: each check's own default (headers `{}`, the rest undefined).
  const call = checkOptions<Partial<ResolvedCallOptions> & Pick<ResolvedCallOptions, 'headers'> & { retry?: unknown }>(
    options === undefined ? {} : options,
    CALL_CHECKS,
    'call option',
  );
  // Filled in place: checkOptions built `call` for this call alone.
  call.timeoutMs ??= client.timeoutMs;
  call.retry = resolveRetry(client.retry, call.retry);
  call.queueTimeoutMs ??= client.throttle ? client.throttle.queueTimeoutMs : undefined;
  return call as ResolvedCallOptions;
}

/** Validates getSchema options. */
export function checkSchemaOptions(options: unknown): GetSchemaOptions {
  if (options === undefined) return {};
  checkOptions(options, SCHEMA_CHECKS, 'getSchema option');
  return options as GetSchemaOptions;
}
