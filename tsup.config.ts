/**
 * Build: the client entry (platform-neutral, ESM + CJS + .d.ts), the Redis store and the Node-only emulator.
 *
 * The client talks to the API over `fetch` directly and bundles its one runtime dependency that is
 * ESM only (uuid), so the CJS build works on every Node it supports. The emulator keeps `graphql`
 * as an external dependency.
 */
import { defineConfig, type Options } from 'tsup';

const client: Options = {
  name: 'client',
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  // Removes everything in dist but the emulator's folder, which the emulator builds clean themselves.
  clean: ['!emulator/**', '!redis/**'],
  noExternal: ['uuid'],
};

// The Redis store: platform-neutral like the client (it talks to Redis only through the client it is given),
// with the store's interface bundled in; redis and ioredis are never imported.
const redis: Options = {
  name: 'redis',
  entry: { index: 'src/redis/index.ts' },
  outDir: 'dist/redis',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  clean: true,
};

// One config for both emulator entries, so its clean can never race the bin's build. The bin keeps
// its shebang; package.json points at the ESM file.
const emulator: Options = {
  name: 'emulator',
  entry: { index: 'src/emulator/index.ts', cli: 'src/emulator/cli.ts' },
  outDir: 'dist/emulator',
  format: ['esm', 'cjs'],
  platform: 'node',
  target: 'es2022',
  dts: true,
  clean: true,
};

/** The client build, the Redis store's and the emulator's. */
export default defineConfig([client, redis, emulator]);
