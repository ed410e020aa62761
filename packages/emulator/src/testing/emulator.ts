/**
 * `createTestEmulator`: an emulator for an app's test suite, started once per file or suite on an ephemeral
 * loopback port (parallel test files never share a port or state), with a clock the test moves, `reset()` back to
 * the seed, `snapshot()`/`restore()`, and OAuth consent decided in code.
 */
import { DEMO_TOKEN, type Emulator, type EmulatorOptions } from '../index.js';
import { startEmulatorWith } from '../start.js';
import { readStateFile, seedOfState } from '../state/load.js';
import { type EmulatorSnapshot, ReplaceableEngine } from '../state/replaceable-engine.js';
import { saveState } from '../state/save.js';
import { createTestClock, type TestClock } from './clock.js';
import { decideConsent, type OAuthApproveOptions } from './oauth.js';
import { checkTestEmulatorOptions } from './options.js';
import { createSeed, type TestSeed } from './seed.js';

/** Options of {@link createTestEmulator}: the emulator's, with a seed builder allowed and a start time for the clock. */
export interface TestEmulatorOptions extends Omit<EmulatorOptions, 'seed' | 'now' | 'port'> {
  /** The data to start from (and to go back to on `reset()`): a {@link TestSeed} or seed data. Default: the sample data. */
  seed?: TestSeed | EmulatorOptions['seed'];
  /**
   * Where the clock starts. Default: the saved clock of a `snapshot` file holding a saved state, else the real time
   * when the emulator starts.
   */
  startTime?: Date | number;
}

/** Options of {@link TestEmulator.reset}. */
export interface TestEmulatorResetOptions {
  /** Leave the clock where the tests moved it instead of taking it back to its start. Default false. */
  keepClock?: boolean;
}

/** A running test emulator. */
export interface TestEmulator extends Emulator {
  /**
   * A token of the seed's `acme` account with every scope (`DEMO_TOKEN`), or the first of the `tokens` option.
   * Read by name only: `util.inspect` and `JSON.stringify` of the emulator never show it.
   */
  readonly token: string;
  /**
   * The emulator's clock: it stands still until moved, and `reset()` takes it back to its start. Hand `clock.now` to
   * the SDK's webhook handler (`now` option) so it checks the tokens the emulator signs by the same clock.
   */
  readonly clock: TestClock;
  /**
   * Back to where it started: the seed's data and ids, request log and totals, rate-limit windows and the daily
   * quota, the idempotency cache, fault counters and the webhook delivery log, and the clock back at its start
   * (`startTime`, or the time the emulator started), so a test that moved the clock leaves nothing to the next; open
   * OAuth consent pages and authorization codes are forgotten, so none can be used after. Tokens (OAuth-issued ones
   * too) and faults stay. `{ keepClock: true }` leaves the clock where it is.
   */
  reset(options?: TestEmulatorResetOptions): void;
  /**
   * Writes the emulator's whole state to `file` (the seed it started from and what its mutations and bulk jobs did
   * since), to start another emulator from with the `snapshot` option or `--snapshot`. Like `snapshot()`, it holds the
   * data, ids, webhooks and jobs, not the request log or windows. No token is written.
   * @throws `Error` (as a rejection) the file system's error when the file cannot be written; an existing file is
   * left as it was.
   */
  saveState(file: string): Promise<void>;
  /** A point to go back to with {@link TestEmulator.restore}. */
  snapshot(): EmulatorSnapshot;
  /**
   * Back to `snapshot`: the data as it was (rebuilt from the seed by running again what the mutations made before it
   * did, in the order they did it, at their times, each webhook URL challenge answered as it was then, nothing
   * posted), so ids and records come back the same; with the request log, windows and caches emptied as by
   * `reset()`. The clock stays where it is (`clock.set(snapshot.takenAt)` takes it back).
   * @throws TypeError (as a rejection) for something that is not a snapshot of a test emulator.
   */
  restore(snapshot: EmulatorSnapshot): Promise<void>;
  /** OAuth consent decided in code, as the user's click would (register apps with the `apps` option). */
  readonly oauth: {
    /**
     * Approves the consent of `authorizeUrl` (from `OAuthClient.authorizeUrl`); resolves to the redirect URL with the
     * code, for `OAuthClient.parseCallback`.
     * @throws {@link workspace-platform-sdk!OAuthConfigError | OAuthConfigError} (as a rejection) when `authorizeUrl`
     *   is not a URL of this
     *   emulator (make the client
     * with `authUrl: emulator.authUrl`); nothing is requested.
     * @throws {@link workspace-platform-sdk!OAuthError | OAuthError} (as a rejection) when the emulator refuses the
     *   authorize
     *   request or the decision outright:
     * its `code`, `description` and `status` say why; `network_error` when the emulator does not answer (closed).
     */
    approve(authorizeUrl: string | URL, options?: OAuthApproveOptions): Promise<URL>;
    /**
     * Denies it; resolves to the redirect URL with `error=access_denied`.
     * @throws {@link workspace-platform-sdk!OAuthConfigError | OAuthConfigError} (as a rejection) when `authorizeUrl`
     *   is not a URL of this
     *   emulator.
     * @throws {@link workspace-platform-sdk!OAuthError | OAuthError} (as a rejection) when the emulator refuses the
     *   authorize
     *   request or the decision outright.
     */
    deny(authorizeUrl: string | URL): Promise<URL>;
  };
}

/**
 * Holds the emulator's token where code reads it by name (`emulator.token`) but nothing prints it: a private field
 * behind a getter on the prototype, which `JSON.stringify`, spread and `Object.keys` never reach, and an inspect hook
 * (Node's, found by its registered name) that prints `[hidden]` in its place even with `showHidden` and `getters`.
 * Pinned by test/testing/test-emulator.test.ts.
 */
class TestEmulatorToken {
  readonly #token: string;
  constructor(token: string) {
    this.#token = token;
  }
  get token(): string {
    return this.#token;
  }
  [Symbol.for('nodejs.util.inspect.custom')](
    depth: number | null,
    options: object,
    inspect: (value: unknown, options: object) => string,
  ): string {
    if (depth !== null && depth < 0) return '[TestEmulator]';
    const shown: Record<string, unknown> = {};
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(this)))
      if (descriptor.enumerable) shown[name] = 'value' in descriptor ? descriptor.value : Reflect.get(this, name);
    return inspect({ ...shown, token: '[hidden]' }, { ...options, depth });
  }
}

/**
 * Starts a test emulator on an ephemeral loopback port.
 * @throws {@link EmulatorSettingsError} (as a rejection) for an unknown, misspelled, mistyped or impossible option,
 *   naming
 * the key and what to give instead; nothing is started.
 */
export async function createTestEmulator(options?: TestEmulatorOptions): Promise<TestEmulator> {
  const { seedData, startTime, rest } = checkTestEmulatorOptions(options);
  const { snapshot: stateFile, sampleData, ...emulatorOptions } = rest;
  const state = stateFile === undefined ? undefined : await readStateFile(stateFile);
  const savedClock = state?.kind === 'state' ? state.clock : undefined;
  const clock = createTestClock(startTime ?? savedClock);
  const startedAt = clock.now();
  const seed = state ? seedOfState(state, stateFile as string, sampleData === true) : (seedData ?? createSeed().data());
  const engine = new ReplaceableEngine(seed, clock.now, rest.cursorTtlMs, rest.bulk);
  if (state?.kind === 'state') await engine.load(state.journal);
  const running = await startEmulatorWith({ ...emulatorOptions, port: 0, now: clock.now }, engine, state?.reader);
  const delivering = rest.webhooks !== undefined;
  // Moving the clock delivers the webhook retries falling due on the way and then does the bulk jobs' work due by
  // the new time, so `emulator.store` shows what the jobs did as soon as `advance` resolves.
  clock.listen({
    nextDueAt: () => running.webhooks.nextDueAt(),
    deliverDue: async () => {
      await running.webhooks.deliverDue();
      await engine.store.bulkJobs.catchUp();
    },
  });
  const afterSwap = () => {
    running.reset();
    running.webhooks.reset();
    if (delivering) running.webhooks.attach(engine.store);
  };
  const emulator: Omit<TestEmulator, 'token'> = {
    baseUrl: running.baseUrl,
    authUrl: running.authUrl,
    port: running.port,
    versions: running.versions,
    defaultVersion: running.defaultVersion,
    limits: running.limits,
    clock,
    get store() {
      return engine.store;
    },
    get requests() {
      return running.requests;
    },
    get mutations() {
      return running.mutations;
    },
    get stats() {
      return running.stats;
    },
    webhooks: running.webhooks,
    setFaults: (rules) => running.setFaults(rules),
    registerToken: (token, grant) => running.registerToken(token, grant),
    revokeToken: (token) => running.revokeToken(token),
    reset(resetOptions) {
      if (resetOptions?.keepClock !== true) clock.set(startedAt);
      engine.reset();
      afterSwap();
    },
    saveState: (file) => saveState(engine, file, clock.now(), state?.reader),
    snapshot: () => engine.snapshot(),
    async restore(snapshot) {
      await engine.restore(snapshot);
      afterSwap();
    },
    oauth: {
      approve: (authorizeUrl, approveOptions) =>
        decideConsent(running.authUrl, authorizeUrl, 'approve', approveOptions),
      deny: (authorizeUrl) => decideConsent(running.authUrl, authorizeUrl, 'deny'),
    },
    close: () => running.close(),
  };
  const holder = new TestEmulatorToken(emulatorOptions.tokens?.[0]?.token ?? DEMO_TOKEN);
  return Object.defineProperties(holder, Object.getOwnPropertyDescriptors(emulator)) as TestEmulatorToken &
    TestEmulator;
}
