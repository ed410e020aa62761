/**
 * The built entries share one throttle: `dist/redis` imports the main entry instead of bundling its own copy, so
 * a hold beyond `retry.maxDelayMs` on a Redis store (a second call after a 429 asking for an hour) reaches the
 * caller as the main entry's `RateLimitError`, a `PlatformError`, in ESM and in CommonJS. The same with the
 * main entry's in-memory store. Reads `dist/` (`npm run build`), against a real redis-server.
 */
import { createRequire } from 'node:module';
import IORedis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN } from 'workspace-platform-emulator';
import { closeEmulators, startTestEmulator } from '../e2e/harness.js';
import { startRedis, stopAllRedis, type TestRedis } from '../e2e/redis-harness.js';

type Main = typeof import('../../src/index.js');
type RedisEntry = typeof import('../../src/redis/index.js');

const require = createRequire(import.meta.url);
// The built files are named through a URL, not a literal import, so the typecheck (which runs before the build)
// does not need `dist/` to exist; the types come from the sources they were built from.
const built = (file: string): string => new URL(`../../dist/${file}`, import.meta.url).href;
const FORMATS: [string, () => Promise<[Main, RedisEntry]>][] = [
  ['ESM', async () => [await import(built('index.js')), await import(built('redis/index.js'))]],
  ['CommonJS', async () => [require('../../dist/index.cjs'), require('../../dist/redis/index.cjs')]],
];

let redis: TestRedis;
const connections: IORedis[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(stopAllRedis);
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
  await closeEmulators();
});

describe.each(FORMATS)('the built entries (%s)', (_format, load) => {
  it.each(['redis', 'memory'] as const)(
    'a hold beyond retry.maxDelayMs on the %s store is a RateLimitError of the main entry',
    async (kind) => {
      const [main, redisEntry] = await load();
      const emulator = await startTestEmulator({
        faults: [
          {
            kind: 'respond',
            status: 429,
            headers: { 'retry-after': '3600', 'content-type': 'application/json' },
            body: JSON.stringify({ errors: [{ message: 'Slow down.', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] }),
            first: 1,
          },
        ],
      });
      let store: ReturnType<Main['createMemoryThrottleStore']>;
      if (kind === 'redis') {
        const connection = new IORedis(redis.url);
        connections.push(connection);
        await connection.ping(); // connected: the hold comes from the store, not from the client going alone
        store = redisEntry.createRedisThrottleStore(connection, { namespace: `entry-${_format}` });
      } else store = main.createMemoryThrottleStore();
      const client = new main.PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl, throttle: { store } });
      await expect(client.request('{ me { id } }')).rejects.toBeInstanceOf(main.RateLimitError);
      // The 429 is shared through the store: the next call is held for an hour, refused at once, never sent.
      const held = await client.request('{ me { id } }').catch((error: unknown) => error);
      expect(held).toBeInstanceOf(main.RateLimitError);
      expect(held).toBeInstanceOf(main.PlatformError);
      expect((held as InstanceType<Main['RateLimitError']>).retryAfterSeconds).toBeGreaterThan(3500);
      expect(emulator.stats.received).toBe(1);
    },
    20_000,
  );
});
