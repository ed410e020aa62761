/**
 * Starting an emulator around an engine: the built-in one (fresh, seeded) unless a test hands in its
 * own. The public `startEmulator` is this without the engine option.
 */
import { createEngine, defaultSeed, type Engine } from './engine/index.js';
import { storeDirectory } from './oauth/index.js';
import type { EmulatorOptions } from './options.js';
import { type RunningEmulator, startEmulatorServer } from './server/emulator.js';
import { checkEmulatorOptions, checkFaultRules, checkRegisteredToken } from './settings/emulator-settings.js';
import { EmulatorSettingsError } from './settings-error.js';
import { readerTokens, readStateFile, seedOfState } from './state/load.js';
import { ReplaceableEngine } from './state/replaceable-engine.js';
import { saveState } from './state/save.js';
import type { SnapshotReader } from './state/state-file.js';
import { WebhookDelivery } from './webhooks/delivery.js';
import { resolveWebhookOptions } from './webhooks/options.js';

export type { EmulatorOptions } from './options.js';

/** A started emulator with its webhook delivery (`webhooks`, idle unless started with the `webhooks` option). */
export type StartedEmulator = RunningEmulator<Engine> & { readonly webhooks: WebhookDelivery };

/**
 * Starts an emulator serving `engine`, or a fresh built-in engine seeded from `options.seed`. The options are
 * checked here, once, before anything starts. Everything timed reads one clock: `options.now` when given (the
 * built-in engine is made on it), else the engine's; the server's windows, the version calendar, cursor expiry,
 * record stamps and webhook retries alike (pinned by test/testing/webhook-clock.test.ts and
 * test/testing/test-emulator.test.ts).
 * With `snapshot` or `exportOnExit`, the built-in engine journals its mutations (./state/) so its state can be loaded
 * and saved; `reader` is the user a given engine's state was read as (the demo tokens act as that user).
 * @throws {@link EmulatorSettingsError} for an unknown, misspelled, mistyped or impossible option.
 * @throws {@link EmulatorStateFileError} for a `snapshot` file that is missing or not a state file this emulator reads.
 */
export async function startEmulatorWith(
  options: EmulatorOptions = {},
  engine?: Engine,
  reader?: SnapshotReader,
): Promise<StartedEmulator> {
  checkEmulatorOptions(options);
  checkStateOptions(options);
  const { seed, cursorTtlMs, webhooks, bulk, snapshot, sampleData, exportOnExit, ...serverOptions } = options;
  const clock = options.now;
  let built = engine;
  let stateReader = reader;
  if (!built && (snapshot !== undefined || exportOnExit !== undefined)) {
    const state = snapshot === undefined ? undefined : await readStateFile(snapshot);
    const journaled = new ReplaceableEngine(
      state ? seedOfState(state, snapshot as string, sampleData === true) : (seed ?? defaultSeed()),
      clock ?? Date.now,
      cursorTtlMs,
      bulk,
    );
    if (state?.kind === 'state') await journaled.load(state.journal);
    stateReader = state?.reader;
    built = journaled;
  }
  built ??= createEngine({
    ...(seed ? { seed } : {}),
    ...(clock ? { clock: { now: clock } } : {}),
    ...(cursorTtlMs !== undefined ? { cursorTtlMs } : {}),
    ...(bulk ? { bulk } : {}),
  });
  if (stateReader && serverOptions.tokens === undefined) serverOptions.tokens = readerTokens(stateReader);
  const engineClock = built.clock;
  const now = clock ?? (engineClock ? () => engineClock.now() : Date.now);
  const delivery = new WebhookDelivery(resolveWebhookOptions(webhooks ?? {}), now, serverOptions.log);
  const { accounts, users } = built.store;
  const directory = { accounts: () => accounts.all(), users: () => users.all() };
  const oauthDirectory = serverOptions.oauthDirectory ?? (() => storeDirectory(directory));
  const running = await startEmulatorServer(built, { ...serverOptions, now, oauthDirectory });
  if (webhooks) delivery.attach(built.store);
  const { close, setFaults, registerToken } = running;
  const journaled = built instanceof ReplaceableEngine ? built : undefined;
  return Object.assign(running, {
    webhooks: delivery,
    // Checked here, at the edge, like the options: the server below takes them as given.
    setFaults: (rules: Parameters<typeof setFaults>[0]) => {
      checkFaultRules(rules);
      setFaults(rules);
    },
    registerToken: (token: string, grant: Parameters<typeof registerToken>[1]) => {
      checkRegisteredToken(token, grant);
      registerToken(token, grant);
    },
    close: async () => {
      delivery.close();
      // The state is written before the server closes, so a failure to write it leaves the emulator up to retry.
      if (exportOnExit !== undefined && journaled) await saveState(journaled, exportOnExit, now(), stateReader);
      return close();
    },
  });
}

/**
 * The state options' combinations.
 * @throws {@link EmulatorSettingsError} for `snapshot` with `seed`, or `sampleData` without `snapshot`.
 */
function checkStateOptions(options: EmulatorOptions): void {
  if (options.snapshot !== undefined && options.seed !== undefined)
    throw new EmulatorSettingsError(
      'snapshot',
      'Emulator option snapshot and seed cannot both be given: the file holds the data to start from (add sampleData: true to serve the sample data beside it).',
    );
  if (options.sampleData !== undefined && options.snapshot === undefined)
    throw new EmulatorSettingsError(
      'sampleData',
      'Emulator option sampleData is for a snapshot: without snapshot the sample data is served already.',
    );
}
