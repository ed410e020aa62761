/**
 * Build of `workspace-platform-codegen`: the library entry and the bin in one ESM build (shared code emitted once).
 * ESM only, like the emulator (see its README for the measurements). graphql, the emulator's schemas, the SDK and the
 * graphql-codegen plugins (optional peers, loaded at run time) stay external.
 */
import { defineConfig } from 'tsup';

/** The codegen package's build. */
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  external: [/^@graphql-codegen\//],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
});
