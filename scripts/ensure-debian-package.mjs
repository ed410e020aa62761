/**
 * Shared by the `ensure-*` scripts: makes sure one of Debian's packages provides a binary at a fixed
 * path, installing it with apt-get the first time.
 *
 * Idempotent: prints nothing and returns when the binary is already there. Otherwise runs
 * `apt-get update` and `apt-get install -y <package>`, which needs root; without root, or without
 * apt-get, it explains what to do and exits non-zero.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Ensures `binaryPath` exists, installing Debian's `packageName` when it does not.
 * `label` prefixes every line printed; `purpose` says what the binary is for.
 */
export function ensureDebianPackage({ label, packageName, binaryPath, purpose }) {
  if (existsSync(binaryPath)) return;

  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    fail(
      `${label}: ${binaryPath} is missing and this is not a Debian-like system with apt-get.\nInstall ${packageName} so that it lives at that path (${purpose}).`,
    );
  }
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    fail(
      `${label}: ${binaryPath} is missing and installing it needs root.\nRun: sudo apt-get update && sudo apt-get install -y ${packageName}`,
    );
  }

  console.log(`${label}: installing ${packageName} with apt-get for ${purpose} (one-time, takes a minute or two)...`);
  aptGet(label, ['update', '-qq']);
  aptGet(label, ['install', '-y', '-qq', '--no-install-recommends', packageName]);
  if (!existsSync(binaryPath)) fail(`${label}: apt-get finished but ${binaryPath} is still missing.`);
  console.log(`${label}: ${packageName} installed at ${binaryPath}.`);
}

/** Runs one apt-get step, showing its output only when it fails. */
function aptGet(label, args) {
  const result = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`${label}: apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    console.error(result.stdout ?? '');
    console.error(result.stderr ?? result.error?.message ?? '');
    process.exit(1);
  }
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
