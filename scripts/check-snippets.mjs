/**
 * `npm run check:snippets` (part of `npm test`, after the build): every TypeScript block of the READMEs and docs/ is a
 * program that compiles, and the ones that talk to the emulator run.
 *
 * Rules for a ```ts block (also ```typescript):
 * - A complete program by default: its imports name the packages (`workspace-platform-sdk`, `-emulator`, `-codegen`
 *   and their entries), it compiles on its own under strict settings (module nodenext, ESM, top-level await) against
 *   the built packages, linked into a scratch app's node_modules as an install would place them.
 * - It runs when it starts the emulator itself (imports `workspace-platform-emulator` or
 *   `workspace-platform-emulator/testing`) and is not marked `// compile only`: under vitest when it is a test (imports
 *   `vitest`), otherwise with Node after compiling; it must exit 0 within 60 s.
 * - A block that is deliberately partial starts with a line `// fragment of <name>`, where <name> is the `// example:
 *   <name>` line of a complete block of the same file: each of the fragment's code lines must appear, in order, in that
 *   example. So a fragment always shows code that compiles.
 * Prints one line per file and a total; exits 1 on the first file with a failure (after checking all of them).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUN_TIMEOUT_MS = 60_000;

/** The Markdown files whose blocks are checked: the READMEs of the three packages and every page of docs/. */
function markdownFiles() {
  const files = ['README.md', 'packages/emulator/README.md', 'packages/codegen/README.md'];
  const docs = join(root, 'docs');
  if (existsSync(docs))
    for (const name of readdirSync(docs, { recursive: true }).map(String).sort())
      if (
        name.endsWith('.md') &&
        !name.startsWith('api/') &&
        !name.includes('node_modules') &&
        !name.startsWith('.vitepress')
      )
        files.push(join('docs', name));
  return files.filter((file) => existsSync(join(root, file)));
}

/** The ```ts blocks of a Markdown text, with the line each starts on. */
function blocksOf(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^(\s*)```(ts|typescript)\b(.*)$/.exec(lines[index]);
    if (!open) continue;
    const indent = open[1].length;
    const body = [];
    let end = index + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end])) body.push(lines[end++].slice(indent));
    blocks.push({ line: index + 1, code: `${body.join('\n')}\n` });
    index = end;
  }
  return blocks;
}

const codeLines = (code) =>
  code
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'));

/** Whether `fragment`'s code lines appear in order among `example`'s. */
function isPartOf(fragment, example) {
  const lines = codeLines(example);
  let at = 0;
  for (const line of codeLines(fragment)) {
    at = lines.indexOf(line, at);
    if (at === -1) return false;
    at += 1;
  }
  return true;
}

const app = mkdtempSync(join(tmpdir(), 'snippets-'));
const failures = [];
let compiled = 0;
let ran = 0;
let fragments = 0;
try {
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'snippets', private: true, type: 'module' }));
  const modules = join(app, 'node_modules');
  mkdirSync(modules);
  for (const [name, target] of [
    ['workspace-platform-sdk', root],
    ['workspace-platform-emulator', join(root, 'packages', 'emulator')],
    ['workspace-platform-codegen', join(root, 'packages', 'codegen')],
  ])
    symlinkSync(target, join(modules, name), 'dir');
  // What blocks may import besides the packages: Node's types, vitest (for the testing kit's examples), and the
  // packages' own dependencies, found through the repository's node_modules.
  for (const name of ['@types', 'vitest', '@vitest', 'redis', 'ioredis'])
    if (existsSync(join(root, 'node_modules', name)))
      symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');

  const planned = [];
  for (const file of markdownFiles()) {
    const blocks = blocksOf(readFileSync(join(root, file), 'utf8'));
    const examples = new Map();
    for (const block of blocks) {
      const name = /^\/\/ example: (\S+)/m.exec(block.code)?.[1];
      if (name) examples.set(name, block.code);
    }
    for (const block of blocks) {
      const where = `${file}:${block.line}`;
      const first = block.code.split('\n', 1)[0].trim();
      if (first.startsWith('// fragment')) {
        fragments += 1;
        const name = /^\/\/ fragment of (\S+)/.exec(first)?.[1];
        const example = name && examples.get(name);
        if (!example)
          failures.push(`${where}: a fragment must name a complete example of its file (// fragment of <name>)`);
        else if (!isPartOf(block.code, example)) failures.push(`${where}: the fragment is not part of example ${name}`);
        continue;
      }
      const id = `${basename(file, '.md').replace(/\W/g, '_')}_${block.line}`;
      writeFileSync(join(app, `${id}.ts`), block.code);
      const runs =
        /from '(workspace-platform-emulator(\/testing)?)'/.test(block.code) && !/^\/\/ compile only/m.test(block.code);
      planned.push({ id, where, runs });
    }
  }

  // One program for every block; each file's syntactic and semantic diagnostics apart (tsc would stop at the first
  // file with a syntax error), and the JavaScript of those that compile, for running.
  const options = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    types: ['node'],
    outDir: join(app, 'out'),
    typeRoots: [join(modules, '@types')],
  };
  const program = ts.createProgram(
    planned.map(({ id }) => join(app, `${id}.ts`)),
    options,
  );
  const errors = new Map();
  for (const { id } of planned) {
    const source = program.getSourceFile(join(app, `${id}.ts`));
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    if (diagnostics.length > 0)
      errors.set(
        id,
        diagnostics.slice(0, 6).map((d) => {
          const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
          return `line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
        }),
      );
  }
  program.emit();
  for (const { id, where, runs } of planned) {
    const problems = errors.get(id);
    if (problems) {
      failures.push(`${where}: does not compile:\n    ${problems.join('\n    ')}`);
      continue;
    }
    compiled += 1;
    if (!runs) continue;
    // A test (it imports vitest) runs under vitest, as an app's test file would; any other block with Node.
    const test = /from 'vitest'/.test(readFileSync(join(app, `${id}.ts`), 'utf8'));
    const command = test
      ? [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', app, '--dir', app, `${id}.ts`]
      : [join(app, 'out', `${id}.js`)];
    const run = spawnSync(process.execPath, command, {
      cwd: app,
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
      env: { ...process.env, WORKSPACE_PLATFORM_BASE_URL: '' },
    });
    if (run.status !== 0)
      failures.push(
        `${where}: exited ${run.status ?? run.signal} when run:\n    ${(run.stderr || run.stdout).trim().split('\n').slice(0, 6).join('\n    ')}`,
      );
    else ran += 1;
  }
} finally {
  rmSync(app, { recursive: true, force: true });
}
console.log(
  `check:snippets: ${compiled} blocks compile, ${ran} of them ran against the emulator, ${fragments} fragments checked`,
);
if (failures.length > 0) {
  for (const failure of failures)
    console.error(`check:snippets: ${relative(root, failure) === failure ? failure : failure}`);
  process.exit(1);
}
