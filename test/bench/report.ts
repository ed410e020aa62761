/** Turns the medians into the printed table and the target verdicts. */
import type { ClientSummary } from './results.js';

/** One target of issue 6, judged for this package's client. */
export interface TargetCheck {
  metric: string;
  target: string;
  measured: string;
  met: boolean;
}

const KB = 1000;
const MB = 1_000_000;

/** Judges the SDK's medians against the targets, relative to raw fetch's where the target is a ratio. */
export function checkTargets(sdk: ClientSummary, raw: ClientSummary): TargetCheck[] {
  const latency = sdk.latencyP50Ms / raw.latencyP50Ms;
  const throughput = sdk.callsPerSecond / raw.callsPerSecond;
  const cpu = sdk.cpuMicrosPerCall / raw.cpuMicrosPerCall;
  const memory = sdk.peakRssBytes - raw.peakRssBytes;
  return [
    { metric: 'p50 latency, 1 in flight', target: '<= 1.05x raw fetch', measured: `${latency.toFixed(3)}x`, met: latency <= 1.05 },
    { metric: 'throughput, 64 in flight', target: '>= 0.95x raw fetch', measured: `${throughput.toFixed(3)}x`, met: throughput >= 0.95 },
    { metric: 'CPU per call', target: '<= 1.08x raw fetch', measured: `${cpu.toFixed(3)}x`, met: cpu <= 1.08 },
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
      metric: 'peak RSS, 10,000 calls at 64 in flight',
      target: '<= raw fetch + 10 MB',
      measured: `${signed(memory / MB)} MB`,
      met: memory <= 10 * MB,
    },
  ];
}

/** The comparison table: ratios to raw fetch with the absolute medians in brackets. */
export function formatTable(summaries: readonly ClientSummary[], raw: ClientSummary): string {
  const header = [
    'client',
    'p50 latency (1 in flight)',
    'throughput (64 in flight)',
    'CPU per call',
    'peak RSS vs raw fetch',
    'bundle min+gzip',
    'import+construct',
  ];
  const rows = summaries.map((s) =>
    s.skipped
      ? [s.name, `skipped: ${s.skipped}`, '', '', '', '', '']
      : [
          s.name,
          `${ratio(s.latencyP50Ms, raw.latencyP50Ms)} (${(s.latencyP50Ms * 1000).toFixed(0)} µs)`,
          `${ratio(s.callsPerSecond, raw.callsPerSecond)} (${s.callsPerSecond.toFixed(0)}/s)`,
          `${ratio(s.cpuMicrosPerCall, raw.cpuMicrosPerCall)} (${s.cpuMicrosPerCall.toFixed(0)} µs)`,
          `${signed((s.peakRssBytes - raw.peakRssBytes) / MB)} MB (${(s.peakRssBytes / MB).toFixed(1)} MB)`,
          `${(s.bundleGzipBytes / KB).toFixed(1)} kB`,
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

function ratio(value: number, baseline: number): string {
  return (value / baseline).toFixed(2);
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
