/**
 * `npm run example:check` (part of `npm test`): proves the example app in examples/app works as an app would
 * use the package. After `npm run build` it
 *   1. links examples/app/node_modules/workspace-platform-sdk, -emulator and -codegen to the three packages (what
 *      `npm install` of their `file:` paths does),
 *   2. runs the `workspace-platform-codegen` bin with `--check` (fails when the committed
 *      examples/app/src/platform.generated.ts is out of date),
 *   3. typechecks the app (module nodenext, strict, skipLibCheck false), and the generated file again
 *      inside a CommonJS package,
 *   4. runs the app against the emulator (`workspace-platform-emulator`),
 *   5. runs the app's own tests (vitest) against a test emulator from `workspace-platform-emulator/testing`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = join(root, 'examples', 'app');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function step(title, command, args, cwd = app) {
  const started = performance.now();
  const env = { ...process.env };
  delete env.WORKSPACE_PLATFORM_BASE_URL; // always the built-in emulator here
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  const ms = Math.round(performance.now() - started);
  if (result.status !== 0) {
    console.error(`example:check: ${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  console.log(`example:check: ${title} ok (${ms} ms)`);
}

if (!existsSync(join(root, 'packages', 'codegen', 'dist', 'cli.js'))) {
  console.error('example:check: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}
// The three packages, as `npm install` of their `file:` paths links them.
for (const [name, target] of [
  ['workspace-platform-sdk', join('..', '..', '..')],
  ['workspace-platform-emulator', join('..', '..', '..', 'packages', 'emulator')],
  ['workspace-platform-codegen', join('..', '..', '..', 'packages', 'codegen')],
]) {
  const link = join(app, 'node_modules', name);
  if (existsSync(link)) continue;
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}

step('codegen --check', process.execPath, [
  join(app, 'node_modules', 'workspace-platform-codegen', 'dist', 'cli.js'),
  '--documents',
  'src/**/*.graphql',
  '--output',
  'src/platform.generated.ts',
  '--check',
]);
step('typecheck (ESM, nodenext)', bin('tsc'), ['-p', 'tsconfig.json']);

// The generated file and a call through the SDK, compiled as part of a CommonJS package.
const cjs = join(app, '.cjs-check');
rmSync(cjs, { recursive: true, force: true });
mkdirSync(cjs);
cpSync(join(app, 'src', 'platform.generated.ts'), join(cjs, 'platform.generated.ts'));
writeFileSync(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
writeFileSync(
  join(cjs, 'tsconfig.json'),
  JSON.stringify({
    extends: '../tsconfig.json',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', verbatimModuleSyntax: false },
    files: ['platform.generated.ts', 'use.ts'],
  }),
);
writeFileSync(
  join(cjs, 'use.ts'),
  [
    "import { PlatformClient } from 'workspace-platform-sdk';",
    "import { BoardSummaryDocument } from './platform.generated';",
    'export async function firstBoardName(client: PlatformClient): Promise<string | undefined> {',
    "  const result = await client.request(BoardSummaryDocument, { board: '3001' });",
    '  return result.data.boards?.[0]?.name;',
    '}',
    '',
  ].join('\n'),
);
try {
  step('typecheck (CommonJS, nodenext)', bin('tsc'), ['-p', join(cjs, 'tsconfig.json')]);
} finally {
  rmSync(cjs, { recursive: true, force: true });
}
step('run against the emulator', bin('tsx'), ['src/main.ts']);
step('its tests against a test emulator', bin('vitest'), ['run', '--root', '.']);
