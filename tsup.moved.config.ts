/**
 * Build of the subpaths and bins that moved to workspace-platform-emulator and workspace-platform-codegen
 * (src/moved/): thin forwarders through the 0.x line, for Node, in both formats (the ESM one loads the new package
 * with require() too, so neither needs a top-level await). It runs after those packages are built: their
 * declarations come from their dist/ (tsconfig.moved.json maps nothing to sources), and nothing of theirs is bundled.
 */
import { defineConfig } from 'tsup';

/** The forwarders of `/emulator` (and its bin), `/testing` and `/codegen` (and its bin), in one build. */
export default defineConfig({
  name: 'moved',
  entry: {
    'emulator/index': 'src/moved/emulator.ts',
    'emulator/cli': 'src/moved/emulator-cli.ts',
    'testing/index': 'src/moved/testing.ts',
    'codegen/index': 'src/moved/codegen.ts',
    'codegen/cli': 'src/moved/codegen-cli.ts',
  },
  outDir: 'dist',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'node20',
  shims: true,
  splitting: false,
  tsconfig: 'tsconfig.moved.json',
  dts: {
    entry: {
      'emulator/index': 'src/moved/emulator.ts',
      'testing/index': 'src/moved/testing.ts',
      'codegen/index': 'src/moved/codegen.ts',
    },
  },
});
