/** The `--documents` globs: `**`, `*`, `?`, `{a,b}`, `[...]`, `!` exclusions, and folders never walked into. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandGlobs, globToRegExp } from '../src/glob.js';

const dir = mkdtempSync(join(tmpdir(), 'wp-glob-'));
for (const file of [
  'a.graphql',
  'src/b.graphql',
  'src/deep/c.graphql',
  'src/deep/c.gql',
  'src/x.ts',
  'node_modules/p/d.graphql',
  '.cache/e.graphql',
]) {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), '');
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('globs', () => {
  it('translates the glob syntax', () => {
    expect(globToRegExp('src/**/*.graphql').test('src/b.graphql')).toBe(true);
    expect(globToRegExp('src/**/*.graphql').test('src/deep/c.graphql')).toBe(true);
    expect(globToRegExp('src/*.graphql').test('src/deep/c.graphql')).toBe(false);
    expect(globToRegExp('**/*.{graphql,gql}').test('src/deep/c.gql')).toBe(true);
    expect(globToRegExp('src/[ab].graphql').test('src/b.graphql')).toBe(true);
    expect(globToRegExp('?.graphql').test('a.graphql')).toBe(true);
    expect(globToRegExp('a.graphql').test('aXgraphql')).toBe(false);
  });

  it('expands patterns relative to a folder, sorted, with exclusions, skipping node_modules and dot-folders', async () => {
    expect(await expandGlobs(['**/*.graphql'], dir)).toEqual(['a.graphql', 'src/b.graphql', 'src/deep/c.graphql']);
    expect(await expandGlobs(['./src/**/*.{graphql,gql}', '!src/deep/*.gql'], dir)).toEqual([
      'src/b.graphql',
      'src/deep/c.graphql',
    ]);
    expect(await expandGlobs([join(dir, 'src', '*.graphql')], dir)).toEqual(['src/b.graphql']);
    expect(await expandGlobs(['missing/**/*.graphql'], dir)).toEqual([]);
  });
});
