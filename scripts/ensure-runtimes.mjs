#!/usr/bin/env node
/**
 * Installs the runtimes the client is tested on (Bun, Deno, workerd, Node 22 and 24) into
 * `test/runtimes/node_modules`, from their npm packages, exactly as `test/runtimes/package-lock.json` pins them.
 *
 * Idempotent: does nothing when the installed tree is at least as new as the lockfile. Install scripts are
 * not run: the tests call each package's binary directly, so nothing is downloaded from anywhere but the
 * npm registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../test/runtimes/', import.meta.url));
const lockfile = `${dir}package-lock.json`;
const installed = `${dir}node_modules/.package-lock.json`;

if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs) process.exit(0);

console.log('runtimes:install: installing Bun, Deno, workerd and Node 22/24 from npm into test/runtimes/node_modules');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
process.exit(result.status ?? 1);
