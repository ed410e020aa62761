/**
 * Every old name kept through 0.x is the new name under another spelling: the same value (a function or class is
 * the same object, so `instanceof` holds across both) and the same type. Each is marked `(deprecated)` in
 * `api/exports.md`; the naming rules they follow are in ARCHITECTURE.md.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as bulk from '../../src/bulk/index.js';
import type * as main from '../../src/index.js';
import * as redis from '../../src/redis/index.js';
import type * as webhooks from '../../src/webhooks/index.js';

describe('deprecated aliases', () => {
  it('are the same functions and classes as their new names', () => {
    expect(redis.createRedisStore).toBe(redis.createRedisThrottleStore);
    expect(redis.RedisStoreError).toBe(redis.RedisThrottleStoreError);
    expect(bulk.bulkDeleteItems).toBe(bulk.deleteItems);
    expect(bulk.bulkArchiveItems).toBe(bulk.archiveItems);
  });

  it('an error made under the new name is an instance of the old one, named by the new one', () => {
    const error = new redis.RedisThrottleStoreError('Redis is not ready');
    expect(error).toBeInstanceOf(redis.RedisStoreError);
    expect(error.name).toBe('RedisThrottleStoreError');
  });

  it('are the same types as their new names', () => {
    expectTypeOf<redis.RedisStoreOptions>().toEqualTypeOf<redis.RedisThrottleStoreOptions>();
    expectTypeOf<redis.RedisStoreError>().toEqualTypeOf<redis.RedisThrottleStoreError>();
    expectTypeOf<webhooks.CreatePulseEvent>().toEqualTypeOf<webhooks.CreateItemEvent>();
    expectTypeOf<webhooks.PulseLifecycleEvent>().toEqualTypeOf<webhooks.ItemLifecycleEvent>();
    expectTypeOf<webhooks.MovePulseIntoGroupEvent>().toEqualTypeOf<webhooks.MoveItemIntoGroupEvent>();
    expectTypeOf<main.SdkOAuthErrorCode>().toEqualTypeOf<main.OAuthClientErrorCode>();
  });
});

describe('internals still exported through 0.x, deprecated', () => {
  it('are the values the SDK uses inside', async () => {
    const main = await import('../../src/index.js');
    const warnings = await import('../../src/client/errors/warnings.js');
    const exportItems = await import('../../src/bulk/export-items.js');
    const eventTypes = await import('../../src/webhooks/event-types.js');
    const webhooksEntry = await import('../../src/webhooks/index.js');
    const jwt = await import('../../src/webhooks/jwt.js');
    expect(main.MAX_KEPT_WARNINGS).toBe(warnings.MAX_KEPT_WARNINGS);
    expect(bulk.EXPORT_RECENT_IDS).toBe(exportItems.EXPORT_RECENT_IDS);
    expect(webhooksEntry.PAYLOAD_TYPE_OF).toBe(eventTypes.PAYLOAD_TYPE_OF);
    expect(webhooksEntry.signWebhookToken).toBe(jwt.signJwt);
    for (const event of webhooksEntry.WEBHOOK_EVENT_TYPES) {
      expect(webhooksEntry.webhookPayloadType(event)).toBe(webhooksEntry.PAYLOAD_TYPE_OF[event]);
    }
  });

  it("the Redis entry's ThrottleStore is the main entry's", () => {
    expectTypeOf<redis.ThrottleStore>().toEqualTypeOf<main.ThrottleStore>();
  });
});
