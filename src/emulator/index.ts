/**
 * `workspace-platform-sdk/emulator`: a local emulator of the Workspace Platform API over a real socket,
 * the default target of the demo, codegen and end-to-end tests. Node only.
 *
 * ```ts
 * const emulator = await startEmulator({ port: 0 });
 * // POST `${emulator.baseUrl}/v2` with `Authorization: DEMO_TOKEN`
 * await emulator.close();
 * ```
 */
import { createEngine, type Engine, type SeedData } from './engine/index.js';
import { storeDirectory } from './oauth/index.js';
import { type RunningEmulator, startEmulatorServer } from './server/emulator.js';
import type { EmulatorServerOptions } from './server/options.js';

export type { EngineRequest, GraphQLEngine, PreparedOperation, TokenGrant } from './contract.js';
export { createEngine, DEFAULT_SEED_FACTS, defaultSeed, type Engine, type SeedData } from './engine/index.js';
export type { OAuthAppConfig, OAuthAppVersion, OAuthDirectory, OAuthRateLimit } from './oauth/index.js';
export {
  DEMO_OTHER_ACCOUNT_TOKEN,
  DEMO_READ_ONLY_TOKEN,
  DEMO_TOKEN,
  DEMO_TOKENS,
} from './server/demo-tokens.js';
export type { RunningEmulator, StoreOf } from './server/emulator.js';
export type { FaultAction, FaultMatch, FaultRule } from './server/faults.js';
export type { EmulatorStats, RequestOutcome, RequestRecord } from './server/log.js';
export type {
  EmulatorIdempotencyOptions,
  EmulatorLimits,
  EmulatorServerOptions,
  EmulatorTokenConfig,
  ResolvedLimits,
  WindowedQuota,
} from './server/options.js';

/** Options of {@link startEmulator}: the server's options plus the data to start with. */
export interface EmulatorOptions extends EmulatorServerOptions {
  /** Data the store starts with. Default: the realistic sample of `defaultSeed()`. */
  seed?: SeedData;
  /** A ready engine to serve instead of a fresh one (its store is then `emulator.store`). */
  engine?: Engine;
}

/** A running emulator serving the built-in engine. */
export type Emulator = RunningEmulator<Engine>;

/**
 * Starts an emulator. Resolves once it listens; `close()` stops it.
 * With no options: an ephemeral port on 127.0.0.1, the demo tokens, the default seed and generous limits.
 */
export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const { seed, engine, ...serverOptions } = options;
  const clock = options.now;
  const built =
    engine ??
    createEngine({
      ...(seed ? { seed } : {}),
      ...(clock ? { now: () => new Date(clock()) } : {}),
    });
  const oauthDirectory = serverOptions.oauthDirectory ?? (() => storeDirectory(built.store));
  return startEmulatorServer(built, { ...serverOptions, oauthDirectory });
}
