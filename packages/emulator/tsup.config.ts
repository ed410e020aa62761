/**
 * Build of `workspace-platform-emulator`: every entry in one ESM build with code splitting, so the engine is emitted
 * once and shared by the emulator, the testing kit and the bin; `schemas` loads none of it. ESM only: a CommonJS app
 * on Node >= 20.19 loads it with `require()` (require(esm)); the measurement behind that choice is in its README.
 * The SDK (`workspace-platform-sdk`, a peer dependency), graphql, structured-headers and @fastify/busboy stay external.
 */
import { defineConfig } from 'tsup';

/** The emulator package's build. */
export default defineConfig({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', schemas: 'src/schemas.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  dts: { entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', schemas: 'src/schemas.ts' } },
  clean: true,
});
