/**
 * Validates the options of one call (and of getSchema) and merges them over the client's. Every
 * problem is a `PlatformConfigError`; nothing is sent.
 */
import { MAX_TIMER_DELAY_MS } from './constants.js';
import { type ResolvedClientOptions, resolveRetry } from './options.js';
import type { RetryPolicy } from './retry-policy.js';
import type { GetSchemaOptions, RetryOptions } from './types.js';
import {
  checkApiVersion,
  checkHeaders,
  checkNumber,
  checkSignal,
  describe,
  fail,
  isObject,
  rejectUnknownKeys,
} from './validate.js';

const CALL_KEYS = ['idempotencyKey', 'signal', 'headers', 'operationName', 'timeoutMs', 'retry', 'queueTimeoutMs'];
const SCHEMA_KEYS = ['format', 'version', 'signal'];
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

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

/** Validates the options of one call and merges them over the client's. */
export function resolveCallOptions(options: unknown, client: ResolvedClientOptions): ResolvedCallOptions {
  const clientQueueTimeoutMs = client.throttle ? client.throttle.queueTimeoutMs : undefined;
  if (options === undefined) {
    const defaults: ResolvedCallOptions = { headers: {}, timeoutMs: client.timeoutMs, retry: client.retry };
    if (clientQueueTimeoutMs !== undefined) defaults.queueTimeoutMs = clientQueueTimeoutMs;
    return defaults;
  }
  if (!isObject(options)) fail(`call options must be an object; got ${describe(options)}.`);
  rejectUnknownKeys(options, CALL_KEYS, 'call option');
  const { idempotencyKey, operationName } = options;
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey))) {
    fail('`idempotencyKey` must be 1-255 visible ASCII characters without spaces, e.g. a UUID.');
  }
  if (operationName !== undefined && (typeof operationName !== 'string' || !OPERATION_NAME.test(operationName))) {
    fail(`\`operationName\` must be a GraphQL name such as 'Boards'; got ${describe(operationName)}.`);
  }
  const resolved: ResolvedCallOptions = {
    headers: checkHeaders(options.headers, 'headers'),
    timeoutMs: checkNumber(options.timeoutMs, 'timeoutMs', { min: 0, max: MAX_TIMER_DELAY_MS }) ?? client.timeoutMs,
    retry: resolveRetry(client.retry, options.retry as RetryOptions | false | undefined),
  };
  const queueTimeoutMs =
    checkNumber(options.queueTimeoutMs, 'queueTimeoutMs', { min: 0, max: MAX_TIMER_DELAY_MS }) ?? clientQueueTimeoutMs;
  if (queueTimeoutMs !== undefined) resolved.queueTimeoutMs = queueTimeoutMs;
  const signal = checkSignal(options.signal, 'signal');
  if (signal) resolved.signal = signal;
  if (idempotencyKey !== undefined) resolved.idempotencyKey = idempotencyKey as string;
  if (operationName !== undefined) resolved.operationName = operationName as string;
  return resolved;
}

/** Validates getSchema options. */
export function checkSchemaOptions(options: unknown): GetSchemaOptions {
  if (options === undefined) return {};
  if (!isObject(options)) fail(`getSchema options must be an object; got ${describe(options)}.`);
  rejectUnknownKeys(options, SCHEMA_KEYS, 'getSchema option');
  if (options.format !== undefined && options.format !== 'sdl' && options.format !== 'json') {
    fail(`\`format\` must be 'sdl' or 'json'; got ${describe(options.format)}.`);
  }
  if (options.version !== undefined) checkApiVersion(options.version, 'version');
  checkSignal(options.signal, 'signal');
  return options as GetSchemaOptions;
}
