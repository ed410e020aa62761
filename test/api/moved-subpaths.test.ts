/**
 * The subpaths and bins that moved out of the SDK (`workspace-platform-sdk/emulator`, `/testing`, `/codegen`, and
 * the `workspace-platform-emulator` and `workspace-platform-codegen` bins) keep working through the 0.x line, as an
 * app installs them: the built SDK copied into an app's node_modules (a copy, so nothing resolves through this
 * repository's own node_modules), with and without the new packages beside it. Reads `dist/` (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MOVED = [
  { subpath: 'workspace-platform-sdk/emulator', to: 'workspace-platform-emulator', now: 'workspace-platform-emulator' },
  {
    subpath: 'workspace-platform-sdk/testing',
    to: 'workspace-platform-emulator',
    now: 'workspace-platform-emulator/testing',
  },
  { subpath: 'workspace-platform-sdk/codegen', to: 'workspace-platform-codegen', now: 'workspace-platform-codegen' },
] as const;

/** An app whose node_modules holds a copy of the built SDK and, when `withPackages`, links to the new packages. */
function app(withPackages: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'moved-subpaths-'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "app", "private": true }\n');
  const sdk = join(dir, 'node_modules', 'workspace-platform-sdk');
  mkdirSync(sdk, { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(sdk, 'package.json'));
  cpSync(join(ROOT, 'dist'), join(sdk, 'dist'), { recursive: true });
  if (withPackages)
    for (const [name, target] of [
      ['workspace-platform-emulator', join(ROOT, 'packages', 'emulator')],
      ['workspace-platform-codegen', join(ROOT, 'packages', 'codegen')],
    ] as const)
      symlinkSync(target, join(dir, 'node_modules', name), 'dir');
  return dir;
}

/** Runs `script` with Node in `dir` (as an ES module, or as CommonJS). */
function node(dir: string, script: string, kind: 'esm' | 'cjs') {
  const args = kind === 'esm' ? ['--input-type=module', '-e', script] : ['--input-type=commonjs', '-e', script];
  return spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
}

const dirs: string[] = [];
let bare: string;
let full: string;
beforeAll(() => {
  bare = app(false);
  full = app(true);
  dirs.push(bare, full);
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(MOVED)('$subpath', ({ subpath, to, now }) => {
  it.each(['esm', 'cjs'] as const)('forwards every export of %s to the new package, the same values', (kind) => {
    const load = (specifier: string) =>
      kind === 'esm' ? `await import(${JSON.stringify(specifier)})` : `require(${JSON.stringify(specifier)})`;
    const script = `
      const old = ${load(subpath)};
      const now = ${load(now)};
      const names = (m) => Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports').sort();
      const same = names(now).every((k) => old[k] === now[k]);
      console.log(JSON.stringify({ old: names(old), now: names(now), same }));`;
    const result = node(full, kind === 'esm' ? script : `(async () => {${script}})()`, kind);
    expect(result.stderr).toBe('');
    const { old, now: current, same } = JSON.parse(result.stdout) as { old: string[]; now: string[]; same: boolean };
    expect(current.length).toBeGreaterThan(0);
    expect(old).toEqual(current);
    expect(same).toBe(true);
  });

  it.each(['esm', 'cjs'] as const)('without the new package, fails naming the package to install (%s)', (kind) => {
    const script =
      kind === 'esm' ? `await import(${JSON.stringify(subpath)});` : `require(${JSON.stringify(subpath)});`;
    const result = node(bare, script, kind);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`${subpath} moved to the ${to} package, which is not installed`);
    expect(result.stderr).toContain(`npm install --save-dev ${to}`);
  });
});

describe.each([
  { bin: 'workspace-platform-emulator', file: 'dist/emulator/cli.js', usage: /Usage: workspace-platform-emulator/ },
  { bin: 'workspace-platform-codegen', file: 'dist/codegen/cli.js', usage: /Usage: workspace-platform-codegen/ },
])("the SDK's $bin bin", ({ bin, file, usage }) => {
  it('runs the new package’s bin with the same arguments', () => {
    const result = spawnSync(process.execPath, [join(full, 'node_modules', 'workspace-platform-sdk', file), '--help'], {
      cwd: full,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(usage);
  });

  it('without the new package, prints what to install and exits 1', () => {
    const result = spawnSync(process.execPath, [join(bare, 'node_modules', 'workspace-platform-sdk', file), '--help'], {
      cwd: bare,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `${bin}: the command moved to the ${bin} package, which is not installed. Install it (npm install --save-dev ${bin}) and run it again.`,
    );
  });
});
