#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform-only optional packages the registry did not serve.
 *
 * Native tools (rollup, biome) list one optional package per platform. When the registry an install
 * runs against serves only this machine's platform, npm leaves the others out of the lockfile, and npm 11's
 * `npm ci` then refuses the lockfile ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). Each
 * missing entry is added with the version its parent pins and the os/cpu/libc its name states, so `npm ci`
 * validates and skips it on every other platform without fetching anything.
 *
 * Run after any `npm install` that changes the lockfile: `node scripts/complete-lockfile.mjs`. Every lockfile
 * the project keeps is completed: the root one and the test runtimes' (`test/runtimes/package-lock.json`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const OSES = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPUS = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'mipsel', 'ppc'];

/** Other spellings some packages use in their names (`@cloudflare/workerd-windows-64`). */
const OS_ALIASES = { windows: 'win32' };
const CPU_ALIASES = { 64: 'x64' };

/** The platform a package name such as `@rollup/rollup-linux-arm64-musl` targets, or undefined. */
function platformOf(name) {
  const parts = name
    .split('/')
    .pop()
    .split('-')
    .map((part) => OS_ALIASES[part] ?? CPU_ALIASES[part] ?? part);
  const osIndex = parts.findIndex((part) => OSES.includes(part));
  if (osIndex < 0) return undefined;
  const cpu = parts.slice(osIndex + 1).find((part) => CPUS.includes(part));
  if (!cpu) return undefined;
  const os = parts[osIndex];
  const tail = parts.slice(osIndex + 1).join('-');
  const libc =
    os === 'linux' ? (tail.includes('musl') ? 'musl' : tail.includes('gnu') ? 'glibc' : undefined) : undefined;
  return { os, cpu, libc };
}

const LOCKFILES = ['../package-lock.json', '../test/runtimes/package-lock.json'];

/** Adds the missing platform entries to one lockfile; returns how many. */
function complete(path) {
  const lock = JSON.parse(readFileSync(path, 'utf8'));
  const added = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const base = location === '' ? '' : `${location}/`;
      const candidates = [`${base}node_modules/${name}`, `node_modules/${name}`];
      if (candidates.some((candidate) => lock.packages[candidate])) continue;
      const platform = platformOf(name);
      if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
      const stub = { version: range, cpu: [platform.cpu], os: [platform.os], optional: true };
      if (platform.libc) stub.libc = [platform.libc];
      if (entry.dev) stub.dev = true;
      lock.packages[`node_modules/${name}`] = stub;
      added.push(name);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  return added.length;
}

for (const relative of LOCKFILES) {
  const path = new URL(relative, import.meta.url);
  if (!existsSync(path)) continue;
  const added = complete(path);
  const name = relative.slice(3);
  console.log(
    added > 0
      ? `complete-lockfile: ${name}: added ${added} platform entries`
      : `complete-lockfile: ${name}: nothing missing`,
  );
}
