/**
 * `npm run check:paths` (part of `npm test`): every repository path named in a comment of the source and test files,
 * in ARCHITECTURE.md, CONTRIBUTING.md, the READMEs and docs/*.md exists. A "Pinned by" or "see" pointer that names a
 * moved or deleted file fails here instead of sending a reader nowhere.
 *
 * Rule map:
 * 1. Where: the comments of every .ts/.mts/.cts/.js/.mjs/.cjs file of the repository (not node_modules, not what
 *    .gitignore leaves out), found with a small scanner that steps over strings, templates and regular expressions;
 *    the prose of the Markdown files above (fenced code blocks aside: they show an app's files, not this repository's).
 * 2. What is a path: a run of `[A-Za-z0-9_.-]` segments joined by `/`, not glued to a word, `/`, `@` or `.` on its left
 *    (so a URL or a package subpath is not one), whose last segment has an extension (`x.test.ts`) or which ends with
 *    `/` (a folder). A line suffix (`x.ts:139`, `x.ts:95,176`) is allowed. A pattern's folder is checked
 *    (`operations/*.graphql` names `operations/`); anything with a placeholder (`<name>`, `{a,b}`, `${`) is skipped.
 *    A path in quotes (example code in a comment) is not a pointer, and neither are, in Markdown, a path of an app's
 *    files (its sentence says "your" or "app's" before it, as in "your app's 'src/board-tasks.graphql'") and a `./` or
 *    `../` path that is not a link target (an import specifier an app writes). Build output and other
 *    paths .gitignore leaves out (`docs/api/`) are named freely: they exist once built.
 * 3. Where a path is read from (its bases): the repository root and, for a source file, the file's own folder and each
 *    folder above it; for a Markdown file, its own folder and each package's root and `src/`.
 * 4. When its first segment is a folder in one of its bases, it must exist from one of those bases. Otherwise, when its
 *    first segment is the name of a folder somewhere in the repository, it must be the end of an existing path
 *    (`store/records.ts` names `packages/emulator/src/engine/store/records.ts`). Otherwise it is not a repository path.
 * Arguments, when given, name the files to check (relative to the current directory); none checks them all.
 * `--root=<folder>` checks another folder as the repository.
 * Prints one line per missing path (file:line: path) and exits 1 when there is any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository checked: this one, or the folder `--root=<folder>` names (the script's own test uses a scratch one). */
const rootArgument = process.argv.find((arg) => arg.startsWith('--root='));
const root = rootArgument
  ? resolve(rootArgument.slice('--root='.length))
  : fileURLToPath(new URL('..', import.meta.url));

const SOURCE_EXTENSIONS = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
/** Folders never read: dependencies, build output and tool caches (with what .gitignore names). */
const SKIPPED_NAMES = new Set(['node_modules', 'dist', 'coverage', '.git']);

/** The folder and file patterns of .gitignore that are plain paths (the ones this repository uses). */
function ignoredPaths() {
  const file = join(root, '.gitignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.includes('*'))
    .map((line) => line.replace(/\/$/, ''));
}

/** Every file and folder of the repository, as paths relative to the root with `/` separators. */
function walk() {
  const ignored = new Set(ignoredPaths());
  const files = [];
  const folders = [];
  const visit = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (SKIPPED_NAMES.has(entry.name) || ignored.has(path) || ignored.has(entry.name)) continue;
      if (entry.isDirectory()) {
        folders.push(path);
        visit(path);
      } else if (entry.isFile()) files.push(path);
    }
  };
  visit('');
  return { files, folders };
}

/** The Markdown files whose prose is checked: the architecture and contributing guides, the READMEs, docs/*.md. */
function markdownFiles(files) {
  return files.filter(
    (file) =>
      file === 'ARCHITECTURE.md' ||
      file === 'CONTRIBUTING.md' ||
      /(^|\/)README\.md$/.test(file) ||
      /^docs\/[^/]+\.md$/.test(file),
  );
}

/** Words after which a `/` starts a regular expression rather than dividing. */
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * The comments of a source file, each with the line it starts on (1-based): a small scanner that steps over strings,
 * templates (with their `${ … }` parts) and regular expressions, so a `//` inside them is not read as a comment.
 */
export function commentsOf(text) {
  const comments = [];
  const length = text.length;
  const templates = []; // for each open `${`, the depth of braces opened inside it
  let line = 1;
  let index = 0;
  let previous = ''; // the last significant character, or the last word
  const newlinesIn = (from, to) => {
    for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) line++;
  };
  // Steps over the rest of a template from `index`; stops after its closing backtick or its next `${`.
  const template = () => {
    while (index < length) {
      const char = text[index];
      if (char === '\\') index += 2;
      else if (char === '`') {
        index++;
        previous = '`';
        return;
      } else if (char === '$' && text[index + 1] === '{') {
        index += 2;
        templates.push(0);
        previous = '{';
        return;
      } else {
        if (char === '\n') line++;
        index++;
      }
    }
  };
  while (index < length) {
    const char = text[index];
    const next = text[index + 1];
    if (char === '\n') {
      line++;
      index++;
    } else if (char === ' ' || char === '\t' || char === '\r') {
      index++;
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', index);
      const stop = end === -1 ? length : end;
      comments.push({ text: text.slice(index, stop), line });
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? length : end + 2;
      comments.push({ text: text.slice(index, stop), line });
      newlinesIn(index, stop);
      index = stop;
    } else if (char === '"' || char === "'") {
      index++;
      while (index < length && text[index] !== char && text[index] !== '\n') index += text[index] === '\\' ? 2 : 1;
      index++;
      previous = char;
    } else if (char === '`') {
      index++;
      template();
    } else if (char === '/' && !(/[\w$)\]}'"`]$/.test(previous) && !BEFORE_REGEX.has(previous))) {
      // A regular expression: up to the next `/` outside a character class.
      let inClass = false;
      index++;
      while (index < length && text[index] !== '\n' && (inClass || text[index] !== '/')) {
        if (text[index] === '\\') index++;
        else if (text[index] === '[') inClass = true;
        else if (text[index] === ']') inClass = false;
        index++;
      }
      index++;
      previous = ')';
    } else if (/[\w$]/.test(char)) {
      const start = index;
      while (index < length && /[\w$]/.test(text[index])) index++;
      previous = text.slice(start, index);
    } else {
      if (char === '{' && templates.length > 0) templates[templates.length - 1]++;
      if (char === '}' && templates.length > 0) {
        if (templates[templates.length - 1] === 0) {
          templates.pop();
          index++;
          template();
          continue;
        }
        templates[templates.length - 1]--;
      }
      previous = char;
      index++;
    }
  }
  return comments;
}

/** The prose of a Markdown file (fenced code blocks blanked out, so line numbers stay), as one comment. */
export function proseOf(text) {
  let fenced = false;
  const lines = text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
  return [{ text: lines.join('\n'), line: 1 }];
}

// A path: segments of [A-Za-z0-9_.-] joined by '/', not glued on its left to a word, '/', '@', '.', ':' or '-' (a URL,
// a package subpath), nor followed by a placeholder; one followed by a wildcard is a pattern whose folder is checked.
const PATH = /(?<![\w/@.:~'"-])(?:[\w.-]+\/)+(?:[\w-][\w.-]*)?(?![\w/<{$-])/g;

/**
 * Whether a Markdown path is one of an app's files: its sentence (or table cell, or list item) says "your" or "app's"
 * before it.
 */
function isAppPath(before) {
  const recent = before.slice(-400);
  let start = 0;
  for (const end of recent.matchAll(/[.!?]\s|\n\s*\n|\n\s*[-*|]|\|/g)) start = end.index + end[0].length;
  return /\b(?:your|app's)\b/i.test(recent.slice(start));
}

/** The candidate repository paths named in a text, each with its line (relative to the text's first line). */
export function pathsIn(text, markdown = false) {
  const found = [];
  for (const match of text.matchAll(PATH)) {
    const glob = text[match.index + match[0].length] === '*';
    const path = glob ? match[0].slice(0, match[0].lastIndexOf('/') + 1) : match[0].replace(/\.+$/, '');
    const last = path.slice(path.lastIndexOf('/') + 1);
    const isFolder = path.endsWith('/');
    const hasExtension = /^[^.].*\.[A-Za-z][A-Za-z0-9]*$/.test(last) || /^\.[A-Za-z]/.test(last);
    if (!isFolder && !hasExtension) continue;
    if (path.startsWith('.') && !path.startsWith('./') && !path.startsWith('../')) continue;
    const before = text.slice(0, match.index);
    const link = before.endsWith('](');
    if (markdown && !link && isAppPath(before)) continue;
    const line = before.split('\n').length - 1;
    found.push({ path, line, link });
  }
  return found;
}

function main() {
  const { files, folders } = walk();
  const ignored = ignoredPaths();
  const args = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('--root='))
    .map((file) => relative(root, resolve(file)).split(sep).join('/'));
  const packageRoots = folders.filter((folder) => /^packages\/[^/]+$/.test(folder));
  const folderSet = new Set(folders);
  const folderNames = new Set(folders.map((folder) => folder.slice(folder.lastIndexOf('/') + 1)));
  // Every path of the repository by each of its ends (`records.ts`, `store/records.ts`, ...), for rule 4's second half.
  const ends = new Set();
  for (const path of [...files, ...folders]) {
    for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1))
      ends.add(path.slice(index + 1));
  }
  const exists = (path) => existsSync(join(root, path));
  const isIgnored = (path) => ignored.some((ignore) => path === ignore || path.startsWith(`${ignore}/`));
  // A relative import specifier names the source: a `.js` file in a pointer is the `.ts` beside it.
  const existsAsSource = (path) => exists(path) || (/\.[mc]?js$/.test(path) && exists(path.replace(/js$/, 'ts')));

  const sources = files.filter((file) => SOURCE_EXTENSIONS.test(file) && !file.endsWith('.d.ts'));
  const markdown = markdownFiles(files);
  const checked = args.length > 0 ? args : [...sources, ...markdown];

  const missing = [];
  let count = 0;
  for (const file of checked) {
    const text = readFileSync(join(root, file), 'utf8');
    const isMarkdown = file.endsWith('.md');
    const bases = [''];
    for (let folder = dirname(file); folder !== '.'; folder = dirname(folder)) bases.push(folder);
    if (isMarkdown) for (const pkg of packageRoots) bases.push(pkg, `${pkg}/src`);
    const comments = isMarkdown ? proseOf(text) : commentsOf(text);
    for (const comment of comments) {
      for (const { path, line, link } of pathsIn(comment.text, isMarkdown)) {
        const clean = path.replace(/^\.\//, '').replace(/\/$/, '');
        let ok;
        if (path.startsWith('./') || path.startsWith('../')) {
          if (isMarkdown && !link) continue;
          const target = join(dirname(file), clean).split(sep).join('/');
          if (isIgnored(target)) continue;
          ok = existsAsSource(target);
        } else {
          const first = clean.split('/')[0];
          const anchored = bases.filter((base) => folderSet.has(base ? `${base}/${first}` : first));
          if (anchored.length > 0) {
            const targets = anchored.map((base) => (base ? `${base}/${clean}` : clean));
            if (targets.some(isIgnored)) continue;
            ok = targets.some(exists);
          } else if (folderNames.has(first)) {
            ok = ends.has(clean);
          } else continue;
        }
        count++;
        if (!ok) missing.push(`${file}:${comment.line + line}: ${path}`);
      }
    }
  }
  for (const line of missing) console.log(line);
  console.log(`check:paths: ${count} paths named in ${checked.length} files, ${missing.length} missing`);
  if (missing.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
