/**
 * The test emulator's engine: the built-in engine, replaceable in place so `reset()` and `restore()` swap in a
 * fresh store without a new server (same port, same tokens), and a journal of what the mutations did, in the order
 * they did it, so a snapshot can be rebuilt exactly. Rule map:
 * - reset: a new engine from the seed the emulator started with ({@link ReplaceableEngine.reset});
 * - the journal: a mutation changes the store at its start and, if it waits on a webhook's URL challenge (the only
 *   thing a mutation waits on), again when the answer comes; other requests may run in between. Each of those
 *   moments is journaled when it happens, with the clock reading and the challenge's outcome
 *   ({@link ReplaceableEngine.prepare}, `#journalChallenges`);
 * - bulk jobs: what a job does outside a mutation (an upload, rows applied as time passes, an expiry) is journaled
 *   as a bulk event in the order it happened among the mutations' moments, and replayed in place, so a restored
 *   emulator has its jobs (and the items they made) as they were; the upload and report URLs handed out before stay
 *   valid, as every engine of the kit signs them with one key. Work falling due is done before a mutation starts, so
 *   the journal's order is the order the store changed in;
 * - snapshot: the journal so far; restore: a new engine from the seed, each moment replayed in journal order at its
 *   time, a challenge answered with its journaled outcome and nothing posted. So a `create_webhook` whose challenge
 *   failed fails again, and an item made while a challenge was pending keeps its id ({@link ReplaceableEngine.restore});
 *   a mutation still waiting on its challenge when the snapshot was taken is rebuilt up to that wait.
 * - saved state: the seed and the journal in a plain form ({@link ReplaceableEngine.savedJournal}), which
 *   {@link ReplaceableEngine.load} replays as `restore` does, so a state written to a file by one process is rebuilt
 *   by another (./state-file.ts holds the file's format).
 * Pinned by packages/emulator/test/testing/restore-exact.test.ts, packages/emulator/test/testing/test-emulator.test.ts
 * and packages/emulator/test/state/state-file.test.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type {
  BulkTransfers,
  EmulatorClock,
  EngineRequest,
  EngineResponseBody,
  GraphQLEngine,
  PreparedOperation,
} from '../contract.js';
import { type BulkEvent, type BulkOptions, createEngine, type Engine, type SeedData } from '../engine/index.js';
import type { EmulatorStore } from '../engine/store/store.js';

/** One executed mutation, as it was asked for. */
interface Operation {
  request: EngineRequest;
  complexity: Parameters<Extract<PreparedOperation, { ok: true }>['execute']>[0];
  /** The journal it belongs to (the one current when it started). */
  journal: JournalEvent[];
}

/**
 * A moment the store changed: a mutation's start, its going on after a URL challenge was answered, or a bulk job's
 * own work.
 */
type JournalEvent =
  | { kind: 'start'; operation: Operation; at: number }
  | { kind: 'challenge'; operation: Operation; at: number; outcome: { refusal: string | null } | { failed: string } }
  | { kind: 'bulk'; event: BulkEvent; at: number };

/** A point to go back to (opaque): how many mutations had run, and when it was taken. */
export interface EmulatorSnapshot {
  /** Mutations executed since the seed, up to this snapshot (a bulk job's own work is not one). */
  readonly mutations: number;
  /** The emulator clock's time when it was taken, in milliseconds. */
  readonly takenAt: number;
}

const journals = new WeakMap<EmulatorSnapshot, readonly JournalEvent[]>();

/** A journaled mutation in a plain form: the request as it was asked for, and the complexity it was charged. */
export interface SavedOperation {
  request: EngineRequest;
  complexity: Operation['complexity'];
}

/** A journal moment in a plain form; a mutation's moments name it by its index in {@link SavedJournal.operations}. */
export type SavedJournalEvent =
  | { kind: 'start'; operation: number; at: number }
  | { kind: 'challenge'; operation: number; at: number; outcome: { refusal: string | null } | { failed: string } }
  | { kind: 'bulk'; event: BulkEvent; at: number };

/** The journal of an engine in a plain form, for a state file. */
export interface SavedJournal {
  operations: SavedOperation[];
  events: SavedJournalEvent[];
}

/** An engine whose store can be replaced by the seed's, or rebuilt to a snapshot. */
export class ReplaceableEngine implements GraphQLEngine {
  readonly #seed: SeedData;
  readonly #now: () => number;
  readonly #cursorTtlMs: number | undefined;
  /** The mutation whose execution the current code runs for. */
  readonly #running = new AsyncLocalStorage<Operation>();
  readonly #bulk: BulkOptions | undefined;
  readonly #signingKey = randomBytes(32);
  #current: Engine;
  #journal: JournalEvent[] = [];
  #pinned: number | undefined;

  constructor(seed: SeedData, now: () => number, cursorTtlMs?: number, bulk?: BulkOptions) {
    this.#seed = seed;
    this.#now = now;
    this.#cursorTtlMs = cursorTtlMs;
    this.#bulk = bulk;
    this.#current = this.#fresh();
    this.#journalChallenges(this.#current.store);
    this.#journalBulk(this.#current);
  }

  /** The current engine's bulk addresses (each call goes to the engine current at that time). */
  readonly transfers: BulkTransfers = {
    upload: (request) => this.#current.transfers?.upload(request) ?? Promise.reject(new Error('no bulk jobs')),
    report: (request) => this.#current.transfers?.report(request) ?? Promise.reject(new Error('no bulk jobs')),
  };

  /** The emulator's one clock: the test's (the server dates its version calendar by it too). */
  get clock(): EmulatorClock {
    return { now: this.#now };
  }

  /** The data this engine starts from (and goes back to on `reset()`). */
  get seed(): SeedData {
    return this.#seed;
  }

  get store(): EmulatorStore {
    return this.#current.store;
  }
  get versions(): readonly string[] {
    return this.#current.versions;
  }
  get defaultVersion(): string {
    return this.#current.defaultVersion;
  }
  sdl(version: string): string {
    return this.#current.sdl(version);
  }
  introspection(version: string): Record<string, unknown> {
    return this.#current.introspection(version);
  }

  prepare(request: EngineRequest): PreparedOperation {
    const prepared = this.#current.prepare(request);
    if (!prepared.ok || prepared.kind !== 'mutation') return prepared;
    const journal = this.#journal;
    const store = this.#current.store;
    return {
      ...prepared,
      execute: async (complexity) => {
        await store.bulkJobs.catchUp();
        const operation: Operation = { request, complexity, journal };
        journal.push({ kind: 'start', operation, at: this.#now() });
        return this.#running.run(operation, () => prepared.execute(complexity));
      },
    };
  }

  /** Back to the seed: a new store, an empty journal. */
  reset(): void {
    this.#current.store.bulkJobs.onEvent(undefined);
    this.#current = this.#fresh();
    this.#journalChallenges(this.#current.store);
    this.#journal = [];
    this.#journalBulk(this.#current);
  }

  /** The journal so far. */
  snapshot(): EmulatorSnapshot {
    const journal = [...this.#journal];
    const mutations = journal.filter((event) => event.kind === 'start').length;
    const snapshot = Object.freeze({ mutations, takenAt: this.#now() });
    journals.set(snapshot, journal);
    return snapshot;
  }

  /** A new store from the seed with the snapshot's journal replayed, moment by moment, in order, at their times. */
  async restore(snapshot: EmulatorSnapshot): Promise<void> {
    const journal = journals.get(snapshot);
    if (!journal) throw new TypeError('restore() takes a snapshot made by this kind of emulator with snapshot().');
    await this.#rebuild(journal);
  }

  /** The journal so far in a plain form (requests without the files' streams, operations by index). */
  savedJournal(): SavedJournal {
    const operations: SavedOperation[] = [];
    const index = new Map<Operation, number>();
    const indexOf = (operation: Operation) => {
      let at = index.get(operation);
      if (at === undefined) {
        at = operations.push({ request: operation.request, complexity: operation.complexity }) - 1;
        index.set(operation, at);
      }
      return at;
    };
    const events = this.#journal.map((event): SavedJournalEvent => {
      if (event.kind === 'bulk') return event;
      if (event.kind === 'start') return { kind: 'start', operation: indexOf(event.operation), at: event.at };
      return { kind: 'challenge', operation: indexOf(event.operation), at: event.at, outcome: event.outcome };
    });
    return { operations, events };
  }

  /**
   * Rebuilds the store from the seed with a saved journal replayed, as {@link ReplaceableEngine.restore} does. The
   * upload URLs of its import jobs were signed by the emulator that saved the journal: they are refused with a
   * message saying so (the signing key is not saved).
   * @throws {@link RangeError} (as a rejection) for a journal whose moments name an operation it does not hold.
   */
  async load(saved: SavedJournal): Promise<void> {
    const journal: JournalEvent[] = [];
    const operations = saved.operations.map(
      (operation): Operation => ({ request: operation.request, complexity: operation.complexity, journal }),
    );
    const operationAt = (at: number) => {
      const operation = operations[at];
      if (!operation) throw new RangeError(`the saved journal names operation ${at}, which it does not hold`);
      return operation;
    };
    for (const event of saved.events) {
      if (event.kind === 'bulk') journal.push(event);
      else if (event.kind === 'start')
        journal.push({ kind: 'start', operation: operationAt(event.operation), at: event.at });
      else
        journal.push({
          kind: 'challenge',
          operation: operationAt(event.operation),
          at: event.at,
          outcome: event.outcome,
        });
    }
    await this.#rebuild(journal);
    this.#current.store.bulkJobs.markLoadedFromState();
  }

  /** Replaces the current engine by a new one from the seed with `journal` replayed. */
  async #rebuild(journal: readonly JournalEvent[]): Promise<void> {
    const engine = this.#fresh();
    const jobs = engine.store.bulkJobs;
    jobs.replaying = true;
    try {
      await replay(engine, journal, (at) => {
        this.#pinned = at;
      });
    } finally {
      this.#pinned = undefined;
      jobs.replaying = false;
    }
    this.#current.store.bulkJobs.onEvent(undefined);
    this.#journalChallenges(engine.store);
    this.#current = engine;
    this.#journal = [...journal];
    this.#journalBulk(engine);
  }

  /** Journals every bulk event of `engine` in the current journal, at the time it happens. */
  #journalBulk(engine: Engine): void {
    engine.store.bulkJobs.onEvent((event) => this.#journal.push({ kind: 'bulk', event, at: this.#now() }));
  }

  /** Journals each URL challenge's outcome, and the moment it came, for the mutation that asked. */
  #journalChallenges(store: EmulatorStore): void {
    store.webhooks.challengeHook = async (_url, check) => {
      const operation = this.#running.getStore();
      let refusal: string | null;
      try {
        refusal = await check();
      } catch (error) {
        const failed = error instanceof Error ? error.message : String(error);
        operation?.journal.push({ kind: 'challenge', operation, at: this.#now(), outcome: { failed } });
        throw error;
      }
      operation?.journal.push({ kind: 'challenge', operation, at: this.#now(), outcome: { refusal } });
      return refusal;
    };
  }

  #fresh(): Engine {
    return createEngine({
      seed: this.#seed,
      // While a snapshot is replayed, each moment runs at the time it first ran; otherwise the test's clock.
      clock: { now: () => this.#pinned ?? this.#now() },
      ...(this.#cursorTtlMs === undefined ? {} : { cursorTtlMs: this.#cursorTtlMs }),
      ...(this.#bulk === undefined ? {} : { bulk: this.#bulk }),
      signingKey: this.#signingKey,
    });
  }
}

/** A replayed mutation waiting on its challenge: how to give it the journaled outcome. */
interface Waiting {
  answer(outcome: { refusal: string | null } | { failed: string }): void;
}

/**
 * Replays `journal` on `engine`, one moment at a time: a start runs its mutation until it ends or waits on a
 * challenge; a challenge moment answers that wait with the journaled outcome and runs the mutation on to its end or
 * its next wait; a bulk moment replays the job's work in place. `pin` sets the clock for each moment.
 */
async function replay(engine: Engine, journal: readonly JournalEvent[], pin: (at: number) => void): Promise<void> {
  const waiting = new Map<Operation, Waiting>();
  const running = new Map<Operation, Promise<EngineResponseBody>>();
  let driven: Operation | undefined;
  let paused: (() => void) | undefined;
  engine.store.webhooks.challengeHook = () =>
    new Promise<string | null>((resolve, reject) => {
      // Only the driven mutation runs during a replay, so the wait is its own.
      if (driven) {
        waiting.set(driven, {
          answer: (outcome) => ('failed' in outcome ? reject(new Error(outcome.failed)) : resolve(outcome.refusal)),
        });
      }
      paused?.();
    });
  /** Runs `step` for `operation` (its start, or its answer) and waits until it waits on a challenge or ends. */
  const drive = (operation: Operation, step: () => void) =>
    new Promise<void>((resolve) => {
      driven = operation;
      paused = resolve;
      step();
      running.get(operation)?.then(
        () => resolve(),
        () => resolve(),
      );
    });
  for (const event of journal) {
    pin(event.at);
    if (event.kind === 'bulk') {
      engine.store.bulkJobs.replay(event.event);
      continue;
    }
    const { operation } = event;
    if (event.kind === 'start') {
      const prepared = engine.prepare(operation.request);
      if (!prepared.ok) continue;
      await drive(operation, () => running.set(operation, prepared.execute(operation.complexity)));
    } else {
      const wait = waiting.get(operation);
      if (!wait) continue;
      waiting.delete(operation);
      await drive(operation, () => wait.answer(event.outcome));
    }
  }
  driven = undefined;
  paused = undefined;
}
