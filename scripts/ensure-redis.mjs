#!/usr/bin/env node
/**
 * Makes sure Debian's redis-server is installed at /usr/bin/redis-server for the tests of the Redis store
 * (the test harness starts its own server on a free loopback port and stops it at the end).
 * Idempotent; see ensure-debian-package.mjs.
 */
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  label: 'ensure-redis',
  packageName: 'redis-server',
  binaryPath: '/usr/bin/redis-server',
  purpose: 'the tests of the Redis store',
});
