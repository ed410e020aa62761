#!/usr/bin/env node
/**
 * Makes sure Debian's chromium is installed at /usr/bin/chromium for the browser tests
 * (driven by playwright-core, which ships no browser of its own).
 *
 * Idempotent: prints nothing and exits 0 when chromium is already there.
 * Otherwise runs `apt-get update` and `apt-get install -y chromium`, which needs root;
 * without root it explains what to run and exits non-zero.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM_PATH = '/usr/bin/chromium';

if (existsSync(CHROMIUM_PATH)) process.exit(0);

if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `ensure-chromium: ${CHROMIUM_PATH} is missing and this is not a Debian-like system with apt-get.\n` +
      'Install Chromium so that it lives at that path, then run the browser tests again.',
  );
  process.exit(1);
}

if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  console.error(
    `ensure-chromium: ${CHROMIUM_PATH} is missing and installing it needs root.\n` +
      'Run: sudo apt-get update && sudo apt-get install -y chromium',
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
    console.error(`ensure-chromium: apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    console.error(result.stdout ?? '');
    console.error(result.stderr ?? result.error?.message ?? '');
    process.exit(1);
  }
}

console.log('ensure-chromium: installing chromium with apt-get (one-time, takes a minute or two)...');
aptGet(['update', '-qq']);
aptGet(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`ensure-chromium: apt-get finished but ${CHROMIUM_PATH} is still missing.`);
  process.exit(1);
}
console.log(`ensure-chromium: chromium installed at ${CHROMIUM_PATH}.`);
