/**
 * The test emulator's engine: the built-in engine, replaceable in place so `reset()` and `restore()` swap in a
 * fresh store without a new server (same port, same tokens), and a journal of the mutations it executed so a
 * snapshot can be rebuilt. Rule map:
 * - reset: a new engine from the seed the emulator started with ({@link ReplaceableEngine.reset});
 * - snapshot: the journal so far; restore: a new engine from the seed with the journal replayed, each mutation at
 *   the clock reading it first ran at ({@link ReplaceableEngine.restore}); pinned by test/testing/test-emulator.test.ts.
 * - bulk jobs: what a job does outside a mutation (an upload, rows applied as time passes, an expiry) is journaled
 *   as a bulk event in the order it happened among the mutations, and replayed in place, so a restored emulator has
 *   its jobs (and the items they made) as they were; the upload and report URLs handed out before stay valid, as
 *   every engine of the kit signs them with one key. Work falling due is done before a mutation is journaled, so the
 *   journal's order is the order the store changed in. Pinned by test/bulk-jobs-testing.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { BulkTransfers, EmulatorClock, EngineRequest, GraphQLEngine, PreparedOperation } from '../contract.js';
import { type BulkEvent, type BulkOptions, createEngine, type Engine, type SeedData } from '../engine/index.js';
import type { EmulatorStore } from '../engine/store/store.js';

/** One executed mutation as it was asked for, or one bulk event, with the time it happened. */
type JournalEntry =
  | {
      kind: 'mutation';
      request: EngineRequest;
      at: number;
      complexity: Parameters<Extract<PreparedOperation, { ok: true }>['execute']>[0];
    }
  | { kind: 'bulk'; event: BulkEvent; at: number };

/** A point to go back to (opaque): how many mutations had run, and when it was taken. */
export interface EmulatorSnapshot {
  /** Mutations executed (and bulk job events) since the seed, up to this snapshot. */
  readonly mutations: number;
  /** The emulator clock's time when it was taken, in milliseconds. */
  readonly takenAt: number;
}

const journals = new WeakMap<EmulatorSnapshot, readonly JournalEntry[]>();

/** An engine whose store can be replaced by the seed's, or rebuilt to a snapshot. */
export class ReplaceableEngine implements GraphQLEngine {
  readonly #seed: SeedData;
  readonly #now: () => number;
  readonly #cursorTtlMs: number | undefined;
  readonly #bulk: BulkOptions | undefined;
  readonly #signingKey = randomBytes(32);
  #current: Engine;
  #journal: JournalEntry[] = [];
  #pinned: number | undefined;

  constructor(seed: SeedData, now: () => number, cursorTtlMs?: number, bulk?: BulkOptions) {
    this.#seed = seed;
    this.#now = now;
    this.#cursorTtlMs = cursorTtlMs;
    this.#bulk = bulk;
    this.#current = this.#fresh();
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
        journal.push({ kind: 'mutation', request, at: this.#now(), complexity });
        return prepared.execute(complexity);
      },
    };
  }

  /** Back to the seed: a new store, an empty journal. */
  reset(): void {
    this.#current.store.bulkJobs.onEvent(undefined);
    this.#current = this.#fresh();
    this.#journal = [];
    this.#journalBulk(this.#current);
  }

  /** The journal so far. */
  snapshot(): EmulatorSnapshot {
    const journal = [...this.#journal];
    const snapshot = Object.freeze({ mutations: journal.length, takenAt: this.#now() });
    journals.set(snapshot, journal);
    return snapshot;
  }

  /** A new store from the seed with the snapshot's mutations replayed, in order, at their times. */
  async restore(snapshot: EmulatorSnapshot): Promise<void> {
    const journal = journals.get(snapshot);
    if (!journal) throw new TypeError('restore() takes a snapshot made by this kind of emulator with snapshot().');
    const engine = this.#fresh();
    const jobs = engine.store.bulkJobs;
    jobs.replaying = true;
    try {
      for (const entry of journal) {
        this.#pinned = entry.at;
        if (entry.kind === 'bulk') {
          jobs.replay(entry.event);
          continue;
        }
        const prepared = engine.prepare(entry.request);
        if (prepared.ok) await prepared.execute(entry.complexity);
      }
    } finally {
      this.#pinned = undefined;
      jobs.replaying = false;
    }
    this.#current.store.bulkJobs.onEvent(undefined);
    this.#current = engine;
    this.#journal = [...journal];
    this.#journalBulk(engine);
  }

  /** Journals every bulk event of `engine` in the current journal, at the time it happens. */
  #journalBulk(engine: Engine): void {
    engine.store.bulkJobs.onEvent((event) => this.#journal.push({ kind: 'bulk', event, at: this.#now() }));
  }

  #fresh(): Engine {
    return createEngine({
      seed: this.#seed,
      // While a snapshot is replayed, each mutation runs at the time it first ran; otherwise the test's clock.
      clock: { now: () => this.#pinned ?? this.#now() },
      ...(this.#cursorTtlMs === undefined ? {} : { cursorTtlMs: this.#cursorTtlMs }),
      ...(this.#bulk === undefined ? {} : { bulk: this.#bulk }),
      signingKey: this.#signingKey,
    });
  }
}
