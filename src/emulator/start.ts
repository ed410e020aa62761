/**
 * Starting an emulator around an engine: the built-in one (fresh, seeded) unless a test hands in its
 * own. The public `startEmulator` is this without the engine option.
 */
import { createEngine, type Engine, type SeedData } from './engine/index.js';
import { storeDirectory } from './oauth/index.js';
import { type RunningEmulator, startEmulatorServer } from './server/emulator.js';
import type { EmulatorServerOptions } from './server/options.js';
import { checkEmulatorOptions } from './settings/emulator-settings.js';

/** Options of the public `startEmulator`: the server's options plus the data to start with. */
export interface EmulatorOptions extends EmulatorServerOptions {
  /** Data the store starts with. Default: the realistic sample of `defaultSeed()`. */
  seed?: SeedData;
  /**
   * How long an items cursor lives, in milliseconds; an older one gets a `CURSOR_EXPIRED` error. Default
   * 60 minutes, as on the platform.
   */
  cursorTtlMs?: number;
}

/**
 * Starts an emulator serving `engine`, or a fresh built-in engine seeded from `options.seed`. The options are
 * checked here, once, before anything starts.
 * @throws {EmulatorSettingsError} for an unknown, misspelled, mistyped or impossible option.
 */
export function startEmulatorWith(options: EmulatorOptions = {}, engine?: Engine): Promise<RunningEmulator<Engine>> {
  try {
    checkEmulatorOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const { seed, cursorTtlMs, ...serverOptions } = options;
  const clock = options.now;
  const built =
    engine ??
    createEngine({
      ...(seed ? { seed } : {}),
      ...(clock ? { clock: { now: clock } } : {}),
      ...(cursorTtlMs !== undefined ? { cursorTtlMs } : {}),
    });
  const { accounts, users } = built.store;
  const directory = { accounts: () => accounts.all(), users: () => users.all() };
  const oauthDirectory = serverOptions.oauthDirectory ?? (() => storeDirectory(directory));
  return startEmulatorServer(built, { ...serverOptions, oauthDirectory });
}
