/**
 * The direction of dependencies between the three packages, read from every import, export, dynamic import and
 * require of their sources:
 * - the SDK (`src/`) never imports the emulator or codegen; only its forwarders of the moved subpaths (`src/moved/`)
 *   name them, as types or through `requireMoved`, which loads them only when an app imports an old subpath;
 * - the emulator imports the SDK through its public entries only, never codegen;
 * - codegen imports the SDK through its public entries, and the emulator through `workspace-platform-emulator/schemas`;
 * - no package reaches into another's files by a relative path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PACKAGES = {
  sdk: 'src',
  emulator: 'packages/emulator/src',
  codegen: 'packages/codegen/src',
} as const;
type Package = keyof typeof PACKAGES;

/** The public entries each package may be imported by. */
const ENTRIES: Record<Package, readonly string[]> = {
  sdk: [
    'workspace-platform-sdk',
    'workspace-platform-sdk/webhooks',
    'workspace-platform-sdk/redis',
    'workspace-platform-sdk/bulk',
    'workspace-platform-sdk/boards',
  ],
  emulator: [
    'workspace-platform-emulator',
    'workspace-platform-emulator/testing',
    'workspace-platform-emulator/schemas',
  ],
  codegen: ['workspace-platform-codegen'],
};

/** Every module specifier in `text`: static and type imports, re-exports, `import()` and `require()`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [
    /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]/g,
    /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g,
  ])
    for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** Every `.ts` source of `dir`, relative to the repository root. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));
}

/** The package a path of the repository belongs to. */
function packageOf(path: string): Package | undefined {
  return (Object.keys(PACKAGES) as Package[]).find((name) => path.startsWith(`${PACKAGES[name]}/`));
}

/** Which package a bare specifier names, if one of the three. */
function namedPackage(specifier: string): Package | undefined {
  if (/^workspace-platform-sdk(\/|$)/.test(specifier)) return 'sdk';
  if (/^workspace-platform-emulator(\/|$)/.test(specifier)) return 'emulator';
  if (/^workspace-platform-codegen(\/|$)/.test(specifier)) return 'codegen';
  return undefined;
}

/** What each package may import of the others. */
const ALLOWED: Record<Package, readonly string[]> = {
  sdk: [],
  emulator: ENTRIES.sdk,
  codegen: [...ENTRIES.sdk, 'workspace-platform-emulator/schemas'],
};

/** The imports of `pkg`'s sources that cross into another package, as `file: specifier`. */
function crossings(pkg: Package): string[] {
  const out: string[] = [];
  for (const file of sources(PACKAGES[pkg])) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const specifier of specifiers(text)) {
      const target = specifier.startsWith('.')
        ? packageOf(relative(ROOT, resolve(ROOT, file, '..', specifier)))
        : namedPackage(specifier);
      if (target === undefined || target === pkg) continue;
      const allowed = !specifier.startsWith('.') && ALLOWED[pkg].includes(specifier);
      const forwarder = pkg === 'sdk' && file.startsWith('src/moved/');
      if (!allowed && !forwarder) out.push(`${file}: ${specifier}`);
    }
  }
  return out;
}

describe('the direction of dependencies between the packages', () => {
  it('the scanner finds each kind of import it looks for', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from 'workspace-platform-emulator';",
      "export * from '../c.js';",
      "import 'side-effect';",
      "const d = await import('workspace-platform-codegen');",
      "const e = require('workspace-platform-emulator/testing');",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(
      [
        './a.js',
        '../c.js',
        'side-effect',
        'workspace-platform-codegen',
        'workspace-platform-emulator',
        'workspace-platform-emulator/testing',
      ].sort(),
    );
  });

  it.each(Object.keys(PACKAGES) as Package[])('%s imports nothing of the others but their allowed entries', (pkg) => {
    expect(crossings(pkg)).toEqual([]);
  });

  it('only the forwarders of the moved subpaths name the emulator or codegen in the SDK, and only as types', () => {
    for (const file of sources('src/moved')) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const runtime = text.match(/^import\s+(?!type\b)[^;]*from\s+'workspace-platform-(emulator|codegen)[^']*'/m);
      expect(runtime, `${file} imports a moved package at run time`).toBeNull();
    }
  });
});
