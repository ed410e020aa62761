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

/** Medians of one client's samples. `importConstructMs` is over bare node. */
export interface ClientSummary {
  id: string;
  name: string;
  skipped?: string;
  latencyP50Ms: number;
  callsPerSecond: number;
  cpuMicrosPerCall: number;
  cpuMicrosPerCallSequential: number;
  serverCpuShare: number;
  peakRssBytes: number;
  peakRssOverBaselineBytes: number;
  importConstructMs: number;
  bundleGzipBytes: number;
  bundleMinifiedBytes: number;
}

/** Empty samples for a client. */
export function emptySamples(id: string, name: string, skipped?: string): ClientSamples {
  return {
    id,
    name,
    ...(skipped === undefined ? {} : { skipped }),
    latencyP50Ms: [],
    cpuMicrosPerCallSequential: [],
    callsPerSecond: [],
    cpuMicrosPerCall: [],
    serverCpuShare: [],
    baselineRss: [],
    peakRss: [],
    importWallMs: [],
  };
}

/** Medians of `samples`; import time is given over the median wall time of a bare `node`. */
export function summarize(samples: ClientSamples, bareNodeMs: number): ClientSummary {
  const overBaseline = samples.peakRss.map((peak, index) => peak - (samples.baselineRss[index] ?? peak));
  return {
    id: samples.id,
    name: samples.name,
    ...(samples.skipped === undefined ? {} : { skipped: samples.skipped }),
    latencyP50Ms: median(samples.latencyP50Ms),
    callsPerSecond: median(samples.callsPerSecond),
    cpuMicrosPerCall: median(samples.cpuMicrosPerCall),
    cpuMicrosPerCallSequential: median(samples.cpuMicrosPerCallSequential),
    serverCpuShare: median(samples.serverCpuShare),
    peakRssBytes: median(samples.peakRss),
    peakRssOverBaselineBytes: median(overBaseline),
    importConstructMs: median(samples.importWallMs) - bareNodeMs,
    bundleGzipBytes: samples.bundle?.gzipBytes ?? Number.NaN,
    bundleMinifiedBytes: samples.bundle?.minifiedBytes ?? Number.NaN,
  };
}
