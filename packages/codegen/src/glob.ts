/**
 * Expands the `--documents` globs to files, without a dependency: `**`, `*`, `?`, `{a,b}` and `[...]`,
 * relative to a directory; `node_modules` and dot-folders are never walked into. Node 20 has no fs.glob.
 */
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

const GLOB_CHARS = /[*?[{]/;

/** The regular expression a glob pattern (forward slashes) stands for. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      const slashAfter = pattern[i + 2] === '/';
      source += slashAfter ? '(?:[^/]*/)*' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      braces += 1;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces -= 1;
      source += ')';
    } else if (char === ',' && braces > 0) source += '|';
    else if (char === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) source += '\\[';
      else {
        source += `[${pattern
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replaceAll('\\', '\\\\')}]`;
        i = close;
      }
    } else source += char.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The leading folders of a pattern that hold no glob character. */
function staticBase(pattern: string): string {
  const parts = pattern.split('/');
  const base: string[] = [];
  for (const part of parts.slice(0, -1)) {
    if (GLOB_CHARS.test(part)) break;
    base.push(part);
  }
  return base.join('/');
}

async function walk(root: string, folder: string, found: string[]): Promise<void> {
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) await walk(root, path, found);
    } else if (entry.isFile()) found.push(path);
  }
}

/**
 * The files (relative to `cwd`, forward slashes, sorted) matching any of `patterns`. A pattern starting
 * with `!` excludes what it matches.
 */
export async function expandGlobs(patterns: readonly string[], cwd: string): Promise<string[]> {
  const include = new Set<string>();
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => globToRegExp(normalise(p.slice(1))));
  for (const raw of patterns.filter((p) => !p.startsWith('!'))) {
    const pattern = normalise(isAbsolute(raw) ? relative(cwd, raw) : raw);
    const matcher = globToRegExp(pattern);
    const base = staticBase(pattern);
    const files: string[] = [];
    await walk(cwd, base === '.' ? '' : base, files);
    for (const file of files) if (matcher.test(file)) include.add(file);
  }
  return [...include].filter((file) => !exclude.some((matcher) => matcher.test(file))).sort();
}

/** Forward slashes, no leading `./`. */
function normalise(pattern: string): string {
  const slashes = pattern.split(sep).join('/');
  return slashes.replace(/^\.\//, '');
}
