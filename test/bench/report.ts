/** Turns the medians into the printed table and the target verdicts. */
import type { ClientSummary } from './results.js';

/** One target of the performance budget, judged for this package's client. */
export interface TargetCheck {
  metric: string;
  target: string;
  measured: string;
  met: boolean;
}

const KB = 1000;
const MB = 1_000_000;

/** Judges the SDK's figures against the targets, as ratios to (or differences from) raw fetch's where set so. */
export function checkTargets(sdk: ClientSummary, run: { memoryCalls: number; inFlight: number }): TargetCheck[] {
  const { ratios } = sdk;
  const memory = sdk.peakRssOverRawFetchBytes;
  const ratio = (metric: string, value: number, bound: number, atMost = true): TargetCheck => ({
    metric,
    target: `${atMost ? '<=' : '>='} ${bound.toFixed(2)}x raw fetch`,
    measured: `${value.toFixed(3)}x`,
    met: atMost ? value <= bound : value >= bound,
  });
  // The budget: p50, throughput and CPU at 64 in flight; at one call in flight, where each call runs the client's
  // code cold after the process slept on its socket, p50 and CPU within 1.10x.
  const many = `${run.inFlight} in flight`;
  return [
    ratio(`p50 latency, ${many}`, ratios.latencyP50Concurrent, 1.05),
    ratio(`throughput, ${many}`, ratios.callsPerSecond, 0.95, false),
    ratio(`CPU per call, ${many}`, ratios.cpuPerCall, 1.08),
    ratio('p50 latency, 1 in flight', ratios.latencyP50, 1.1),
    ratio('CPU per call, 1 in flight', ratios.cpuPerCallSequential, 1.1),
    {
      metric: 'browser bundle, one boards call',
      target: '<= 16 kB min+gzip',
      measured: `${(sdk.bundleGzipBytes / KB).toFixed(1)} kB`,
      met: sdk.bundleGzipBytes <= 16 * KB,
    },
    {
      metric: 'import + construct over bare node',
      target: '<= 60 ms',
      measured: `${sdk.importConstructMs.toFixed(0)} ms`,
      met: sdk.importConstructMs <= 60,
    },
    {
      metric: `peak RSS, ${run.memoryCalls.toLocaleString('en-US')} calls at ${run.inFlight} in flight`,
      target: '<= raw fetch + 10 MB',
      measured: `${signed(memory / MB)} MB`,
      met: memory <= 10 * MB,
    },
  ];
}

/** The comparison table: ratios to raw fetch with the absolute medians in brackets. */
export function formatTable(summaries: readonly ClientSummary[], inFlight: number): string {
  const header = [
    'client',
    'p50 latency (1 in flight)',
    'CPU per call (1 in flight)',
    `p50 latency (${inFlight} in flight)`,
    `throughput (${inFlight} in flight)`,
    `CPU per call (${inFlight} in flight)`,
    'peak RSS vs raw fetch',
    'bundle min+gzip (split, one file)',
    'import+construct',
  ];
  const rows = summaries.map((s) =>
    s.skipped
      ? [s.name, `skipped: ${s.skipped}`, '', '', '', '', '', '', '']
      : [
          s.name,
          `${s.ratios.latencyP50.toFixed(2)} (${(s.latencyP50Ms * 1000).toFixed(0)} µs)`,
          `${s.ratios.cpuPerCallSequential.toFixed(2)} (${s.cpuMicrosPerCallSequential.toFixed(0)} µs)`,
          `${s.ratios.latencyP50Concurrent.toFixed(2)} (${(s.latencyP50MsConcurrent * 1000).toFixed(0)} µs)`,
          `${s.ratios.callsPerSecond.toFixed(2)} (${s.callsPerSecond.toFixed(0)}/s)`,
          `${s.ratios.cpuPerCall.toFixed(2)} (${s.cpuMicrosPerCall.toFixed(0)} µs)`,
          `${signed(s.peakRssOverRawFetchBytes / MB)} MB (${(s.peakRssBytes / MB).toFixed(1)} MB)`,
          `${(s.bundleGzipBytes / KB).toFixed(1)} kB (${(s.bundleSplitGzipBytes / KB).toFixed(1)}, ${(s.bundleOneFileGzipBytes / KB).toFixed(1)})`,
          `${s.importConstructMs.toFixed(0)} ms`,
        ],
  );
  return renderColumns([header, ...rows]);
}

/** The verdict lines, one per target. */
export function formatTargets(checks: readonly TargetCheck[]): string {
  return checks
    .map((check) => `${check.met ? 'MET   ' : 'MISSED'}  ${check.metric}: ${check.measured} (target ${check.target})`)
    .join('\n');
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
}

function renderColumns(rows: readonly string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const [header, ...body] = rows;
  return [line(header ?? []), rule, ...body.map(line)].join('\n');
}

/**
 * A warning when the machine was too busy for the ratios to be trusted: raw fetch's own
 * throughput moved by more than 15% between rounds, or other processes kept the CPUs busy.
 */
export function formatNoiseWarning(rawCallsPerSecond: readonly number[], loadAverage: number, cpus: number): string {
  const spread = (Math.max(...rawCallsPerSecond) - Math.min(...rawCallsPerSecond)) / Math.min(...rawCallsPerSecond);
  if (!(spread > 0.15) && loadAverage <= cpus) return '';
  return (
    `warning: noisy machine (raw fetch throughput varied ${(spread * 100).toFixed(0)}% between rounds; ` +
    `1-minute load average ${loadAverage.toFixed(1)} on ${cpus} CPUs). Throughput ratios are the first to suffer; ` +
    'per-round ranges are in the JSON. Rerun on an idle machine before judging a target.\n'
  );
}
