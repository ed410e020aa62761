/** How much work each measure does: the full run, or a quick smoke run with `--quick`. */

/** Sizes of every phase of the bench. */
export interface BenchConfig {
  /** Rounds of the in-process measures; medians are taken over rounds. */
  rounds: number;
  /** Slices per round; every slice runs every client once, so noise is spread across them. */
  slices: number;
  /** Sequential calls per client before the rounds. */
  warmupCalls: number;
  /** Sequential calls per client per round, for p50 latency. */
  latencyCalls: number;
  /** Calls per client per round at {@link BenchConfig.inFlight}, for throughput and CPU. */
  throughputCalls: number;
  /** Calls in flight in the throughput and memory runs. */
  inFlight: number;
  /** Calls per memory child process. */
  memoryCalls: number;
  /** Child processes per client for peak memory. */
  memoryRounds: number;
  /** Fresh `node` processes per client (and bare) for import + construct. */
  importSpawns: number;
}

/** The full run: the figures the targets are judged on. */
export const FULL_CONFIG: BenchConfig = {
  rounds: 21,
  slices: 8,
  warmupCalls: 500,
  latencyCalls: 1000,
  throughputCalls: 3000,
  inFlight: 64,
  memoryCalls: 10_000,
  memoryRounds: 3,
  importSpawns: 15,
};

/** A smoke run that exercises every phase in well under a minute; its figures are noisy. */
export const QUICK_CONFIG: BenchConfig = {
  rounds: 2,
  slices: 2,
  warmupCalls: 100,
  latencyCalls: 200,
  throughputCalls: 1000,
  inFlight: 64,
  memoryCalls: 2000,
  memoryRounds: 1,
  importSpawns: 3,
};

/** Picks the configuration from command-line arguments; rejects unknown flags. */
export function configFromArgs(args: readonly string[]): { quick: boolean; config: BenchConfig } {
  const unknown = args.filter((arg) => arg !== '--quick');
  if (unknown.length > 0) throw new Error(`unknown bench argument(s): ${unknown.join(' ')} (known: --quick)`);
  const quick = args.includes('--quick');
  return { quick, config: quick ? QUICK_CONFIG : FULL_CONFIG };
}
