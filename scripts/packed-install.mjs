/**
 * `npm run check:install` (part of `npm test`, after the build): the three packages as an app installs them.
 *   1. Packs the SDK, the emulator and codegen (`npm pack`), as they would be published.
 *   2. A production app that installs the SDK's tarball alone: its node_modules holds no emulator or codegen code,
 *      the SDK package unpacks to at most 700 kB, the SDK brings no runtime dependency beyond those it declares, no
 *      `graphql` (`npm ls graphql` finds none: the client never imports it), and the whole node_modules is at most
 *      1 MB.
 *   3. An app that installs all three: a call through the SDK against the emulator, the testing kit, the published
 *      schemas, the codegen bin, and the old subpaths that forward to the new packages.
 *   4. The same app's tests under Jest in its default CommonJS mode: `test/jest/kit.test.cjs` (the testing kit's
 *      clock, `reset()`, `store` and webhooks), run by the repository's Jest with no configuration.
 *   5. The docs as an installed package shows them: each package.json names its `repository`, `homepage` and `bugs`,
 *      and every link of each README is absolute or an anchor of that README (`scripts/readme-links.mjs`).
 * Prints each figure; exits 1 on the first failed check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brokenLinks, REPOSITORY } from './readme-links.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The SDK's own files, unpacked: 678 kB once graphql left; 744 kB with the typed boards entry (limit about 7% above). */
const SDK_UNPACKED_LIMIT = 800_000;
/** All of an SDK-only production install's node_modules (it was 4.0 MB when `graphql` came in as a peer). */
const PRODUCTION_MODULES_LIMIT = 1_000_000;
const work = mkdtempSync(join(tmpdir(), 'packed-install-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function fail(message) {
  console.error(`check:install: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

/** Total bytes of the files under `dir`. */
function bytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const stat = lstatSync(join(dir, String(name)));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}

/** A new app in `work`, with `tarballs` installed as a user would (`npm install <tarball>...`). */
function appWith(name, tarballs, extra = []) {
  const dir = join(work, name);
  execFileSync('mkdir', ['-p', dir]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...extra], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

function run(dir, script) {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) fail(`in ${dir.slice(work.length + 1)}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

try {
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--workspaces', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const tarball = Object.fromEntries(packed.map((p) => [p.name, join(work, p.filename)]));
  for (const p of packed)
    console.log(
      `check:install: ${p.name} tarball ${(p.size / 1000).toFixed(1)} kB, unpacked ${(p.unpackedSize / 1000).toFixed(1)} kB, ${p.entryCount} files`,
    );

  // A production install: the SDK alone.
  const production = appWith('production', [tarball['workspace-platform-sdk']], ['--omit=dev']);
  const modules = join(production, 'node_modules');
  const installed = readdirSync(modules).filter((name) => !name.startsWith('.'));
  for (const name of ['workspace-platform-emulator', 'workspace-platform-codegen'])
    if (installed.includes(name)) fail(`a production install of the SDK holds ${name}`);
  const sdkBytes = bytes(join(modules, 'workspace-platform-sdk'));
  if (sdkBytes > SDK_UNPACKED_LIMIT) fail(`the SDK unpacks to ${sdkBytes} bytes, over ${SDK_UNPACKED_LIMIT}`);
  const emulatorCode = readdirSync(modules, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js') || file.endsWith('.cjs'))
    .filter((file) => readFileSync(join(modules, file), 'utf8').includes('is not modelled by the emulator'));
  if (emulatorCode.length > 0) fail(`emulator code in a production install: ${emulatorCode.join(', ')}`);
  // What the SDK declares, and what those declare as peers (npm installs peers).
  const manifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const declared = Object.keys(manifest(root).dependencies ?? {});
  for (const name of [...declared]) declared.push(...Object.keys(manifest(join(modules, name)).peerDependencies ?? {}));
  const others = installed.flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(modules, name)).map((sub) => `${name}/${sub}`) : [name],
  );
  const extra = others.filter((name) => name !== 'workspace-platform-sdk' && !declared.includes(name));
  if (extra.length > 0) fail(`a production install of the SDK pulls in ${extra.join(', ')}`);
  // No graphql at any depth, by npm's own account (`npm ls` exits 1 and prints an empty tree when none is there).
  const graphqlTree = spawnSync(npm, ['ls', 'graphql', '--all', '--parseable'], { cwd: production, encoding: 'utf8' });
  if (graphqlTree.stdout.trim() !== '')
    fail(`a production install of the SDK holds graphql: ${graphqlTree.stdout.trim()}`);
  const modulesBytes = bytes(modules);
  if (modulesBytes > PRODUCTION_MODULES_LIMIT)
    fail(`a production install of the SDK is ${modulesBytes} bytes of node_modules, over ${PRODUCTION_MODULES_LIMIT}`);
  console.log(
    `check:install: production install: ${others.join(', ')}; no graphql; node_modules ${(modulesBytes / 1000).toFixed(1)} kB (limit ${PRODUCTION_MODULES_LIMIT / 1000} kB); the SDK unpacks to ${(sdkBytes / 1000).toFixed(1)} kB (limit ${SDK_UNPACKED_LIMIT / 1000} kB); no emulator or codegen code`,
  );

  // A development install: all three, and a call through each entry point the docs show.
  const dev = appWith('development', Object.values(tarball), [
    '@graphql-codegen/typescript-operations@^6.1.9',
    '@graphql-codegen/typed-document-node@^7.1.1',
  ]);
  const answer = run(
    dev,
    `import { PlatformClient } from 'workspace-platform-sdk';
     import { DEMO_TOKEN, startEmulator } from 'workspace-platform-emulator';
     import { createTestEmulator } from 'workspace-platform-emulator/testing';
     import { PUBLISHED_VERSIONS, publishedSdl } from 'workspace-platform-emulator/schemas';
     import { startEmulator as forwarded } from 'workspace-platform-sdk/emulator';
     const emulator = await startEmulator();
     const client = new PlatformClient({ token: DEMO_TOKEN, baseUrl: emulator.baseUrl });
     const boards = (await client.boards({ limit: 1 })).data.boards.length;
     await emulator.close();
     const kit = await createTestEmulator();
     const me = (await new PlatformClient({ token: kit.token, baseUrl: kit.baseUrl }).request('{ me { id } }')).data.me.id;
     await kit.close();
     console.log(JSON.stringify({ boards, me, versions: PUBLISHED_VERSIONS.length, sdl: publishedSdl('2026-10').length > 0, forwarded: forwarded === startEmulator }));`,
  );
  const facts = JSON.parse(answer);
  if (!(facts.boards === 1 && facts.me && facts.sdl && facts.forwarded)) fail(`development install: ${answer}`);
  writeFileSync(join(dev, 'me.graphql'), 'query Me { me { id name } }\n');
  const generated = spawnSync(
    join(dev, 'node_modules', '.bin', 'workspace-platform-codegen'),
    ['--documents', 'me.graphql', '--output', 'generated.ts'],
    { cwd: dev, encoding: 'utf8' },
  );
  if (generated.status !== 0) fail(`the codegen bin: ${generated.stderr.trim()}`);
  if (!readFileSync(join(dev, 'generated.ts'), 'utf8').includes('export const MeDocument'))
    fail('the codegen bin wrote no MeDocument');
  console.log(
    `check:install: development install: a boards call on the emulator, the testing kit, ${facts.versions} published schemas, the codegen bin and the forwarded subpath all work`,
  );

  // A Jest suite on the kit, as an app's own test file, in Jest's default (CommonJS) mode.
  copyFileSync(join(root, 'test', 'jest', 'kit.test.cjs'), join(dev, 'kit.test.cjs'));
  const jest = spawnSync(process.execPath, [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci'], {
    cwd: dev,
    encoding: 'utf8',
  });
  if (jest.status !== 0) fail(`Jest on the testing kit:\n${jest.stderr.trim()}`);
  console.log(
    `check:install: Jest (default CommonJS mode) runs a suite on the testing kit: ${jest.stderr.match(/Tests:.*/)?.[0]}`,
  );

  // The docs from node_modules (what the registry's page shows too): links that resolve, and where the project lives.
  for (const name of Object.keys(tarball)) {
    const installedPackage = join(dev, 'node_modules', name);
    const fields = manifest(installedPackage);
    const missing = ['repository', 'homepage', 'bugs'].filter(
      (field) => !JSON.stringify(fields[field] ?? '').includes(REPOSITORY),
    );
    if (missing.length > 0) fail(`${name}'s package.json has no ${missing.join(', ')} naming ${REPOSITORY}`);
    const problems = brokenLinks(readFileSync(join(installedPackage, 'README.md'), 'utf8'), root);
    if (problems.length > 0) fail(`${name}'s README, as installed:\n  ${problems.join('\n  ')}`);
  }
  console.log('check:install: every link of the three installed READMEs is absolute or an anchor, and resolves');
} catch (error) {
  if (!process.exitCode) {
    console.error(`check:install: ${error.message}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
