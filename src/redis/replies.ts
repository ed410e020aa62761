/**
 * The Redis store's error, and the reading of its scripts' replies: every reply is checked for shape and numbers,
 * and anything a script never answers is a {@link RedisThrottleStoreError} (the client then goes on alone), never a wait.
 * Pinned by `test/unit/redis-replies.test.ts`.
 */
import type { StoreAcquireResult } from '../client/throttle/throttle-store.js';
import { decodePolicyName } from './scripts.js';

/** Thrown by the store's commands when Redis is not connected, fails, or answers too late. */
export class RedisThrottleStoreError extends Error {
  /** The class name, `'RedisThrottleStoreError'`: a string, so it survives minification. */
  override readonly name = 'RedisThrottleStoreError';
}

const REASONS = new Set(['concurrency', 'quota-exhausted', 'backoff', 'daily-limit']);

/** A string or number reply as text; anything else is no answer a script gives. */
function replyText(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new RedisThrottleStoreError(`Unexpected ${what} in a store reply`);
}

/** An optional millisecond figure of a reply: '' for none, else a finite number of at least 0. */
function replyMs(value: unknown, what: string): number | undefined {
  const raw = replyText(value, what);
  if (raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms < 0) throw new RedisThrottleStoreError(`Unexpected ${what} in a store reply`);
  return ms;
}

/** Reads the acquire script's reply; any other shape is a store failure. */
export function parseAcquireReply(reply: unknown): StoreAcquireResult {
  if (!Array.isArray(reply) || reply.length === 0)
    throw new RedisThrottleStoreError('Unexpected answer from the acquire script');
  const flag = replyText(reply[0], 'grant flag');
  if (flag === '1' && reply.length === 1) return { granted: true };
  if (flag === '1' && reply.length === 2) {
    const members = Number(replyText(reply[1], 'member count'));
    if (!Number.isInteger(members) || members < 0)
      throw new RedisThrottleStoreError('Unexpected answer from the acquire script');
    return { granted: true, members: Math.max(1, members) };
  }
  const reason = (reply.length === 5 || reply.length === 6) && flag === '0' ? replyText(reply[1], 'reason') : '';
  if (!REASONS.has(reason)) throw new RedisThrottleStoreError('Unexpected answer from the acquire script');
  const result: StoreAcquireResult = {
    granted: false,
    reason: reason as 'concurrency' | 'quota-exhausted' | 'backoff' | 'daily-limit',
  };
  const policy = replyText(reply[2], 'policy');
  if (policy) result.policy = decodePolicyName(policy);
  const retryInMs = replyMs(reply[3], 'retry time');
  const holdMs = replyMs(reply[4], 'hold');
  if (retryInMs !== undefined) result.retryInMs = retryInMs;
  if (holdMs !== undefined) result.holdMs = holdMs;
  if (reply.length === 6) {
    if (replyText(reply[5], 'pacing flag') !== '1')
      throw new RedisThrottleStoreError('Unexpected answer from the acquire script');
    result.paced = true;
  }
  return result;
}

/** Reads the renew script's reply: the number of live members, at least 1. */
export function parseRenewReply(reply: unknown): number {
  const members = typeof reply === 'number' || typeof reply === 'string' ? Number(reply) : Number.NaN;
  if (!Number.isInteger(members) || members < 0)
    throw new RedisThrottleStoreError('Unexpected answer from the renew script');
  return Math.max(1, members);
}
