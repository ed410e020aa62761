/** What the bench records per client, and the medians it judges. */
import type { BundleSize } from './measure/bundle.js';
import { median } from './stats.js';

/** Raw per-round figures of one client. */
export interface ClientSamples {
  id: string;
  name: string;
  /** Why the client was not measured, when it was not. */
  skipped?: string;
  latencyP50Ms: number[];
  /** p50 of the calls' durations in the many-in-flight runs. */
  latencyP50MsConcurrent: number[];
  cpuMicrosPerCallSequential: number[];
  callsPerSecond: number[];
  cpuMicrosPerCall: number[];
  /** Share of one core the server process used during each throughput run (near 1 = server-bound). */
  serverCpuShare: number[];
  baselineRss: number[];
  peakRss: number[];
  importWallMs: number[];
  bundle?: BundleSize;
}

/**
 * Ratios to raw fetch, each the median over rounds of this round's figure over raw fetch's in the
 * same round (paired, so drift in background load cancels out).
 */
export interface RatiosToRawFetch {
  /** At one call in flight. */
  latencyP50: number;
  /** At many in flight. */
  latencyP50Concurrent: number;
  callsPerSecond: number;
  /** At many in flight. */
  cpuPerCall: number;
  /** At one call in flight. */
  cpuPerCallSequential: number;
  /** Lowest and highest per-round ratio of each figure: how much to trust the medians. */
  ranges: Record<Exclude<keyof RatiosToRawFetch, 'ranges'>, [number, number]>;
}

/** Medians of one client's samples. `importConstructMs` is over bare node. */
export interface ClientSummary {
  id: string;
  name: string;
  skipped?: string;
  latencyP50Ms: number;
  latencyP50MsConcurrent: number;
  callsPerSecond: number;
  cpuMicrosPerCall: number;
  cpuMicrosPerCallSequential: number;
  serverCpuShare: number;
  peakRssBytes: number;
  peakRssOverBaselineBytes: number;
  /** Median over memory rounds of this client's peak RSS minus raw fetch's in the same round. */
  peakRssOverRawFetchBytes: number;
  ratios: RatiosToRawFetch;
  importConstructMs: number;
  bundleGzipBytes: number;
  bundleMinifiedBytes: number;
  /** The same app built split into chunks: what loads up front (see `measure/bundle.ts`). */
  bundleSplitGzipBytes: number;
  /** The same app built as one file, on-demand modules inlined. */
  bundleOneFileGzipBytes: number;
}

/** Empty samples for a client. */
export function emptySamples(id: string, name: string, skipped?: string): ClientSamples {
  return {
    id,
    name,
    ...(skipped === undefined ? {} : { skipped }),
    latencyP50Ms: [],
    latencyP50MsConcurrent: [],
    cpuMicrosPerCallSequential: [],
    callsPerSecond: [],
    cpuMicrosPerCall: [],
    serverCpuShare: [],
    baselineRss: [],
    peakRss: [],
    importWallMs: [],
  };
}

/** `values[i] / baseline[i]` for every round both have. */
function perRoundRatios(values: readonly number[], baseline: readonly number[]): number[] {
  return values.flatMap((value, index) => (index < baseline.length ? [value / (baseline[index] as number)] : []));
}

/** Lowest and highest of `values`. */
function range(values: readonly number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

/** Median of `values[i] - baseline[i]` over the rounds both have. */
function pairedDifference(values: readonly number[], baseline: readonly number[]): number {
  return median(
    values.flatMap((value, index) => (index < baseline.length ? [value - (baseline[index] as number)] : [])),
  );
}

/** Medians of `samples`, ratios to `raw`'s, and import time over the median wall time of a bare `node`. */
export function summarize(samples: ClientSamples, raw: ClientSamples, bareNodeMs: number): ClientSummary {
  const overBaseline = samples.peakRss.map((peak, index) => peak - (samples.baselineRss[index] ?? peak));
  const latency = perRoundRatios(samples.latencyP50Ms, raw.latencyP50Ms);
  const latencyConcurrent = perRoundRatios(samples.latencyP50MsConcurrent, raw.latencyP50MsConcurrent);
  const throughput = perRoundRatios(samples.callsPerSecond, raw.callsPerSecond);
  const cpu = perRoundRatios(samples.cpuMicrosPerCall, raw.cpuMicrosPerCall);
  const cpuSequential = perRoundRatios(samples.cpuMicrosPerCallSequential, raw.cpuMicrosPerCallSequential);
  return {
    id: samples.id,
    name: samples.name,
    ...(samples.skipped === undefined ? {} : { skipped: samples.skipped }),
    latencyP50Ms: median(samples.latencyP50Ms),
    latencyP50MsConcurrent: median(samples.latencyP50MsConcurrent),
    callsPerSecond: median(samples.callsPerSecond),
    cpuMicrosPerCall: median(samples.cpuMicrosPerCall),
    cpuMicrosPerCallSequential: median(samples.cpuMicrosPerCallSequential),
    serverCpuShare: median(samples.serverCpuShare),
    peakRssBytes: median(samples.peakRss),
    peakRssOverBaselineBytes: median(overBaseline),
    peakRssOverRawFetchBytes: pairedDifference(samples.peakRss, raw.peakRss),
    ratios: {
      latencyP50: median(latency),
      latencyP50Concurrent: median(latencyConcurrent),
      callsPerSecond: median(throughput),
      cpuPerCall: median(cpu),
      cpuPerCallSequential: median(cpuSequential),
      ranges: {
        latencyP50: range(latency),
        latencyP50Concurrent: range(latencyConcurrent),
        callsPerSecond: range(throughput),
        cpuPerCall: range(cpu),
        cpuPerCallSequential: range(cpuSequential),
      },
    },
    importConstructMs: median(samples.importWallMs) - bareNodeMs,
    bundleGzipBytes: samples.bundle?.gzipBytes ?? Number.NaN,
    bundleMinifiedBytes: samples.bundle?.minifiedBytes ?? Number.NaN,
    bundleSplitGzipBytes: samples.bundle?.splitGzipBytes ?? Number.NaN,
    bundleOneFileGzipBytes: samples.bundle?.oneFileGzipBytes ?? Number.NaN,
  };
}
