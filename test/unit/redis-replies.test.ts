/**
 * What the Redis store accepts from its scripts: only the shapes they answer. Anything else (an empty list, a
 * missing reason, `inf`, NaN, a negative wait) is a RedisThrottleStoreError, so the client goes on alone instead of
 * polling forever on a meaningless answer. Policy names come back decoded.
 */
import { describe, expect, it } from 'vitest';
import { parseAcquireReply, parseRenewReply, RedisThrottleStoreError } from '../../src/redis/replies.js';
import { decodePolicyName, encodePolicyName } from '../../src/redis/scripts.js';

describe('the acquire reply', () => {
  it.each([
    ['a grant', [1], { granted: true }],
    ['a grant with the member count', [1, 3], { granted: true, members: 3 }],
    ['a grant with no member counted yet', [1, '0'], { granted: true, members: 1 }],
    ['a slot to wait for', [0, 'concurrency', '', '', ''], { granted: false, reason: 'concurrency' }],
    [
      'a hold by a policy',
      [0, 'quota-exhausted', encodePolicyName('a,b|c=d%'), '20', '1500'],
      { granted: false, reason: 'quota-exhausted', policy: 'a,b|c=d%', retryInMs: 20, holdMs: 1500 },
    ],
    [
      'a hold that is only pacing',
      [0, 'quota-exhausted', 'minuteRate', '1500', '1500', '1'],
      { granted: false, reason: 'quota-exhausted', policy: 'minuteRate', retryInMs: 1500, holdMs: 1500, paced: true },
    ],
  ])('reads %s', (_name, reply, expected) => {
    expect(parseAcquireReply(reply)).toEqual(expected);
  });

  it.each([
    ['nothing', undefined],
    ['an empty list', []],
    ['a bare refusal', [0]],
    ['an unknown reason', [0, 'later', '', '', '']],
    ['inf', [0, 'backoff', '', 'inf', 'inf']],
    ['NaN', [0, 'backoff', '', 'nan', '']],
    ['a negative wait', [0, 'backoff', '', '-5', '']],
    ['a grant with extras', [1, 'concurrency']],
    ['a grant with a negative member count', [1, -2]],
    ['a grant with too much', [1, 2, 3]],
    ['a list where a figure belongs', [0, 'backoff', '', ['1'], '']],
    ['a pacing flag other than 1', [0, 'quota-exhausted', 'minuteRate', '5', '5', 'yes']],
    ['too many figures', [0, 'quota-exhausted', 'minuteRate', '5', '5', '1', '1']],
  ])('refuses %s as a store failure', (_name, reply) => {
    expect(() => parseAcquireReply(reply)).toThrow(RedisThrottleStoreError);
  });
});

describe('the renew reply', () => {
  it('reads a member count, at least 1', () => {
    expect(parseRenewReply(3)).toBe(3);
    expect(parseRenewReply(0)).toBe(1);
  });

  it.each([[[]], ['inf'], [-1], [1.5], [null]])('refuses %j', (reply) => {
    expect(() => parseRenewReply(reply)).toThrow(RedisThrottleStoreError);
  });
});

describe('policy names inside the scripts', () => {
  it('encodes the separators and % so no name splits, and decodes back', () => {
    for (const name of ['minuteRate', 'a,b', 'x|y=z', '100%', '%2C', 'ünï,cødé']) {
      const encoded = encodePolicyName(name);
      expect(encoded).not.toMatch(/[,|=]/);
      expect(decodePolicyName(encoded)).toBe(name);
    }
  });
});
