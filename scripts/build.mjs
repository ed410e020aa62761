/**
 * `npm run build`: the SDK's entries, then the emulator and codegen side by side, then the SDK's forwarders of the
 * moved subpaths. Each package's declarations are built against the built declarations of the SDK (as an app's
 * would be; codegen reads the emulator's small `schemas` module from source), which keeps every declaration build
 * small: all three built from sources at once took about 35 s here, in this order about 25 s.
 * Prints each build's output only when it fails, and the wall time.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsup = join(root, 'node_modules', '.bin', 'tsup');

function run(label, args, cwd = root) {
  return new Promise((resolve, reject) => {
    const child = spawn(tsup, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`build: ${label} failed (exit ${code}):\n${output}`));
    });
  });
}

/**
 * The SDK's declarations are written once, in the CommonJS form (`.d.cts`): each entry's `.d.ts` (what ESM imports
 * read) becomes `export * from './index.cjs'`, which TypeScript resolves to the same `.d.cts`, and declaration chunks
 * that only `.d.ts` files imported are removed. ESM code may import CommonJS types (the reverse is an error), so both kinds
 * of app get the same types, and the package does not ship every declaration twice (about 120 kB).
 * `test/api/exports.test.ts` and attw (`npm run check:package`) check both resolutions.
 */
function oneDeclarationText(dist) {
  // The entries' declarations are the `types` of package.json's exports; any other `.d.ts` is a chunk.
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = new Set(
    Object.values(exports)
      .map((target) => target?.import?.types)
      .filter(Boolean)
      .map((types) => relative(dist, join(root, types))),
  );
  const files = readdirSync(dist, { recursive: true }).map(String);
  for (const file of files.filter((name) => name.endsWith('.d.ts'))) {
    const path = join(dist, file);
    if (entries.has(file)) {
      if (files.includes(relative(dist, path.replace(/\.d\.ts$/, '.d.cts'))))
        writeFileSync(path, `export * from './${basename(file, '.d.ts')}.cjs';\n`);
    } else {
      // A chunk of the ESM declarations: no entry imports it once the entries point at the CommonJS ones (its
      // CommonJS twin may carry another hash, so it is removed by what it is, not by its twin's name).
      rmSync(path);
    }
  }
}

const started = performance.now();
try {
  await run('workspace-platform-sdk', []);
  await Promise.all([
    run('workspace-platform-emulator', [], join(root, 'packages', 'emulator')),
    run('workspace-platform-codegen', [], join(root, 'packages', 'codegen')),
  ]);
  await run('workspace-platform-sdk moved subpaths', ['--config', 'tsup.moved.config.ts']);
  oneDeclarationText(join(root, 'dist'));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`build: 3 packages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
