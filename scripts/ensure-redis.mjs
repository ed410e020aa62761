#!/usr/bin/env node
/**
 * Makes sure Debian's redis-server is installed at /usr/bin/redis-server for the tests of the Redis store
 * (the test harness starts its own server on a free loopback port and stops it at the end).
 *
 * Idempotent: prints nothing and exits 0 when redis-server is already there.
 * Otherwise runs `apt-get update` and `apt-get install -y redis-server`, which needs root;
 * without root it explains what to run and exits non-zero.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const REDIS_PATH = '/usr/bin/redis-server';

if (existsSync(REDIS_PATH)) process.exit(0);

if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `ensure-redis: ${REDIS_PATH} is missing and there is no apt-get here; install redis-server (Redis 6.2 or later) at that path.`,
  );
  process.exit(1);
}

if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  console.error(
    `ensure-redis: ${REDIS_PATH} is missing and installing it needs root; run: sudo apt-get update && sudo apt-get install -y redis-server`,
  );
  process.exit(1);
}

/** Runs one apt-get step, showing its output only when it fails. */
function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`ensure-redis: apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    console.error(result.stdout ?? '');
    console.error(result.stderr ?? result.error?.message ?? '');
    process.exit(1);
  }
}

console.log('ensure-redis: installing redis-server with apt-get (one-time, takes a minute)...');
aptGet(['update', '-qq']);
aptGet(['install', '-y', '-qq', '--no-install-recommends', 'redis-server']);

if (!existsSync(REDIS_PATH)) {
  console.error(`ensure-redis: apt-get finished but ${REDIS_PATH} is still missing.`);
  process.exit(1);
}
console.log(`ensure-redis: redis-server installed at ${REDIS_PATH}.`);
