/**
 * Build of `workspace-platform-emulator`: every entry in one build with code splitting, so the engine is emitted once
 * per format and shared by the emulator, the testing kit and the bin; `schemas` loads none of it. Two formats: ESM,
 * and CommonJS (`.cjs`, with `.d.cts` types) for test runners that load an app's tests through a CommonJS module
 * loader of their own, which `require(esm)` does not reach: Jest in its default mode refuses the ES module ("Must use
 * import to load ES Module"). `scripts/packed-install.mjs` runs a Jest suite on the kit from the packed tarball.
 * The SDK (`workspace-platform-sdk`, a dependency), graphql, structured-headers and @fastify/busboy stay external.
 */
import { defineConfig } from 'tsup';

/** The emulator package's build. */
export default defineConfig({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', schemas: 'src/schemas.ts', cli: 'src/cli.ts' },
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  shims: true,
  dts: { entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', schemas: 'src/schemas.ts' } },
  clean: true,
});
