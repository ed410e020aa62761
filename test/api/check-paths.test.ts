/**
 * `npm run check:paths` (scripts/check-paths.mjs) on a scratch repository: it names every pointer to a file that does
 * not exist, in a comment or a guide, with its file and line, and nothing that only looks like one (code, a URL, a
 * template, an app's file in a guide, build output).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/check-paths.mjs', import.meta.url));
const scratches: string[] = [];

function scratchRepository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-paths-'));
  scratches.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [script, `--root=${root}`], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

afterEach(() => {
  for (const root of scratches.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check:paths', () => {
  it('lists each missing pointer with its file and line, and only those', () => {
    const root = scratchRepository({
      '.gitignore': 'dist/\nreports/\n',
      'src/engine/store/records.ts': 'export const records = 1;\n',
      'src/a.ts': [
        '/**',
        ' * Pinned by test/a.test.ts:12 and test/gone.test.ts (moved), see store/records.ts and store/missing.ts.',
        ' */',
        "const code = 'test/in-a-string.ts';",
        'const url = "https://example.com/test/remote.ts"; // https://example.com/test/remote.ts',
        'const divided = 4 / 2; // see ./engine/store/records.js',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a scratch file, which holds a template
        'const template = `${code}//test/in-a-template.ts ${`nested//test/x.ts`}`; // see reports/latest.json',
        'const pattern = /\\/\\/test\\/in-a-regex.ts/; // see test/**/*.test.ts, src/<name>.ts and test/old/*.ts',
        '/* block, line 9 */ // and ./gone.js',
        'export { code, divided, pattern, template, url };',
      ].join('\n'),
      'test/a.test.ts': '// see src/a.ts\n',
      'docs/guide.md': 'A guide.\n',
      'README.md': [
        '# Title',
        '',
        'See [the guide](docs/guide.md) and [another](docs/missing.md), then `src/a.ts`.',
        "Write your app's `src/board.graphql`, and import `./generated.js`.",
        '',
        '```ts',
        "import './src/not-checked.ts'; // test/in-a-fence.ts",
        '```',
        'Last: `test/nothing.test.ts`.',
      ].join('\n'),
    });
    const { status, lines } = check(root);
    expect(status).toBe(1);
    expect(lines.slice(0, -1).sort()).toEqual(
      [
        'README.md:3: docs/missing.md',
        'README.md:9: test/nothing.test.ts',
        'src/a.ts:2: store/missing.ts',
        'src/a.ts:2: test/gone.test.ts',
        'src/a.ts:8: test/old/',
        'src/a.ts:9: ./gone.js',
      ].sort(),
    );
    expect(lines.at(-1)).toMatch(/, 6 missing$/);
  });

  it('passes a repository whose pointers all exist', () => {
    const root = scratchRepository({
      'src/a.ts': '// Pinned by test/a.test.ts.\nexport const a = 1;\n',
      'test/a.test.ts': '// see src/a.ts and src/\n',
    });
    const { status, lines } = check(root);
    expect(status).toBe(0);
    expect(lines.at(-1)).toBe('check:paths: 3 paths named in 2 files, 0 missing');
  });
});
